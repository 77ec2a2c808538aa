// workflow_run mode end to end: the bundle, run as the runner runs it in a shallow checkout of
// the base branch (actions/checkout's default), against the fake GitHub API. The pull request
// comes from a fork: its head exists upstream only as refs/pull/N/head, its run names no pull
// request, its reports arrive as an artifact zip behind a redirect to a storage URL.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeGitHubForFile, type FakeArtifact, type FakeReview } from './support/fake-github.js';
import {
  cleanupRun,
  nodeBinaries,
  runAction,
  type ActionRun,
  type NodeBinary,
} from './support/fake-github-runner.js';
import {
  Repo,
  ledgerYaml,
  pytestXunit1,
  scenarioCases,
  scenarioRows,
  type CaseSpec,
} from './support/repo.js';
import { makeZip, type ZipSpec } from './support/zip.js';
import { pullRequestEvent, workflowRunEvent } from './support/events.js';

const { gh, cleanup } = fakeGitHubForFile();

const NODES = nodeBinaries();
const RUN_ID = 9001;
const PR = 7;
const GOLDEN = 'golden bytes v1\n';
const rows = (golden = GOLDEN) => scenarioRows(golden, '2020-01-10');

interface Fork {
  upstream: Repo;
  base: string;
  head: string;
  /** The workflow_run job's workspace: a depth-1 clone of the base branch. */
  workspace: string;
}

/** Upstream main holds an admissible state; a fork's commit exists upstream only as refs/pull/7/head. */
function fork(bumpGolden = false, extra: Record<string, string> = {}): Fork {
  const upstream = new Repo('ledger-gate-upstream-');
  cleanup.push(() => upstream.cleanup());
  upstream.write({
    'tests/ledger.yaml': ledgerYaml(rows()),
    'tests/goldens/a.txt': GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
    'src/lib.py': 'def f():\n    return 1\n',
  });
  const base = upstream.commit('base');
  upstream.branch('fork-change');
  upstream.write({ 'src/lib.py': 'def f():\n    return 2\n', ...extra });
  if (bumpGolden) {
    upstream.write({
      'tests/goldens/a.txt': 'golden bytes v2\n',
      'tests/ledger.yaml': ledgerYaml(rows('golden bytes v2\n')),
    });
  }
  const head = upstream.commit('change');
  upstream.git('update-ref', `refs/pull/${PR}/head`, head);
  upstream.git('checkout', '-q', 'main');
  upstream.git('branch', '-q', '-D', 'fork-change');

  const workspace = mkdtempSync(path.join(tmpdir(), 'ledger-gate-wr-ws-'));
  cleanup.push(() => rmSync(workspace, { recursive: true, force: true }));
  execFileSync('git', ['clone', '-q', '--depth', '1', `file://${upstream.dir}`, workspace]);
  return { upstream, base, head, workspace };
}

function forkPull(f: Fork, reviews: FakeReview[] = [], number = PR): void {
  gh.pulls.set(number, {
    number,
    user: { login: 'outsider' },
    head: { sha: f.head, label: 'outsider:fork-change' },
    base: { sha: f.base },
    reviews,
  });
}

function artifact(over: Partial<FakeArtifact> = {}, files?: ZipSpec[], cases?: CaseSpec[]): void {
  const zip = makeZip(
    files ?? [
      { name: 'junit/' },
      { name: 'junit/junit-1.xml', text: pytestXunit1(cases ?? scenarioCases()) },
    ],
  );
  gh.artifacts.set(RUN_ID, [{ id: 555, name: 'ledger-gate-reports', zip, ...over }]);
}

/** The completed run of the fork's pull request, as GitHub sends it (support/events.ts). */
function runEvent(
  f: Fork,
  trigger = 'pull_request',
  pullRequests: { number: number; head?: string }[] = [],
) {
  return workflowRunEvent({
    id: RUN_ID,
    event: trigger,
    conclusion: 'success',
    headSha: f.head,
    headBranch: 'fork-change',
    headRepo: 'outsider/widgets',
    pullRequests,
  });
}

async function act(node: NodeBinary, f: Fork, event: unknown, inputs: Record<string, string> = {}) {
  const r: ActionRun = await runAction({
    node: node.bin,
    workspace: f.workspace,
    eventName: 'workflow_run',
    event,
    apiUrl: gh.url,
    inputs: { junit: 'junit/*.xml', artifact: 'ledger-gate-reports', ...inputs },
  });
  cleanup.push(() => cleanupRun(r));
  return r;
}

const review = (login: string, commit: string): FakeReview => ({
  user: { login, type: 'User' },
  state: 'APPROVED',
  commit_id: commit,
  author_association: 'MEMBER',
});

const errorLine = (r: ActionRun) => r.stdout.split('\n').find((l) => l.startsWith('::error::'));

describe.each(NODES)('workflow_run mode under $label', (node) => {
  test('a fork’s pull request gets the ledger-gate check run on its head sha', async () => {
    const f = fork();
    forkPull(f);
    artifact();
    gh.hideForkPullsByCommit = true; // the lookup falls through to the head label
    // A hook in the base checkout would run on checkout; the worktree of the head runs none.
    const hook = path.join(f.workspace, '.git', 'hooks', 'post-checkout');
    const marker = path.join(f.workspace, '..', `hook-ran-${path.basename(f.workspace)}`);
    writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\n`);
    chmodSync(hook, 0o755);
    cleanup.push(() => rmSync(marker, { force: true }));

    const r = await act(node, f, runEvent(f));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.outputs.decision).toBe('admit');
    expect(gh.onlyCheckRun()).toMatchObject({
      name: 'ledger-gate',
      head_sha: f.head,
      status: 'completed',
      conclusion: 'success',
    });
    expect(r.report?.counts.cases).toBe(4);
    expect(r.summary).toContain('pull request `#7`');
    expect(r.summary).toContain('reports from the artifact');
    // The API call carried the token; the storage URL it redirected to did not.
    const zipCall = gh.requests.find((q) => q.path.endsWith('/actions/artifacts/555/zip'));
    expect(zipCall).toMatchObject({ status: 302, authorization: 'token ghs_faketoken' });
    const storage = gh.requests.find((q) => q.path.startsWith('/storage/'));
    expect(storage).toMatchObject({ status: 200, authorization: undefined });
    expect(gh.requests.some((q) => q.query.get('head') === 'outsider:fork-change')).toBe(true);
    expect(existsSync(marker)).toBe(false);
    // The head's worktree is removed afterwards; the checkout itself stays on the base.
    expect(
      execFileSync('git', ['worktree', 'list'], { cwd: f.workspace, encoding: 'utf8' })
        .trim()
        .split('\n'),
    ).toHaveLength(1);
    expect(
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd: f.workspace, encoding: 'utf8' }).trim(),
    ).toBe(f.base);
  });

  test('judged as pull_request would: a golden bump without approval is review, then the approval re-run admits', async () => {
    const f = fork(true);
    forkPull(f);
    artifact();
    const first = await act(node, f, runEvent(f));
    expect(first.code).toBe(1);
    expect(first.outputs.decision).toBe('review');
    expect(first.report!.findings.map((x) => x.rule)).toContain('fixture-contract-change');
    expect(gh.onlyCheckRun()).toMatchObject({ head_sha: f.head, conclusion: 'action_required' });

    // A maintainer approves; the pull_request_review run of the untrusted workflow completes.
    gh.reset();
    forkPull(f, [review('maintainer', f.head)]);
    gh.roles.set('maintainer', 'write');
    artifact();
    const rerun = await act(node, f, runEvent(f, 'pull_request_review'));
    expect(rerun.code).toBe(0);
    expect(rerun.outputs.decision).toBe('admit');
    expect(gh.onlyCheckRun()).toMatchObject({ head_sha: f.head, conclusion: 'success' });
    expect(rerun.summary).toContain('approved by maintainer');
  });

  test('a report in the artifact with the bytes of a file the pull request adds is not evidence', async () => {
    // The fork commits the report its run then "writes" (a copy placed by its own test code).
    const f = fork(false, { 'tests/data/run.xml': pytestXunit1(scenarioCases()) });
    forkPull(f);
    artifact();
    const r = await act(node, f, runEvent(f));
    expect(r.outputs.decision).toBe('reject');
    const shipped = r.report!.findings.filter((x) => x.rule === 'report-in-change');
    expect(shipped).toHaveLength(1);
    expect(shipped[0].message).toMatch(
      /^report file \S+junit-1\.xml has the bytes of tests\/data\/run\.xml, a file this change adds: /,
    );
    // Its cases were not read: no report holds any test case.
    expect(r.report!.counts.cases).toBe(0);
  });

  test('the same findings as the pull_request event on a checkout of the head', async () => {
    const f = fork(true);
    const cases = [...scenarioCases(), { file: scenarioCases()[0].file, name: 'test_unlisted' }];
    forkPull(f);
    artifact({}, undefined, cases);
    const viaRun = await act(node, f, runEvent(f));

    // The one-workflow way: the head checked out, the reports in the workspace.
    const direct = mkdtempSync(path.join(tmpdir(), 'ledger-gate-wr-direct-'));
    cleanup.push(() => rmSync(direct, { recursive: true, force: true }));
    execFileSync('git', ['clone', '-q', `file://${f.upstream.dir}`, direct]);
    execFileSync('git', ['fetch', '-q', 'origin', `refs/pull/${PR}/head`], { cwd: direct });
    execFileSync('git', ['checkout', '-q', '--detach', f.head], { cwd: direct });
    const reportsDir = path.join(direct, 'reports');
    execFileSync('mkdir', ['-p', reportsDir]);
    writeFileSync(path.join(reportsDir, 'junit-1.xml'), pytestXunit1(cases));
    gh.reset();
    forkPull(f);
    const viaPr = await runAction({
      node: node.bin,
      workspace: direct,
      eventName: 'pull_request',
      event: pullRequestEvent({
        number: PR,
        head: f.head,
        base: f.base,
        author: { login: 'outsider' },
        headRef: 'fork-change',
        headRepo: 'outsider/widgets',
      }),
      apiUrl: gh.url,
      inputs: { junit: 'reports/*.xml' },
    });
    cleanup.push(() => cleanupRun(viaPr));
    const findings = (r: ActionRun) =>
      r.report!.findings.map((x) => [x.rule, x.id ?? '', x.result]).sort();
    expect(viaRun.outputs.decision).toBe('reject');
    expect(viaPr.outputs.decision).toBe(viaRun.outputs.decision);
    expect(viaPr.report!.counts).toEqual(viaRun.report!.counts);
    expect(findings(viaPr)).toEqual(findings(viaRun));
    expect(findings(viaRun).map((x) => x[0])).toEqual(
      expect.arrayContaining(['fixture-contract-change', 'unclassified']),
    );
    // The commands name the reports as the artifact holds them, as the pull_request run's
    // name them in its workspace: never the runner's temp folder they were unpacked into.
    const fixOf = (r: ActionRun) => r.report!.findings.find((x) => x.rule === 'unclassified')!.fix;
    expect(fixOf(viaRun)).toContain("--junit 'junit/*.xml'");
    expect(fixOf(viaPr)).toContain("--junit 'reports/*.xml'");
    expect(viaRun.summary).not.toMatch(/ledger-gate-(artifact|head)-/);
    expect(viaRun.summary).toContain("--junit 'junit/*.xml'");
  });

  test('a same-repository run names its pull request; the collected list comes from the artifact too', async () => {
    const f = fork();
    forkPull(f);
    artifact({}, [
      { name: 'junit/junit-1.xml', text: pytestXunit1(scenarioCases()) },
      {
        name: 'collected.txt',
        text:
          scenarioCases()
            .map((c) => `${c.file}::${c.name}`)
            .join('\n') + '\n',
      },
    ]);
    const r = await act(node, f, runEvent(f, 'pull_request', [{ number: PR, head: f.head }]), {
      collected: 'collected.txt',
    });
    expect(r.code).toBe(0);
    expect(r.outputs.decision).toBe('admit');
    expect(gh.requests.some((q) => q.path === `/repos/acme/widgets/pulls/${PR}`)).toBe(true);
    expect(gh.requests.some((q) => q.path.includes('/commits/'))).toBe(false);
  });

  test.each<[string, () => void, RegExp]>([
    [
      'no artifact of that name',
      () => gh.artifacts.set(RUN_ID, [{ id: 556, name: 'coverage', zip: makeZip([]) }]),
      /run 9001 has no artifact named "ledger-gate-reports" \(it has "coverage"\)/,
    ],
    ['an expired artifact', () => artifact({ expired: true }), /has expired/],
    ['an artifact gone by download time (410)', () => artifact({ gone: true }), /has expired/],
    [
      'a symlink in the zip',
      () => artifact({}, [{ name: 'junit/a.xml', text: '/etc/passwd', mode: 0o120777 }]),
      /the artifact zip is refused: a symlink "junit\/a.xml"/,
    ],
    [
      'a path with .. in the zip',
      () => artifact({}, [{ name: '../../junit.xml', text: 'x' }]),
      /the artifact zip is refused: a path with \.\./,
    ],
  ])(
    '%s: fails closed with one line, the check run completed as failure',
    async (_w, setUp, message) => {
      const f = fork();
      forkPull(f);
      setUp();
      const r = await act(node, f, runEvent(f));
      expect(r.code).toBe(1);
      expect(errorLine(r)).toMatch(message);
      expect(r.outputs.decision).toBeUndefined();
      const run = gh.onlyCheckRun();
      expect(run).toMatchObject({ head_sha: f.head, status: 'completed', conclusion: 'failure' });
      expect(run.output?.summary).toMatch(message);
    },
  );

  test('two open pull requests with that head: ambiguous, nothing is judged', async () => {
    const f = fork();
    forkPull(f);
    forkPull(f, [], 8);
    artifact();
    const r = await act(node, f, runEvent(f));
    expect(r.code).toBe(1);
    expect(errorLine(r)).toMatch(/matches several pull requests \(#7, #8\)/);
    expect(gh.onlyCheckRun().conclusion).toBe('failure');
  });

  test('refusals before any API call: no artifact input, a push run, junit leaving the artifact', async () => {
    const f = fork();
    const noInput = await act(node, f, runEvent(f), { artifact: '' });
    expect(errorLine(noInput)).toMatch(/input artifact is empty/);
    const push = await act(node, f, {
      ...runEvent(f),
      workflow_run: { ...runEvent(f).workflow_run, event: 'push' },
    });
    expect(errorLine(push)).toMatch(/workflow_run of a "push" run/);
    expect(gh.requests).toEqual([]);
    forkPull(f);
    artifact();
    const outside = await act(node, f, runEvent(f), { junit: '../*.xml' });
    expect(errorLine(outside)).toMatch(/input junit must be relative to the artifact's root/);
  });
});

test('the helper’s fork is a fork: its head is on no upstream branch', () => {
  const f = fork();
  const branches = f.upstream.git('branch', '--contains', f.head).trim();
  expect(branches).toBe('');
  expect(f.upstream.git('rev-parse', `refs/pull/${PR}/head`).trim()).toBe(f.head);
});

// Issue 25: the base run's and the hold-out's reports travel the fork flow too, as artifacts
// of the triggering run (`base-artifact`, `holdout-artifact`; default the reports' own).
describe.each(NODES.slice(-1))(
  'workflow_run: base run and hold-out artifacts under $label',
  (node) => {
    const KEY = 'a-holdout-key-for-the-fork-flow';
    const MARKER = 'zz_fork_holdout_marker_93';
    const baseCases = (): CaseSpec[] =>
      scenarioCases().map((c) =>
        c.name === 'test_fixture' ? { ...c, status: 'fail' as const } : c,
      );

    test('base reports in the same artifact and a hold-out artifact: paired, and no hold-out name anywhere', async () => {
      const f = fork();
      forkPull(f);
      const holdout = pytestXunit1([
        { file: 'private/t.py', name: `test_${MARKER}`, status: 'fail' },
        { file: 'private/t.py', name: 'test_fine' },
      ]).replace('assert 1 == 2', `assert ${MARKER}`);
      gh.artifacts.set(RUN_ID, [
        {
          id: 555,
          name: 'ledger-gate-reports',
          zip: makeZip([
            { name: 'junit/' },
            { name: 'junit/junit-1.xml', text: pytestXunit1(scenarioCases()) },
            { name: 'base/' },
            {
              name: 'base/base-1.xml',
              text: pytestXunit1(baseCases()).replace('time="0.1"', 'time="0.3"'),
            },
          ]),
        },
        { id: 556, name: 'holdout', zip: makeZip([{ name: 'h.xml', text: holdout }]) },
      ]);
      const r = await act(node, f, runEvent(f), {
        'base-junit': 'base/*.xml',
        'holdout-junit': '*.xml',
        'holdout-artifact': 'holdout',
        'holdout-key': KEY,
      });
      expect(r.outputs.decision).toBe('reject');
      const findings = r.report!.findings;
      const pairing = (name: string) =>
        findings.find((x) => x.id === `tests/test_a.py::${name}`)?.base_run;
      expect([pairing('test_fixture'), pairing('test_property')]).toEqual([
        'fail-to-pass',
        'pass-to-pass',
      ]);
      expect(findings.filter((x) => x.rule === 'holdout-fail')).toHaveLength(1);
      expect(findings.some((x) => x.rule === 'report-invalid')).toBe(false);
      const run = gh.onlyCheckRun();
      const everything = [
        r.stdout,
        r.stderr,
        r.summary,
        JSON.stringify(r.report),
        JSON.stringify(run.output),
        JSON.stringify(run.annotations),
      ].join('\n');
      expect(everything).toContain('holdout-fail');
      expect(everything).not.toContain(MARKER);
      expect(everything).not.toContain('private/t.py');
      expect(everything).not.toContain('test_fine');
    });

    test("the drafts' run from an artifact of its own (draft-artifact), read as drafts only", async () => {
      const f = fork();
      forkPull(f);
      const reports = makeZip([
        { name: 'junit/' },
        { name: 'junit/junit-1.xml', text: pytestXunit1(scenarioCases()) },
      ]);
      const drafts = makeZip([
        {
          name: 'junit.xml',
          text: pytestXunit1([{ file: 'tests/agent_drafts/test_d.py', name: 'test_d' }]),
        },
      ]);
      gh.artifacts.set(RUN_ID, [
        { id: 555, name: 'ledger-gate-reports', zip: reports },
        { id: 557, name: 'ledger-gate-drafts', zip: drafts },
      ]);
      const r = await act(node, f, runEvent(f), {
        'draft-junit': '*.xml',
        'draft-artifact': 'ledger-gate-drafts',
      });
      // No row: unclassified, as in the evidence, and said to be the drafts' run's.
      const d = r.report!.findings.find((x) => x.id === 'tests/agent_drafts/test_d.py::test_d');
      expect(d).toMatchObject({ rule: 'unclassified', result: 'reject' });
      expect(d!.message).toMatch(/^in the drafts' run: /);
      expect(r.report!.counts.cases).toBe(scenarioCases().length);
      expect(r.summary).toContain('drafts\' run from the artifact "ledger-gate-drafts"');
    });

    test('a base artifact that is not there is report-invalid for the base set, not a crash', async () => {
      const f = fork();
      forkPull(f);
      artifact();
      const r = await act(node, f, runEvent(f), {
        'base-junit': '*.xml',
        'base-artifact': 'no-such-artifact',
      });
      expect(r.outputs.decision).toBe('reject');
      const invalid = r.report!.findings.filter((x) => x.rule === 'report-invalid');
      expect(invalid.map((x) => x.message.startsWith('base run: '))).toEqual([true]);
      expect(new Set(r.report!.findings.filter((x) => x.id).map((x) => x.base_run))).toEqual(
        new Set(['unknown']),
      );
      expect(r.summary).toContain('the artifact "no-such-artifact" could not be had');
    });
  },
);
