// The action end to end: the committed bundle dist/index.js, run as the runner runs it, against
// a real HTTP server that behaves like the GitHub API (support/fake-github.ts), in real git
// repositories. Every scenario runs under the machine's node and under Node 24 (the action's
// `runs.using`), except the slow API-down one, which runs under Node 24 only.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeGitHubForFile, type FakePull, type FakeReview } from './support/fake-github.js';
import {
  cleanupRun,
  nodeBinaries,
  runAction,
  type ActionRun,
  type NodeBinary,
} from './support/fake-github-runner.js';
import {
  AGENT,
  HUMAN,
  Repo,
  SCENARIO_FILE,
  scenarioCases,
  scenarioRows,
  ledgerYaml,
  pytestXunit1,
  type Author,
  type CaseSpec,
} from './support/repo.js';
import {
  mergeGroupEvent,
  pullRequestEvent,
  pullRequestReviewEvent,
  pushEvent,
} from './support/events.js';

const { gh, cleanup } = fakeGitHubForFile();

const NODES = nodeBinaries();
const NODE24 = NODES[NODES.length - 1];

const F = SCENARIO_FILE;
const GOLDEN = 'golden bytes v1\n';
const RUN_URL = 'https://github.example/acme/widgets/actions/runs/4242';

const rows = (golden = GOLDEN) => scenarioRows(golden, '2020-01-10');
const cases = scenarioCases;

interface Scenario {
  repo: Repo;
  base: string;
  head: string;
}

/** main holds an admissible state; the `change` branch gets `edit`, committed by `who`. */
function scenario(edit: (r: Repo) => void = () => undefined, who: Author = HUMAN): Scenario {
  const repo = new Repo('ledger-gate-action-');
  cleanup.push(() => repo.cleanup());
  repo.write({
    'tests/ledger.yaml': ledgerYaml(rows()),
    'tests/goldens/a.txt': GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
    'src/lib.py': 'def f():\n    return 1\n',
  });
  const base = repo.commit('base');
  repo.branch('change');
  repo.write({ 'src/lib.py': 'def f():\n    return 2\n' });
  edit(repo);
  const head = repo.commit('change', who);
  return { repo, base, head };
}

/** The reports, as a test job's artifacts downloaded into the workspace (not committed). */
function reports(repo: Repo, shards: CaseSpec[][] = [cases()]): void {
  shards.forEach((c, i) => repo.write({ [`reports/junit-${i}.xml`]: pytestXunit1(c) }));
}

const goldenBump = (r: Repo) =>
  r.write({
    'tests/goldens/a.txt': 'golden bytes v2\n',
    'tests/ledger.yaml': ledgerYaml(rows('golden bytes v2\n')),
  });

/** The pull_request event GitHub sends for the scenario, whole (support/events.ts). */
function prEvent(s: Scenario, author = 'dana', number = 7) {
  return pullRequestEvent({ number, head: s.head, base: s.base, author: { login: author } });
}

function pull(s: Scenario, reviews: FakeReview[] = [], author = 'dana', number = 7): FakePull {
  const p: FakePull = {
    number,
    user: { login: author },
    head: { sha: s.head },
    base: { sha: s.base },
    reviews,
  };
  gh.pulls.set(number, p);
  return p;
}

const review = (
  login: string,
  state: string,
  commit: string,
  over: Partial<FakeReview> = {},
): FakeReview => ({
  user: { login, type: 'User' },
  state,
  commit_id: commit,
  author_association: 'MEMBER',
  ...over,
});

async function act(
  node: NodeBinary,
  workspace: string,
  eventName: string,
  event: unknown,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
  malformed?: true,
): Promise<ActionRun> {
  const r = await runAction({
    node: node.bin,
    workspace,
    eventName,
    event,
    apiUrl: gh.url,
    inputs: { junit: 'reports/*.xml', ...inputs },
    env,
    malformed,
  });
  cleanup.push(() => cleanupRun(r));
  return r;
}

const rulesOf = (r: ActionRun) => (r.report?.findings ?? []).map((f) => f.rule);

/** Lines the runner would read as workflow commands, other than the ones the action means. */
const commandLines = (stdout: string) => stdout.split('\n').filter((l) => /^\s*::|##\[/.test(l));

describe.each(NODES)('the action under $label', (node) => {
  test('admit: success on the pull request head, outputs, JSON report, job summary', async () => {
    const s = scenario();
    reports(s.repo);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({
      decision: 'admit',
      admitted: '2',
      review: '0',
      rejected: '0',
    });
    expect(r.outputs['report-path']).toMatch(/ledger-gate-report\.json$/);
    expect(r.report?.decision).toBe('admit');
    const run = gh.onlyCheckRun();
    expect(run).toMatchObject({
      name: 'ledger-gate',
      head_sha: s.head,
      status: 'completed',
      conclusion: 'success',
    });
    expect(run.statuses).toEqual(['in_progress', 'completed']);
    expect(run.output?.summary).toContain('ledger-gate: admit');
    expect(run.annotations).toEqual([]);
    expect(r.summary).toMatch(/^## ✅ ledger-gate: admit/);
    expect(r.summary).toContain('| `fixture-unchanged` |');
    // The token reaches the API, and no review listing is needed for an admit.
    expect(gh.requests[0].authorization).toBe('token ghs_faketoken');
    expect(gh.requests.some((q) => q.path.endsWith('/reviews'))).toBe(false);
  });

  test("json-report's default, auto: an admit writes no JSON report and says so; a review writes one", async () => {
    const s = scenario();
    reports(s.repo);
    pull(s);
    const admit = await act(node, s.repo.dir, 'pull_request', prEvent(s), {
      'json-report': 'auto',
    });
    expect(admit.code).toBe(0);
    expect(admit.outputs).toMatchObject({ decision: 'admit', admitted: '2', 'report-path': '' });
    expect(admit.report).toBeUndefined();
    expect(readdirSync(path.join(admit.runnerTemp, 'runner-temp'))).not.toContain(
      'ledger-gate-report.json',
    );
    expect(admit.summary).toContain('No JSON report was written this run');
    expect(gh.onlyCheckRun().output?.summary).toContain('No JSON report was written this run');

    gh.reset();
    const bumped = scenario(goldenBump);
    reports(bumped.repo);
    pull(bumped);
    const review = await act(node, bumped.repo.dir, 'pull_request', prEvent(bumped), {
      'json-report': 'auto',
    });
    expect(review.outputs.decision).toBe('review');
    expect(review.outputs['report-path']).toMatch(/ledger-gate-report\.json$/);
    expect(rulesOf(review)).toContain('fixture-contract-change');
  });

  test('review: action_required with details_url, a warning annotation on the ledger line, the step fails', async () => {
    const s = scenario(goldenBump);
    reports(s.repo);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.code).toBe(1);
    expect(r.outputs.decision).toBe('review');
    expect(rulesOf(r)).toContain('fixture-contract-change');
    const run = gh.onlyCheckRun();
    expect(run.conclusion).toBe('action_required');
    expect(run.details_url).toBe(RUN_URL);
    expect(run.annotations.length).toBeGreaterThan(0);
    expect(run.annotations.every((a) => a.annotation_level === 'warning')).toBe(true);
    expect(run.annotations.some((a) => a.path === 'tests/ledger.yaml' && a.start_line > 1)).toBe(
      true,
    );
    expect(r.stdout).toContain('::error::ledger-gate: review (fail-on: review)');
  });

  test('review under fail-on: reject: the check still asks for action, the step passes', async () => {
    const s = scenario(goldenBump);
    reports(s.repo);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s), { 'fail-on': 'reject' });
    expect(r.code).toBe(0);
    expect(gh.onlyCheckRun().conclusion).toBe('action_required');
  });

  test('reject: failure, a failure annotation per reject finding, the step fails', async () => {
    const s = scenario();
    reports(s.repo, [[...cases(), { file: F, name: 'test_new_by_agent' }]]);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ decision: 'reject', rejected: '1' });
    const run = gh.onlyCheckRun();
    expect(run.conclusion).toBe('failure');
    expect(run.annotations).toHaveLength(1);
    expect(run.annotations[0]).toMatchObject({
      annotation_level: 'failure',
      path: F,
      title: `unclassified: ${F}::test_new_by_agent`,
    });
  });

  test('fail-on: never: neutral conclusion and a passing step, same decision', async () => {
    const s = scenario();
    reports(s.repo, [[...cases(), { file: F, name: 'test_new_by_agent' }]]);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s), { 'fail-on': 'never' });
    expect(r.code).toBe(0);
    expect(r.outputs.decision).toBe('reject');
    expect(gh.onlyCheckRun().conclusion).toBe('neutral');
  });

  test('an approval on the head commit by a reviewer with write access admits review findings (reviews paginated)', async () => {
    const s = scenario(goldenBump);
    reports(s.repo);
    const chatter = Array.from({ length: 120 }, (_, i) =>
      review(`watcher${i}`, 'COMMENTED', s.head),
    );
    pull(s, [...chatter, review('maintainer', 'APPROVED', s.head)]);
    gh.roles.set('maintainer', 'write');
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.code).toBe(0);
    expect(r.outputs.decision).toBe('admit');
    const approved = r.report!.findings.filter((f) => f.approved_by);
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((f) => f.approved_by === 'maintainer' && f.result === 'admit')).toBe(
      true,
    );
    expect(gh.onlyCheckRun().conclusion).toBe('success');
    expect(gh.requests.filter((q) => q.path.endsWith('/reviews'))).toHaveLength(2);
    expect(r.summary).toContain('approved by maintainer');
  });

  test('approvals that do not count: an older commit, the author, a bot, an agent login, no write access, a later change request', async () => {
    const s = scenario(goldenBump);
    reports(s.repo);
    pull(s, [
      review('olderapprover', 'APPROVED', s.base),
      review('dana', 'APPROVED', s.head),
      review('dependabot', 'APPROVED', s.head, { user: { login: 'dependabot', type: 'Bot' } }),
      review('copilot-swe-agent[bot]', 'APPROVED', s.head),
      review('drive-by', 'APPROVED', s.head, { author_association: 'CONTRIBUTOR' }),
      review('changedmind', 'APPROVED', s.head),
      review('changedmind', 'CHANGES_REQUESTED', s.head),
    ]);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.code).toBe(1);
    expect(r.outputs.decision).toBe('review');
    expect(r.report!.findings.some((f) => f.approved_by)).toBe(false);
    expect(gh.onlyCheckRun().conclusion).toBe('action_required');
    for (const who of [
      'olderapprover',
      'dana',
      'dependabot',
      'copilot-swe-agent\\[bot\\]',
      'drive-by',
    ]) {
      expect(r.summary).toContain(`approval by ${who} not counted`);
    }
    expect(r.summary).not.toContain('approval by changedmind');
  });

  test('pull_request_review: the approval re-runs the gate on the head commit', async () => {
    const s = scenario(goldenBump);
    reports(s.repo);
    pull(s, [review('maintainer', 'APPROVED', s.head)]);
    gh.roles.set('maintainer', 'write');
    const event = pullRequestReviewEvent({ head: s.head, base: s.base, reviewer: 'maintainer' });
    const r = await act(node, s.repo.dir, 'pull_request_review', event);
    expect(r.code).toBe(0);
    expect(gh.onlyCheckRun()).toMatchObject({ head_sha: s.head, conclusion: 'success' });
  });

  test('a fork’s read-only token: workflow-command annotations and the job summary, same decision and step result', async () => {
    const s = scenario();
    reports(s.repo, [[...cases(), { file: F, name: 'test_new_by_agent' }]]);
    pull(s);
    gh.forbidChecks = true;
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.code).toBe(1);
    expect(r.outputs.decision).toBe('reject');
    expect(gh.checkRuns.size).toBe(0);
    expect(r.stdout).toContain(
      `::error title=unclassified%3A ${F}%3A%3Atest_new_by_agent,file=${F},line=`,
    );
    expect(r.summary).toContain('the token may not write checks');
    expect(r.summary).toMatch(/^## ❌ ledger-gate: reject/);
  });

  test('130 findings: annotations 50 a request; max-annotations cuts and the summary counts the rest', async () => {
    const s = scenario();
    const many = Array.from({ length: 130 }, (_, i) => ({ file: F, name: `test_unlisted_${i}` }));
    reports(s.repo, [[...cases(), ...many]]);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.code).toBe(1);
    const run = gh.onlyCheckRun();
    expect(run.annotations).toHaveLength(130);
    const patches = gh.checkRequests().filter((q) => q.method === 'PATCH');
    expect(
      patches.map(
        (q) =>
          ((q.body as { output: { annotations?: unknown[] } }).output.annotations ?? []).length,
      ),
    ).toEqual([50, 50, 30]);
    // Only the last request completes the run.
    expect(patches.map((q) => (q.body as { status?: string }).status)).toEqual([
      undefined,
      undefined,
      'completed',
    ]);

    gh.reset();
    pull(s);
    const cut = await act(node, s.repo.dir, 'pull_request', prEvent(s), {
      'max-annotations': '60',
    });
    expect(gh.onlyCheckRun().annotations).toHaveLength(60);
    expect(gh.onlyCheckRun().output?.summary).toContain(
      '70 annotations not sent (max-annotations is 60)',
    );
    expect(cut.summary).toContain('70 annotations not sent');
  });

  test('sharded reports: several files are merged into one run', async () => {
    const s = scenario();
    const all = cases();
    reports(s.repo, [all.slice(0, 2), all.slice(2)]);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s), {
      junit: 'reports/junit-0.xml\nreports/junit-1.xml',
    });
    expect(r.code).toBe(0);
    expect(r.report?.counts.cases).toBe(4);
    expect(r.outputs.decision).toBe('admit');
  });

  test('large reports are read on the worker thread (worker.js beside the bundle); a worker that cannot start is a note', async () => {
    const s = scenario();
    // Over the 2 MiB from which reports go to the worker: the same cases, padded with output.
    const pad = `<system-out>${'x'.repeat(3 * 1024 * 1024)}</system-out>`;
    s.repo.write({
      'reports/junit-0.xml': pytestXunit1(cases()).replace('</testsuite>', `${pad}</testsuite>`),
    });
    pull(s);
    const fine = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(fine.code).toBe(0);
    expect(fine.report?.counts.cases).toBe(4);
    expect(fine.summary).not.toContain('worker thread failed');
    const broken = await act(
      node,
      s.repo.dir,
      'pull_request',
      prEvent(s),
      {},
      {
        LEDGER_GATE_WORKER_SCRIPT: path.join(s.repo.dir, 'no-such-worker.js'),
      },
    );
    expect(broken.code).toBe(0);
    expect(broken.report?.counts.cases).toBe(4);
    expect(broken.summary).toMatch(
      /the worker thread failed \(.*no-such-worker\.js.*\): reading the reports ran on the main thread/,
    );
  });

  test('merge_group: check run on head_sha; the approval is looked up on the pull request of the head ref', async () => {
    const s = scenario(goldenBump);
    reports(s.repo);
    pull(s, [review('maintainer', 'APPROVED', s.head)], 'dana', 31);
    gh.roles.set('maintainer', 'write');
    const event = mergeGroupEvent({ head: s.head, base: s.base, pr: 31 });
    const r = await act(node, s.repo.dir, 'merge_group', event);
    expect(r.code).toBe(0);
    expect(r.outputs.decision).toBe('admit');
    expect(gh.onlyCheckRun()).toMatchObject({ head_sha: s.head, conclusion: 'success' });
    expect(
      gh.requests.some((q) => q.method === 'GET' && q.path === '/repos/acme/widgets/pulls/31'),
    ).toBe(true);
  });

  test('push: check run on after; review stays review with nothing to approve', async () => {
    const s = scenario(goldenBump);
    reports(s.repo);
    const r = await act(
      node,
      s.repo.dir,
      'push',
      pushEvent({ before: s.base, after: s.head, ref: 'refs/heads/change' }),
    );
    expect(r.code).toBe(1);
    expect(r.outputs.decision).toBe('review');
    expect(gh.onlyCheckRun()).toMatchObject({ head_sha: s.head, conclusion: 'action_required' });
    expect(r.summary).toContain('there is no pull request to approve');
  });

  test('push of a new branch (before all zeros): no base, the diff rules are skipped and the summary says so', async () => {
    const s = scenario(goldenBump);
    reports(s.repo);
    const r = await act(
      node,
      s.repo.dir,
      'push',
      pushEvent({ before: '0'.repeat(40), after: s.head, ref: 'refs/heads/change' }),
    );
    expect(r.code).toBe(0);
    expect(r.outputs.decision).toBe('admit');
    expect(r.summary).toContain('first push of this branch');
    expect(r.summary).toContain('no base given');
  });

  test('a shallow clone (depth 1): the merge base is fetched, the diff rules still apply', async () => {
    const s = scenario(goldenBump);
    const shallow = mkdtempSync(path.join(tmpdir(), 'ledger-gate-shallow-'));
    cleanup.push(() => rmSync(shallow, { recursive: true, force: true }));
    execFileSync('git', [
      'clone',
      '-q',
      '--depth',
      '1',
      '--branch',
      'change',
      `file://${s.repo.dir}`,
      shallow,
    ]);
    expect(
      execFileSync('git', ['rev-parse', '--is-shallow-repository'], {
        cwd: shallow,
        encoding: 'utf8',
      }).trim(),
    ).toBe('true');
    const clone = Object.assign(Object.create(Repo.prototype) as Repo, { dir: shallow });
    reports(clone);
    pull(s);
    const r = await act(node, shallow, 'pull_request', prEvent(s));
    expect(r.outputs.decision).toBe('review');
    expect(rulesOf(r)).toContain('fixture-contract-change');
  });

  test('no git history in the workspace: the change comes from the API (compare, listFiles, contents, listCommits)', async () => {
    const s = scenario(goldenBump);
    const plain = mkdtempSync(path.join(tmpdir(), 'ledger-gate-nogit-'));
    cleanup.push(() => rmSync(plain, { recursive: true, force: true }));
    const tar = execFileSync('git', ['archive', '--format=tar', s.head], { cwd: s.repo.dir });
    execFileSync('tar', ['-x', '-C', plain], { input: tar });
    reports(Object.assign(Object.create(Repo.prototype) as Repo, { dir: plain }));
    const p = pull(s);
    p.files = [
      { filename: 'src/lib.py', status: 'modified' },
      { filename: 'tests/goldens/a.txt', status: 'modified' },
      { filename: 'tests/ledger.yaml', status: 'modified' },
    ];
    p.commits = [{ commit: { author: HUMAN, message: 'change' } }];
    gh.mergeBases.set(`${s.base}...${s.head}`, s.base);
    gh.contents.set(`${s.base}:tests/ledger.yaml`, ledgerYaml(rows()));
    const r = await act(node, plain, 'pull_request', prEvent(s));
    expect(r.outputs.decision).toBe('review');
    // The row's digest bump is the test's fixture-contract-change: one entry (§3).
    expect(rulesOf(r)).toContain('fixture-contract-change');
    expect(rulesOf(r)).not.toContain('ledger-contract-change');
    expect(r.summary).toContain('pulls.listFiles');
    for (const route of [
      '/compare/',
      '/pulls/7/files',
      '/contents/tests/ledger.yaml',
      '/pulls/7/commits',
    ]) {
      expect(gh.requests.some((q) => decodeURIComponent(q.path).includes(route))).toBe(true);
    }
  });

  test('a ledger edit by an agent is rejected (ledger-agent-edit)', async () => {
    const s = scenario(goldenBump, AGENT);
    reports(s.repo);
    pull(s, [], 'copilot-swe-agent[bot]');
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s, 'copilot-swe-agent[bot]'));
    expect(r.code).toBe(1);
    expect(rulesOf(r)).toContain('ledger-agent-edit');
    expect(gh.onlyCheckRun().conclusion).toBe('failure');
  });

  test('old quarantine rows become warning annotations without changing the decision', async () => {
    const s = scenario();
    reports(s.repo);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s), {
      'quarantine-max-age-days': '30',
    });
    expect(r.code).toBe(0);
    const run = gh.onlyCheckRun();
    expect(run.conclusion).toBe('success');
    expect(run.annotations).toEqual([
      expect.objectContaining({
        annotation_level: 'warning',
        path: 'tests/ledger.yaml',
        title: 'quarantine age',
      }),
    ]);
  });

  test('hostile test names reach neither the log as commands nor the summary as markup', async () => {
    const s = scenario();
    const hostile = [
      '::error::pwned',
      '##[error]pwned',
      '@octocat <img src=x> [x](https://evil.example) | cell',
      'a\u202eb',
    ];
    reports(s.repo, [[...cases(), ...hostile.map((name) => ({ file: F, name }))]]);
    pull(s);
    gh.forbidChecks = true;
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.outputs.decision).toBe('reject');
    for (const line of commandLines(r.stdout)) {
      expect(line).toMatch(/^::(error|warning) (title=|file=)|^::error::ledger-gate: reject/);
    }
    expect(r.stdout).not.toMatch(/^::error::pwned/m);
    // Whatever is outside code spans carries no tag, no mention, no link, no hidden character.
    const prose = r.summary.replace(/(`+)[\s\S]*?\1/g, '');
    expect(prose).not.toMatch(/<img|@octocat|\]\(https:\/\/evil/);
    // The only links are the summary's own: blob URLs at the pull request's head, and the
    // run whose artifacts hold the JSON report (the runner's own URL, never the change's).
    const links = [...prose.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    for (const url of links)
      expect(url).toMatch(
        new RegExp(
          `^https://github\\.example/acme/widgets/(blob/${s.head}/[A-Za-z0-9%/._~-]+(#L\\d+)?|actions/runs/4242)$`,
        ),
      );
    expect(r.summary).toContain('@octocat <img src=x>');
    expect(r.summary).not.toContain('\u202e');
  });

  test('5xx bursts and a secondary rate limit are retried, then the run completes', async () => {
    const s = scenario();
    reports(s.repo);
    pull(s);
    gh.failNext = { count: 2, status: 502 };
    gh.secondaryLimitNext = 1;
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.code).toBe(0);
    expect(gh.requests.filter((q) => q.status === 502)).toHaveLength(2);
    expect(gh.requests.filter((q) => q.status === 403)).toHaveLength(1);
    expect(gh.onlyCheckRun().conclusion).toBe('success');
  });

  test('a base git cannot find: the step fails with one line and the check run is completed as failure', async () => {
    const s = scenario();
    reports(s.repo);
    pull(s);
    const r = await act(node, s.repo.dir, 'pull_request', prEvent(s), {
      'base-ref': 'no-such-branch',
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error::ledger-gate: .*no-such-branch/m);
    const run = gh.onlyCheckRun();
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(run.output?.summary).toContain('no-such-branch');
    expect(r.outputs.decision).toBeUndefined();
  });

  test.each([
    ['fail-on', 'sometimes', 'input fail-on must be one of review, reject, never, not "sometimes"'],
    ['expect', 'most', 'input expect must be one of all, ran-files, not "most"'],
    [
      'max-annotations',
      '-1',
      'input max-annotations must be a whole number from 0 to 100000, not "-1"',
    ],
    [
      'ledger',
      '../elsewhere.yaml',
      'input ledger must be a path inside the repository, not "../elsewhere.yaml"',
    ],
    ['junit', '', 'input junit is empty'],
  ])(
    'a bad input (%s: %j) stops the run with a message that quotes it',
    async (name, value, message) => {
      const s = scenario();
      reports(s.repo);
      const r = await act(node, s.repo.dir, 'pull_request', prEvent(s), { [name]: value });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`::error::ledger-gate: ${message}`);
      expect(gh.requests).toEqual([]);
    },
  );

  test.each([
    ['not JSON', 'pull_request', '{"pull_request": '],
    ['no pull_request', 'pull_request', { action: 'opened' }],
    [
      'a malformed head sha',
      'pull_request',
      {
        pull_request: { number: 1, head: { sha: 'HEAD; rm -rf /' }, base: { sha: 'a'.repeat(40) } },
      },
    ],
    ['an unsupported event', 'issues', { action: 'opened' }],
  ])('a malformed event (%s) fails closed before any API call', async (_what, name, event) => {
    const s = scenario();
    reports(s.repo);
    // Malformed on purpose: not held to GitHub's webhooks description (runAction's `malformed`).
    const r = await act(node, s.repo.dir, name, event, {}, {}, true);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error::ledger-gate: .*(event|pull_request)/m);
    expect(r.outputs.decision).toBeUndefined();
    expect(gh.requests).toEqual([]);
  });
});

describe(`the action under ${NODE24.label}, slow paths`, () => {
  test('an API that stays down fails the step with a clear message, never a silent pass', async () => {
    const s = scenario();
    reports(s.repo);
    gh.down = true;
    const r = await act(NODE24, s.repo.dir, 'pull_request', prEvent(s));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error::ledger-gate: GitHub API: creating the check run failed \(HTTP 503\)/m,
    );
    expect(gh.requests.length).toBe(4);
    expect(r.outputs.decision).toBeUndefined();
  }, 60000);
});
