// The mutation pass in the workflow_run flow (issue 39): the action bundle, run as the runner
// runs it in a depth-1 checkout of the base, against the fake GitHub, with the run's JUnit in
// one artifact and the mutation report in its own (`mutation-artifact`). The shop and its
// ledger are the real plays' (mutation-plays.ts: a real jest run, the ledger frozen by `init`);
// the mutation reports are the ones real StrykerJS runs wrote on the same sources
// (__fixtures__/mutation/, kept by mutation-stryker.test.ts), so no Stryker runs here.
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Finding, Report } from '../src/types.js';
import { fakeGitHubForFile } from './support/fake-github.js';
import { cleanupRun, node24, runAction, type ActionRun } from './support/fake-github-runner.js';
import { ROOT } from './support/hostile.js';
import { mutationBase, runJest } from './support/mutation-plays.js';
import { cli } from './support/plays.js';
import { AGENT, HUMAN, Repo } from './support/repo.js';
import { makeZip } from './support/zip.js';
import { workflowRunEvent } from './support/events.js';

const { gh, cleanup } = fakeGitHubForFile();
const NODE = node24();
const RUN_ID = 9101;
const PR = 12;

let shop: Repo | undefined;
afterAll(() => shop?.cleanup());

const fixture = (name: string) =>
  readFileSync(path.join(ROOT, '__fixtures__/mutation', name), 'utf8');

// The agent's changes the real Stryker runs mutated: their bytes are the reports' `source`.
const DISCOUNT = [
  'function total(items) {',
  '  let sum = 0;',
  '  for (const i of items) sum += i.price * i.qty;',
  '  return sum;',
  '}',
  '',
  'function discount(sum) {',
  '  if (sum > 100) return sum * 0.9;',
  '  return sum;',
  '}',
  '',
  'module.exports = { total, discount };',
  '',
].join('\n');
const DRAFT_FILE = 'tests/agent_drafts/discount.test.js';
const DRAFT_TEST = [
  "const { discount } = require('../../src/price');",
  "test('discounts big sums', () => {",
  '  expect(discount(200)).toBe(180);',
  '  expect(discount(100)).toBe(100);',
  '  expect(discount(50)).toBe(50);',
  '});',
  '',
].join('\n');
const DRAFT_ROW = `  - id: ${DRAFT_FILE}::discounts big sums\n    class: draft\n    source: agent\n    proposed_class: locked_fixture\n`;
const PROMOTED_ROW = `  - id: ${DRAFT_FILE}::discounts big sums\n    class: locked_fixture\n    artifact: ${DRAFT_FILE}\n`;
const REDUCE = [
  'function total(items) {',
  '  return items.reduce((sum, i) => sum + i.price * i.qty, 0);',
  '}',
  '',
  'module.exports = { total };',
  '',
].join('\n');

interface Fork {
  upstream: Repo;
  base: string;
  head: string;
  junit: string;
  workspace: string;
}

/**
 * The human's shop on main; the agent's commits (each a file map) on a fork, upstream only as
 * refs/pull/N/head, with the real jest run's JUnit on the head; the job's depth-1 base clone.
 */
function fork(...commits: Record<string, string>[]): Fork {
  return forkWith((up) => {
    for (const [i, files] of commits.entries()) up.write(files).commit(`agent ${i}`, AGENT);
  });
}

/** The same, the fork's commits made by `build` on the upstream's `change` branch. */
function forkWith(build: (up: Repo) => void): Fork {
  const upstream = new Repo('ledger-gate-mwr-up-');
  cleanup.push(() => upstream.cleanup());
  // A copy of the one base the file builds: its jest run and `init` are not redone per test.
  rmSync(upstream.dir, { recursive: true, force: true });
  cpSync((shop ??= mutationBase()).dir, upstream.dir, { recursive: true });
  const base = upstream.git('rev-parse', 'main').trim();
  build(upstream);
  const head = upstream.git('rev-parse', 'HEAD').trim();
  runJest(upstream);
  const junit = readFileSync(path.join(upstream.dir, 'reports/junit.xml'), 'utf8');
  upstream.git('update-ref', `refs/pull/${PR}/head`, head);
  upstream.git('checkout', '-q', 'main');
  upstream.git('branch', '-q', '-D', 'change');
  const workspace = mkdtempSync(path.join(tmpdir(), 'ledger-gate-mwr-ws-'));
  cleanup.push(() => rmSync(workspace, { recursive: true, force: true }));
  execFileSync('git', ['clone', '-q', '--depth', '1', `file://${upstream.dir}`, workspace]);
  const f = { upstream, base, head, junit, workspace };
  forkPull(f);
  return f;
}

function forkPull(f: Fork): void {
  gh.pulls.set(PR, {
    number: PR,
    user: { login: 'outsider' },
    head: { sha: f.head, label: 'outsider:fork-change' },
    base: { sha: f.base },
    reviews: [],
  });
}

/** The run's artifacts: its JUnit, and the mutation report (if any) as an artifact of its own. */
function artifacts(f: Fork, mutation?: string): void {
  gh.artifacts.set(RUN_ID, [
    { id: 701, name: 'ledger-gate-reports', zip: makeZip([{ name: 'junit.xml', text: f.junit }]) },
    ...(mutation === undefined
      ? []
      : [{ id: 702, name: 'mutation', zip: makeZip([{ name: 'mutation.json', text: mutation }]) }]),
  ]);
}

async function act(f: Fork, inputs: Record<string, string> = {}): Promise<ActionRun> {
  const r = await runAction({
    node: NODE.bin,
    workspace: f.workspace,
    eventName: 'workflow_run',
    // Built whole by the shared builder, so GitHub's webhooks description holds it.
    event: workflowRunEvent({
      id: RUN_ID,
      event: 'pull_request',
      conclusion: 'success',
      headSha: f.head,
      headBranch: 'fork-change',
      headRepo: 'outsider/widgets',
    }),
    apiUrl: gh.url,
    inputs: {
      junit: 'junit.xml',
      artifact: 'ledger-gate-reports',
      'mutation-report': 'mutation.json',
      'mutation-artifact': 'mutation',
      ...inputs,
    },
  });
  cleanup.push(() => cleanupRun(r));
  return r;
}

const acting = (r: Report) =>
  [
    ...new Set(
      r.findings
        .filter((x) => x.result === 'reject' || x.result === 'review')
        .map((x) => `${x.rule}:${x.result}`),
    ),
  ].sort();
const ruled = (r: Report, rule: string): Finding[] => r.findings.filter((x) => x.rule === rule);

describe('the mutation pass through the action on workflow_run (node 24)', () => {
  test("an agent's untested addition: its surviving mutants ask for review, annotated on its lines", async () => {
    const f = fork({ 'src/price.js': DISCOUNT });
    artifacts(f, fixture('stryker-jest-untested.json'));
    const r = await act(f);
    expect(r.stderr).toBe('');
    expect(r.outputs.decision).toBe('review');
    expect(acting(r.report!)).toEqual(['mutant-survived:review']);
    const lines = ruled(r.report!, 'mutant-survived').map((x) => `${x.file}:${x.line}`);
    expect(lines).toEqual(expect.arrayContaining(['src/price.js:8', 'src/price.js:9']));
    const on8 = ruled(r.report!, 'mutant-survived').find((x) => x.line === 8)!;
    expect(on8.mutants!.map((m) => m.mutator)).toContain('EqualityOperator');
    expect(r.summary).toContain('mutation reports from the artifact "mutation" of run 9101');
    const run = gh.onlyCheckRun();
    expect(run).toMatchObject({ head_sha: f.head, conclusion: 'action_required' });
    expect(run.annotations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'src/price.js',
          start_line: 8,
          annotation_level: 'warning',
        }),
      ]),
    );
    // The mutation report came from its own artifact, not the reports' one.
    expect(gh.requests.some((q) => q.path.endsWith('/actions/artifacts/702/zip'))).toBe(true);
  }, 60_000);

  test('an honest refactor the classified tests kill is admitted under require-killed-mutants', async () => {
    const f = fork({ 'src/price.js': REDUCE });
    artifacts(f, fixture('stryker-jest-refactor.json'));
    const r = await act(f, { 'require-killed-mutants': 'true' });
    expect(r.stderr).toBe('');
    expect(acting(r.report!)).toEqual([]);
    expect(r.outputs.decision).toBe('admit');
    expect(r.code).toBe(0);
    expect(gh.onlyCheckRun()).toMatchObject({ head_sha: f.head, conclusion: 'success' });
  }, 60_000);

  test('mutants killed only by a test the change wrote (a promoted draft) do not count', async () => {
    const f = forkWith((up) => {
      up.write({ 'src/price.js': DISCOUNT, [DRAFT_FILE]: DRAFT_TEST });
      appendFileSync(path.join(up.dir, 'tests/ledger.yaml'), DRAFT_ROW);
      up.commit('a discount and its draft test', AGENT);
      // A human promotes the agent's draft in the same pull request.
      const ledger = readFileSync(path.join(up.dir, 'tests/ledger.yaml'), 'utf8');
      up.write({ 'tests/ledger.yaml': ledger.replace(DRAFT_ROW, PROMOTED_ROW) });
      runJest(up);
      const lock = cli(up, ['relock', DRAFT_FILE]);
      if (lock.code !== 0) throw new Error(`relock refused: ${lock.stderr}`);
      up.commit('promote the discount test', HUMAN);
    });
    artifacts(f, fixture('stryker-jest-own-tests.json'));
    const r = await act(f);
    expect(r.stderr).toBe('');
    expect(r.outputs.decision).toBe('review');
    const on8 = ruled(r.report!, 'mutant-survived').find((x) => x.line === 8)!;
    expect(on8.message).toContain('not killed by an admissible test');
    expect(on8.mutants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          why: expect.stringMatching(
            /killed only by .*discounts big sums \(a test file the change adds\)/,
          ),
        }),
      ]),
    );
    gh.reset();
    forkPull(f);
    artifacts(f, fixture('stryker-jest-own-tests.json'));
    const strict = await act(f, { 'require-killed-mutants': 'true' });
    expect(strict.outputs.decision).toBe('reject');
    expect(acting(strict.report!)).toContain('mutant-survived:reject');
  }, 60_000);

  test('a stale report (the head changed the file after the run mutated it) is rejected', async () => {
    const f = fork(
      { 'src/price.js': REDUCE },
      { 'src/price.js': REDUCE.replace('0);', '0) + 0;') },
    );
    artifacts(f, fixture('stryker-jest-refactor.json'));
    const r = await act(f, { 'require-killed-mutants': 'true' });
    expect(r.outputs.decision).toBe('reject');
    const invalid = ruled(r.report!, 'report-invalid');
    expect(invalid.map((x) => x.message)).toEqual([
      expect.stringMatching(/stale: its source of src\/price\.js is not the head's bytes/),
    ]);
    expect(gh.onlyCheckRun()).toMatchObject({ head_sha: f.head, conclusion: 'failure' });
  }, 60_000);

  test('a mutation report the change ships is not evidence: report-in-change, rejected', async () => {
    // The fork commits a report that says every mutant was killed; its run "writes" that copy.
    const forged = fixture('stryker-jest-untested.json').replace(/"NoCoverage"/g, '"Killed"');
    const f = fork({ 'src/price.js': DISCOUNT, 'ci/mutation.json': forged });
    artifacts(f, forged);
    const r = await act(f);
    expect(r.outputs.decision).toBe('reject');
    const shipped = ruled(r.report!, 'report-in-change');
    expect(shipped.map((x) => x.message)).toEqual([
      expect.stringMatching(
        /^mutation report: .*has the bytes of ci\/mutation\.json, a file this change adds/,
      ),
    ]);
    // Not read: the agent's lines stay unchecked.
    expect(acting(r.report!)).toEqual(
      expect.arrayContaining(['report-in-change:reject', 'mutant-survived:review']),
    );
  }, 60_000);

  test("the mutation report in the reports' own artifact (no mutation-artifact) is read from there", async () => {
    const f = fork({ 'src/price.js': REDUCE });
    gh.artifacts.set(RUN_ID, [
      {
        id: 701,
        name: 'ledger-gate-reports',
        zip: makeZip([
          { name: 'junit.xml', text: f.junit },
          { name: 'mutation/' },
          { name: 'mutation/mutation.json', text: fixture('stryker-jest-refactor.json') },
        ]),
      },
    ]);
    const r = await act(f, {
      'require-killed-mutants': 'true',
      'mutation-artifact': '',
      'mutation-report': 'mutation/*.json',
    });
    expect(r.stderr).toBe('');
    expect(r.outputs.decision).toBe('admit');
    expect(r.summary).toContain(
      'mutation: 1 judged line(s) in 1 file(s), 3 mutant(s) on them judged',
    );
    // One download: the reports' artifact serves the mutation report too.
    expect(gh.requests.filter((q) => q.path.endsWith('/zip')).map((q) => q.path)).toEqual([
      '/repos/acme/widgets/actions/artifacts/701/zip',
    ]);
  }, 60_000);

  test.each<[string, (f: Fork) => void, Record<string, string>, RegExp]>([
    [
      'no mutation artifact',
      (f) => artifacts(f),
      {},
      /mutation reports: the artifact "mutation" could not be had \(run 9101 has no artifact named "mutation"/,
    ],
    [
      'a mutation artifact whose files the glob does not match',
      (f) => artifacts(f, fixture('stryker-jest-refactor.json')),
      { 'mutation-report': 'stryker/*.json' },
      /mutation report: no report file matches this pattern/,
    ],
  ])(
    '%s: the pass fails closed, a reject that says why',
    async (_w, setUp, inputs, why) => {
      const f = fork({ 'src/price.js': REDUCE });
      setUp(f);
      const r = await act(f, { 'require-killed-mutants': 'true', ...inputs });
      expect(r.outputs.decision).toBe('reject');
      expect(r.summary).toMatch(why);
      expect(acting(r.report!)).toEqual(['mutant-survived:reject', 'report-invalid:reject']);
      const unmutated = ruled(r.report!, 'mutant-survived');
      expect(unmutated.map((x) => x.message)).toEqual([
        'src/price.js: 1 judged line(s) (2) not mutated: no mutation report covers the file',
      ]);
      // Headed as what it is: require-killed-mutants made the review a reject.
      expect(r.summary).toContain('### ❌ `mutant-survived` — reject · 1');
      expect(gh.onlyCheckRun()).toMatchObject({ head_sha: f.head, conclusion: 'failure' });
    },
    60_000,
  );
});
