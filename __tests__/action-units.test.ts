// The action's pure parts on plain data: event facts, who may approve, conclusions, the API's
// file list as changes. (The same paths run end to end in action.test.ts.)
import { describe, expect, it } from '@jest/globals';
import { eventFacts, isBranchName, mergeQueuePr } from '../src/adapters/github/event.js';
import { approvalCandidates, mayApprove, type Review } from '../src/adapters/github/approvals.js';
import { filesToChanges } from '../src/adapters/github/fallback.js';
import { DEFAULT_AGENT_AUTHORS } from '../src/decision/authorship.js';
import { readInputs } from '../src/gather/inputs.js';
import { stepFails } from '../src/action/outputs.js';
import { conclusionOf } from '../src/action/publish.js';
import { sameNameAsJob } from '../src/main.js';
import { statusCounts, testCounts } from '../src/report/groups.js';
import { GateError, type Status } from '../src/types.js';
import {
  fed,
  mergeGroupEvent,
  pullRequestEvent,
  pullRequestReviewEvent,
  pushEvent,
  recordPayloadCounts,
  workflowRunEvent,
} from './support/events.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
/** A pull_request payload of #5 as GitHub sends it, its pull request's fields overridden by `over`. */
const pr = (over: Record<string, unknown> = {}) => {
  const p = pullRequestEvent({ number: 5, head: A, base: B });
  return { ...p, pull_request: { ...p.pull_request, ...over } };
};
/**
 * eventFacts of a payload GitHub could send, held to its webhooks description first (as the
 * runner's would be). The fail-closed tables below feed malformed payloads on purpose: those
 * call eventFacts directly, unvalidated.
 */
const facts = (name: string, payload: unknown, baseRef?: string) =>
  eventFacts(name, fed(name === 'pull_request_target' ? 'pull_request' : name, payload), baseRef);
recordPayloadCounts();

describe('eventFacts', () => {
  it.each(['pull_request', 'pull_request_target', 'pull_request_review'])(
    '%s: base and head from the pull request, never the merge commit',
    (name) => {
      const payload =
        name === 'pull_request_review'
          ? pullRequestReviewEvent({ number: 5, head: A, base: B })
          : pr();
      expect(facts(name, payload)).toEqual({
        name,
        base: B,
        headSha: A,
        pr: { number: 5, author: 'dana', authorType: 'User', headSha: A },
        notes: [],
      });
    },
  );

  it('merge_group: head_sha, base_sha and the pull request named in the head ref', () => {
    const f = facts('merge_group', mergeGroupEvent({ head: A, base: B, pr: 42 }));
    expect(f).toMatchObject({ base: B, headSha: A, pr: { number: 42 } });
    expect(f.pr?.headSha).toBeUndefined();
  });

  it('merge_group without a pull request in its head ref says so', () => {
    const f = facts('merge_group', mergeGroupEvent({ head: A, base: B, headRef: 'x' }));
    expect(f.pr).toBeUndefined();
    expect(f.notes[0]).toContain('names no pull request');
  });

  it('push: before and after; a first push (zeros) has no base', () => {
    expect(facts('push', pushEvent({ before: B, after: A }))).toMatchObject({
      base: B,
      headSha: A,
    });
    const first = facts('push', pushEvent({ before: '0'.repeat(40), after: A }));
    expect(first.base).toBeUndefined();
    expect(first.notes[0]).toContain('first push');
    expect(() => facts('push', pushEvent({ before: B, after: '0'.repeat(40) }))).toThrow(
      'deletes the branch',
    );
  });

  it('accepts SHA-256 object names', () => {
    const long = 'c'.repeat(64);
    expect(facts('push', pushEvent({ before: long, after: long })).headSha).toBe(long);
  });

  it('base-ref overrides the base and says so', () => {
    const f = facts('pull_request', pr(), 'origin/release');
    expect(f.base).toBe('origin/release');
    expect(f.notes).toContain('base-ref input: comparing with origin/release');
  });

  it.each<[string, string, unknown, string]>([
    ['no pull_request', 'pull_request', { action: 'opened' }, 'no pull_request object'],
    [
      'a head sha that is not one',
      'pull_request',
      pr({ head: { sha: '--upload-pack=x' } }),
      'pull_request.head.sha is not a commit sha: "--upload-pack=x"',
    ],
    [
      'an abbreviated sha',
      'pull_request',
      pr({ base: { sha: 'abc123' } }),
      'pull_request.base.sha',
    ],
    [
      'an upper-case sha',
      'push',
      { before: B.toUpperCase(), after: A },
      'before is not a commit sha',
    ],
    ['no number', 'pull_request', pr({ number: '5' }), 'pull_request.number'],
    ['a list', 'push', [], 'no top-level object'],
    ['an unsupported event', 'issues', {}, 'unsupported event "issues"'],
  ])('fails closed on %s', (_what, name, payload, message) => {
    expect(() => eventFacts(name, payload)).toThrow(GateError);
    expect(() => eventFacts(name, payload)).toThrow(message);
  });

  it('reads the pull request number out of a merge queue ref', () => {
    expect(mergeQueuePr(`gh-readonly-queue/main/pr-7-${A}`)).toBe(7);
    expect(mergeQueuePr(`refs/heads/gh-readonly-queue/feature/x/pr-123-${A}`)).toBe(123);
    expect(mergeQueuePr('refs/heads/main')).toBeUndefined();
    expect(mergeQueuePr(`gh-readonly-queue/main/pr-x-${A}`)).toBeUndefined();
  });

  describe('workflow_run', () => {
    /** A fork's failed pull_request run as GitHub sends it, its run's fields overridden by `over`. */
    const run = (over: Record<string, unknown> = {}) => {
      const p = workflowRunEvent({
        id: 77,
        headSha: A,
        headBranch: 'patch-1',
        headRepo: 'outsider/widgets',
        conclusion: 'failure',
      });
      return { ...p, workflow_run: { ...p.workflow_run, ...over } };
    };

    it('a fork’s run: its head, no pull request named, the head label to look it up by', () => {
      const f = facts('workflow_run', run());
      expect(f).toMatchObject({
        headSha: A,
        workflowRun: { id: 77, event: 'pull_request', headLabel: 'outsider:patch-1', pulls: [] },
      });
      expect(f.base).toBeUndefined();
      expect(f.pr).toBeUndefined();
      expect(f.notes[0]).toBe(
        'workflow_run: judging the reports of run 77 (pull_request, failure)',
      );
    });

    it('an approval re-run (pull_request_review) and the pull requests a same-repository run names', () => {
      // A pull request numbered 'x' is not one GitHub sends: unvalidated, to see it ignored.
      const f = eventFacts(
        'workflow_run',
        run({ event: 'pull_request_review', pull_requests: [{ number: 3 }, { number: 'x' }] }),
      );
      expect(f.workflowRun).toMatchObject({ event: 'pull_request_review', pulls: [3] });
    });

    it.each([
      ['patch-1', true],
      ['feature/fix#12+ü', true],
      ['a\nb', false],
      ['::error::x', false],
      ['x..y', false],
      ['-x', false],
      ['x.lock', false],
      ['x/', false],
      ['a b', false],
      ['', false],
    ])('isBranchName(%j) is %j; only a real branch name becomes a head label', (name, ok) => {
      expect(isBranchName(name)).toBe(ok);
      expect(facts('workflow_run', run({ head_branch: name })).workflowRun?.headLabel).toBe(
        ok ? `outsider:${name}` : undefined,
      );
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a push run', { event: 'push' }, 'workflow_run of a "push" run'],
      ['a pull_request_target run', { event: 'pull_request_target' }, 'only runs of pull_request'],
      ['a bad head sha', { head_sha: 'main' }, 'workflow_run.head_sha is not a commit sha'],
      ['a bad run id', { id: '77' }, 'workflow_run.id is not a number'],
    ])('refuses %s', (_what, over, message) => {
      expect(() => eventFacts('workflow_run', run(over))).toThrow(message);
    });
  });
});

describe('approvalCandidates', () => {
  const q = { headSha: A, prAuthor: 'dana', agentAuthors: ['*[bot]'] };
  const r = (login: string, state: string, over: Partial<Review> = {}): Review => ({
    user: { login, type: 'User' },
    state,
    commit_id: A,
    author_association: 'MEMBER',
    ...over,
  });
  const first = (reviews: Review[]) => approvalCandidates(reviews, q).logins[0];

  it('an APPROVED review on the head is a candidate whatever its author association says', () => {
    // The association is not asked: the reviewer's permission decides (mayApprove).
    for (const assoc of ['OWNER', 'MEMBER', 'COLLABORATOR', 'CONTRIBUTOR', 'NONE', undefined]) {
      expect(first([r('lee', 'APPROVED', { author_association: assoc })])).toBe('lee');
    }
  });

  it.each<[string, Review, string]>([
    ['an older commit', r('lee', 'APPROVED', { commit_id: B }), 'approved an older commit'],
    ['the author (any case)', r('DANA', 'APPROVED'), 'is the author'],
    [
      'a Bot account',
      r('renovate', 'APPROVED', { user: { login: 'renovate', type: 'Bot' } }),
      'is an agent',
    ],
    ['an agent login', r('copilot-swe-agent[bot]', 'APPROVED'), 'is an agent'],
  ])('does not count %s', (_what, review, why) => {
    const a = approvalCandidates([review], q);
    expect(a.logins).toEqual([]);
    expect(a.passedOver.join('\n')).toContain(why);
  });

  it('takes the latest decisive review of each reviewer; comments do not replace it', () => {
    expect(first([r('lee', 'APPROVED'), r('lee', 'COMMENTED')])).toBe('lee');
    expect(first([r('lee', 'APPROVED'), r('lee', 'CHANGES_REQUESTED')])).toBeUndefined();
    expect(first([r('lee', 'APPROVED'), r('lee', 'DISMISSED')])).toBeUndefined();
    expect(first([r('lee', 'CHANGES_REQUESTED'), r('lee', 'APPROVED')])).toBe('lee');
    expect(first([r('lee', 'PENDING')])).toBeUndefined();
  });

  it('orders by submitted_at when every review has one', () => {
    const at = (t: string) => ({ submitted_at: `2026-01-0${t}T00:00:00Z` });
    const listed = [r('lee', 'CHANGES_REQUESTED', at('3')), r('lee', 'APPROVED', at('2'))];
    expect(first(listed)).toBeUndefined();
  });

  it('lists every eligible approver in the order they approved, beside the ineligible ones', () => {
    const a = approvalCandidates(
      [r('dana', 'APPROVED'), r('kim', 'APPROVED'), r('lee', 'APPROVED')],
      q,
    );
    expect(a.logins).toEqual(['kim', 'lee']);
    expect(a.passedOver).toEqual(['approval by dana not counted: is the author']);
  });
});

describe('mayApprove: the base role decides, as branch protection counts reviewers', () => {
  it.each<[string, string, boolean]>([
    ['admin', 'admin', true],
    ['write', 'maintain', true],
    ['write', 'write', true],
    ['write', 'release-manager', true], // a custom role built on write
    ['read', 'triage', false],
    ['read', 'read', false],
    ['none', 'none', false],
    ['', '', false],
  ])('permission %j (role %j): %j', (permission, role_name, may) => {
    expect(mayApprove({ permission, role_name })).toBe(may);
  });
});

describe('conclusions and the step result', () => {
  it.each<['admit' | 'review' | 'reject', 'review' | 'reject' | 'never', string, boolean]>([
    ['admit', 'review', 'success', false],
    ['review', 'review', 'action_required', true],
    ['reject', 'review', 'failure', true],
    ['admit', 'reject', 'success', false],
    ['review', 'reject', 'action_required', false],
    ['reject', 'reject', 'failure', true],
    ['admit', 'never', 'neutral', false],
    ['review', 'never', 'neutral', false],
    ['reject', 'never', 'neutral', false],
  ])('%s under fail-on %s: %s, step fails %s', (decision, failOn, conclusion, fails) => {
    expect(conclusionOf(decision, failOn)).toBe(conclusion);
    expect(stepFails(decision, failOn)).toBe(fails);
  });
});

describe('filesToChanges', () => {
  it('maps the API statuses and splits renames like git --no-renames', () => {
    expect(
      filesToChanges([
        { filename: 'a', status: 'added' },
        { filename: 'b', status: 'removed' },
        { filename: 'c', status: 'modified' },
        { filename: 'd', status: 'changed' },
        { filename: 'new', status: 'renamed', previous_filename: 'old' },
      ]),
    ).toEqual([
      { path: 'a', status: 'A' },
      { path: 'b', status: 'D' },
      { path: 'c', status: 'M' },
      { path: 'd', status: 'M' },
      { path: 'old', status: 'D' },
      { path: 'new', status: 'A' },
    ]);
  });
});

describe('readInputs', () => {
  /** The workflow commands @actions/core wrote to stdout (kept out of the test run's output). */
  let commands: string[] = [];
  const withInputs = <T>(inputs: Record<string, string>, f: () => T): T => {
    const keys = Object.keys(inputs).map((k) => `INPUT_${k.toUpperCase()}`);
    Object.entries(inputs).forEach(([k, v]) => (process.env[`INPUT_${k.toUpperCase()}`] = v));
    const write = process.stdout.write;
    commands = [];
    process.stdout.write = ((chunk: string | Uint8Array) => {
      commands.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      return f();
    } finally {
      process.stdout.write = write;
      keys.forEach((k) => delete process.env[k]);
    }
  };

  it('reads every input once into one typed object, with the defaults of action.yml', () => {
    const i = withInputs({ junit: 'a/*.xml\n\n# a comment\n  b.xml  ', token: 't' }, readInputs);
    expect(i).toEqual({
      // Empty: the checkout's test folder's ledger, resolved where the checkout is (main.ts).
      ledger: '',
      junit: ['a/*.xml', 'b.xml'],
      collected: undefined,
      production: [],
      goldens: [],
      // Empty: the gate takes the documented default lists (docs/evidence-paths.md).
      testPaths: [],
      harnessPaths: [],
      draftPaths: [],
      agentAuthors: [...DEFAULT_AGENT_AUTHORS],
      baseRef: undefined,
      token: 't',
      checkName: 'ledger-gate',
      failOn: 'review',
      maxAnnotations: 1000,
      quarantineMaxAgeDays: undefined,
      expect: 'all',
      artifact: undefined,
      jobSummary: true,
      jsonReport: 'auto',
      gaming: 'review',
      agentWritePaths: [],
      reportsExpected: undefined,
      // The stronger evidence is off by default (docs/stronger-evidence.md).
      baseJunit: [],
      requireFailToPass: false,
      baseArtifact: undefined,
      holdoutJunit: [],
      holdoutKey: undefined,
      holdoutArtifact: undefined,
      mutationReport: [],
      mutationScope: 'agent',
      requireKilledMutants: false,
      mutationArtifact: undefined,
      // The drafts' own run is not read unless given.
      draftJunit: [],
      draftArtifact: undefined,
    });
  });

  it('reads the mutation inputs, and refuses a scope other than agent or change', () => {
    const i = withInputs(
      {
        junit: 'x.xml',
        token: 't',
        'mutation-report': 'reports/mutation/*.json',
        'mutation-scope': 'change',
        'require-killed-mutants': 'true',
        'mutation-artifact': 'mutation-reports',
      },
      readInputs,
    );
    expect(i).toMatchObject({
      mutationReport: ['reports/mutation/*.json'],
      mutationScope: 'change',
      requireKilledMutants: true,
      mutationArtifact: 'mutation-reports',
    });
    const odd = {
      junit: 'x.xml',
      token: 't',
      'mutation-report': 'm.json',
      'mutation-scope': 'all',
    };
    expect(() => withInputs(odd, readInputs)).toThrow(
      'input mutation-scope must be agent or change, not "all"',
    );
    const alone = { junit: 'x.xml', token: 't', 'require-killed-mutants': 'true' };
    expect(() => withInputs(alone, readInputs)).toThrow('mutation-report is empty');
  });

  it('reads the stronger-evidence inputs, and refuses a hold-out set without a key of 16 characters', () => {
    const i = withInputs(
      {
        junit: 'x.xml',
        token: 't',
        'base-junit': 'base/*.xml',
        'require-fail-to-pass': 'true',
        'base-artifact': 'base-reports',
        'holdout-junit': 'holdout/*.xml',
        'holdout-key': 'sixteen-chars-ok',
        'holdout-artifact': 'holdout-reports',
      },
      readInputs,
    );
    expect(i).toMatchObject({
      baseJunit: ['base/*.xml'],
      requireFailToPass: true,
      baseArtifact: 'base-reports',
      holdoutJunit: ['holdout/*.xml'],
      holdoutKey: 'sixteen-chars-ok',
      holdoutArtifact: 'holdout-reports',
    });
    // The key is masked in the log before anything could print it, a short one too.
    expect(commands).toEqual(['::add-mask::sixteen-chars-ok\n']);
    const short = { junit: 'x.xml', token: 't', 'holdout-junit': 'h.xml', 'holdout-key': 'short' };
    expect(() => withInputs(short, readInputs)).toThrow(
      'input holdout-key must be a secret of at least 16',
    );
    expect(commands).toEqual(['::add-mask::short\n']);
    const alone = { junit: 'x.xml', token: 't', 'require-fail-to-pass': 'true' };
    expect(() => withInputs(alone, readInputs)).toThrow('base-junit is empty');
  });

  it('splits agent-authors on newlines and commas, and takes the numbers and choices', () => {
    const i = withInputs(
      {
        junit: 'x.xml',
        token: 't',
        'agent-authors': 'renovate*, *[bot]\ncodex',
        'fail-on': 'never',
        expect: 'ran-files',
        'max-annotations': '0',
        'quarantine-max-age-days': '90',
        'production-paths': 'src/**\nlib/**',
        'base-ref': 'origin/main',
        artifact: 'ledger-gate-reports',
        'job-summary': 'False',
        'json-report': 'always',
      },
      readInputs,
    );
    expect(i).toMatchObject({
      agentAuthors: ['renovate*', '*[bot]', 'codex'],
      failOn: 'never',
      expect: 'ran-files',
      maxAnnotations: 0,
      quarantineMaxAgeDays: 90,
      production: ['src/**', 'lib/**'],
      baseRef: 'origin/main',
      artifact: 'ledger-gate-reports',
      jobSummary: false,
      jsonReport: 'always',
    });
  });

  it.each<[Record<string, string>, string]>([
    [
      { 'quarantine-max-age-days': '1.5' },
      'input quarantine-max-age-days must be a whole number from 0 to 100000, not "1.5"',
    ],
    [
      { 'base-ref': '--output=/etc/passwd' },
      'input base-ref must be a git ref or sha, not "--output=/etc/passwd"',
    ],
    [{ ledger: '/etc/ledger.yaml' }, 'input ledger must be a path inside the repository'],
    [{ token: '' }, 'input token is empty'],
    [{ artifact: '../reports' }, 'input artifact must be an artifact\'s name, not "../reports"'],
    [
      { 'check-name': 'x'.repeat(101) },
      'input check-name must be one line of at most 100 characters',
    ],
    [{ 'job-summary': 'no' }, 'input job-summary must be true or false, not "no"'],
    [{ junit: '!a/**\n!b.xml' }, 'input junit holds only exclusions'],
  ])('refuses %j', (bad, message) => {
    expect(() => withInputs({ junit: 'x.xml', token: 't', ...bad }, readInputs)).toThrow(message);
  });
});

describe('testCounts: the action’s tests, passed, failed and skipped outputs', () => {
  it('counts the mapped results by status, a failure being a fail or an error; tests is every case', () => {
    const t = (status: Status) => ({ status });
    const tests = [t('pass'), t('pass'), t('fail'), t('error'), t('skip')];
    expect(testCounts(tests, 7)).toEqual({ tests: 7, passed: 2, failed: 2, skipped: 1 });
    expect(testCounts([], 0)).toEqual({ tests: 0, passed: 0, failed: 0, skipped: 0 });
  });

  it('lists the statuses in a fixed order, zeros left out, one it does not know after them', () => {
    const of = (...ss: string[]) => ss.map((status) => ({ status }) as { status: Status });
    expect(statusCounts(of('skip', 'pass', 'error', 'pass'))).toEqual([
      ['pass', 2],
      ['error', 1],
      ['skip', 1],
    ]);
    expect(statusCounts(of('zz', 'fail', 'aa', 'zz'))).toEqual([
      ['fail', 1],
      ['aa', 1],
      ['zz', 2],
    ]);
    expect(statusCounts([])).toEqual([]);
  });
});

describe('sameNameAsJob: the job’s own check and the check run must not share a name', () => {
  it.each<[string, string | undefined, boolean]>([
    ['ledger-gate', 'ledger-gate', true],
    ['ledger-gate', 'Ledger-Gate', true],
    ['ledger-gate', 'gate', false],
    ['ledger-gate', undefined, false],
  ])('check %j, job %j: warns %j', (check, job, warns) => {
    expect(sameNameAsJob(check, job) !== undefined).toBe(warns);
  });
});
