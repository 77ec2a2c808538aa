// run() of src/main.ts in-process, with the runner and the API mocked as
// actions/typescript-action mocks the toolkit: src/adapters/actions/runner.ts from
// __fixtures__/core.ts (inputs, outputs, the job summary, setFailed) and the GitHub client
// (src/adapters/github/rest.ts) from __fixtures__/github.ts. Git, the ledger, the reports and the decision
// are real: a repository in a temp folder. The built bundle under two Node versions and a real
// HTTP server as the API: action.test.ts (npm run test:e2e).
import { afterAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as core from '../__fixtures__/core.js';
import * as github from '../__fixtures__/github.js';
import { fed, pullRequestEvent, recordPayloadCounts } from './support/events.js';
import { Repo, ledgerYaml, pytestXunit1, scenarioCases, scenarioRows } from './support/repo.js';

jest.unstable_mockModule('../src/adapters/actions/runner.js', () => core);
jest.unstable_mockModule('../src/adapters/github/rest.js', () => github);
const { run } = await import('../src/main.js');

const GOLDEN = 'golden bytes v1\n';
const rows = (golden = GOLDEN) => scenarioRows(golden, '2020-01-10');
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** The golden and its digest changed together: a contract change, for a human to review. */
const goldenBump = (r: Repo) =>
  r.write({
    'tests/goldens/a.txt': 'golden bytes v2\n',
    'tests/ledger.yaml': ledgerYaml(rows('golden bytes v2\n')),
  });

interface Scenario {
  repo: Repo;
  base: string;
  head: string;
}

/** main holds an admissible state; the checked-out `change` branch gets `edit`. */
function scenario(edit: (r: Repo) => void = () => undefined): Scenario {
  const repo = new Repo('ledger-gate-main-');
  temps.push(repo.dir);
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
  const head = repo.commit('change');
  // The reports, as a test job leaves them in the workspace (not committed).
  repo.write({ 'reports/junit.xml': pytestXunit1(scenarioCases()) });
  return { repo, base, head };
}

/** The runner's environment for a pull_request event whose payload is `payload`. */
function runnerEnv(s: Scenario, payload: string): NodeJS.ProcessEnv {
  const temp = mkdtempSync(path.join(tmpdir(), 'ledger-gate-main-runner-'));
  temps.push(temp);
  const eventPath = path.join(temp, 'event.json');
  writeFileSync(eventPath, payload);
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'acme/widgets',
    GITHUB_WORKSPACE: s.repo.dir,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '4242',
    RUNNER_TEMP: temp,
  };
}

/** The pull_request event GitHub sends for the scenario, whole and held to its description. */
function prPayload(s: Scenario): string {
  return JSON.stringify(fed('pull_request', pullRequestEvent({ head: s.head, base: s.base })));
}
recordPayloadCounts();

/** Runs the action in-process on the scenario, with the inputs action.yml would pass. */
async function act(s: Scenario, payload = prPayload(s), inputs: Record<string, string> = {}) {
  core.setInputs({
    junit: 'reports/*.xml',
    ledger: 'tests/ledger.yaml',
    'check-name': 'ledger-gate',
    'fail-on': 'review',
    token: 'ghs_faketoken',
    expect: 'all',
    'max-annotations': '1000',
    ...inputs,
  });
  const env = runnerEnv(s, payload);
  await run(env);
  return { env, outputs: outputs() };
}

/** The next reviews listing holds one approval of the head by a member, maria. */
function approvedOnHead(s: Scenario): void {
  github.repos.getCollaboratorPermissionLevel.mockResolvedValueOnce({
    data: { permission: 'write', role_name: 'maintain' },
  });
  github.pulls.listReviews.mockResolvedValueOnce({
    data: [
      {
        user: { login: 'maria', type: 'User' },
        state: 'APPROVED',
        commit_id: s.head,
        author_association: 'MEMBER',
      },
    ],
  });
}

/** The outputs set, by name. */
function outputs(): Record<string, string> {
  return Object.fromEntries(core.setOutput.mock.calls.map(([k, v]) => [k, String(v)]));
}

/** The last update of the check run: its conclusion and output. */
function lastUpdate(): Record<string, unknown> {
  const calls = github.checks.update.mock.calls;
  expect(calls.length).toBeGreaterThan(0);
  return calls[calls.length - 1][0];
}

const savedSummary = process.env.GITHUB_STEP_SUMMARY;
beforeEach(() => {
  core.reset();
  github.reset();
  // main.ts writes the job summary only where the runner gives it a file (the mock keeps it).
  process.env.GITHUB_STEP_SUMMARY = path.join(tmpdir(), 'ledger-gate-main-summary-unused.md');
});
afterAll(() => {
  if (savedSummary === undefined) delete process.env.GITHUB_STEP_SUMMARY;
  else process.env.GITHUB_STEP_SUMMARY = savedSummary;
});

describe('run() in-process, with the toolkit mocked', () => {
  test("no ledger input: the checkout's test folder's ledger, where init writes it", async () => {
    // The scenario's ledger is tests/ledger.yaml; moved to test/ (no tests/ folder left but
    // the goldens'), the default still finds tests/ first, so the move needs the input.
    const s = scenario();
    expect((await act(s, prPayload(s), { ledger: '' })).outputs.decision).toBe('admit');
    const moved = scenario((r) => {
      r.write({ 'test/ledger.yaml': readFileSync(path.join(r.dir, 'tests/ledger.yaml')) });
      r.remove('tests/ledger.yaml');
    });
    expect((await act(moved, prPayload(moved), { ledger: '' })).outputs.decision).toBe('reject');
    expect(core.summaryText().at(-1)).toContain('tests/ledger.yaml');
  });

  test('admit: the outputs, a successful check run, the job summary, no failure; the JSON report only when asked', async () => {
    const s = scenario();
    const asked = await act(s, prPayload(s), { 'json-report': 'always' });
    const reportPath = path.join(asked.env.RUNNER_TEMP!, 'ledger-gate-report.json');
    expect(asked.outputs['report-path']).toBe(reportPath);
    expect(JSON.parse(readFileSync(reportPath, 'utf8')).counts).toMatchObject({ admit: 2 });
    expect(core.summaryText().at(-1)).toContain('is in the JSON report (the `report-path` output)');
    core.reset();
    github.reset();

    // json-report's default, auto: an admit's findings all admit, and the summary counts them.
    const { env, outputs: out } = await act(s);
    expect(existsSync(path.join(env.RUNNER_TEMP!, 'ledger-gate-report.json'))).toBe(false);
    expect(out).toEqual({
      decision: 'admit',
      admitted: '2',
      review: '0',
      rejected: '0',
      'report-path': '',
      'check-run-id': '42',
      'check-url': 'https://github.example/acme/widgets/runs/42',
      tests: '4',
      passed: '2',
      failed: '2',
      skipped: '0',
    });
    expect(core.setFailed).not.toHaveBeenCalled();

    expect(github.createApi).toHaveBeenCalledTimes(1);
    expect(github.createApi.mock.calls[0][0].token).toBe('ghs_faketoken');
    expect(github.checks.create).toHaveBeenCalledTimes(1);
    expect(github.checks.create.mock.calls[0][0]).toMatchObject({
      owner: 'acme',
      repo: 'widgets',
      name: 'ledger-gate',
      head_sha: s.head,
      status: 'in_progress',
    });
    expect(lastUpdate()).toMatchObject({ status: 'completed', conclusion: 'success' });
    // An admit needs no approval: the reviews are not listed.
    expect(github.pulls.listReviews).not.toHaveBeenCalled();

    expect(core.summaryText()).toHaveLength(1);
    expect(core.summaryText()[0]).toMatch(/^## ✅ ledger-gate: admit/);
    expect(core.summaryText()[0]).toContain('| `fixture-unchanged` |');
    expect(core.summaryText()[0]).toContain('No JSON report was written this run');
  });

  test('review: the golden changed with its digest; no approval, so the step fails and the check asks for action', async () => {
    const s = scenario(goldenBump);
    const { outputs: out } = await act(s);
    expect(out).toMatchObject({ decision: 'review', rejected: '0' });
    expect(out.review).not.toBe('0');
    expect(lastUpdate()).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    // The approval was looked for on the pull request the event names.
    expect(github.pulls.listReviews).toHaveBeenCalledTimes(1);
    expect(github.pulls.listReviews.mock.calls[0][0]).toMatchObject({ pull_number: 7 });
    expect(core.setFailed).toHaveBeenCalledTimes(1);
    expect(core.setFailed.mock.calls[0][0]).toBe(
      'ledger-gate: review (fail-on: review); see the job summary',
    );
    expect(core.summaryText()[0]).toContain('fixture-contract-change');
    expect(core.summaryText()[0]).toContain(`no eligible approval on ${s.head.slice(0, 12)}`);
  });

  test('review approved on the head by a maintainer: admitted, the approver named, the step passes', async () => {
    const s = scenario(goldenBump);
    approvedOnHead(s);
    const { outputs: out } = await act(s);
    expect(out).toMatchObject({ decision: 'admit', review: '0', rejected: '0' });
    expect(lastUpdate()).toMatchObject({ conclusion: 'success' });
    expect(core.setFailed).not.toHaveBeenCalled();
    expect(core.summaryText()[0]).toContain('approved by maria');
  });

  test("a human's harness edit is review (harness-change), and admit after an approval on the head", async () => {
    const s = scenario((r) =>
      r.write({ 'tests/conftest.py': 'def pytest_configure(config): pass\n' }),
    );
    expect((await act(s)).outputs).toMatchObject({ decision: 'review', rejected: '0' });
    expect(core.summaryText()[0]).toContain('harness-change');
    approvedOnHead(s);
    expect((await act(s)).outputs).toMatchObject({ decision: 'admit', review: '0' });
  });

  test('review under fail-on: reject: the check still asks for action, the step does not fail', async () => {
    const s = scenario(goldenBump);
    const { outputs: out } = await act(s, undefined, { 'fail-on': 'reject' });
    expect(out.decision).toBe('review');
    expect(lastUpdate()).toMatchObject({ conclusion: 'action_required' });
    expect(core.setFailed).not.toHaveBeenCalled();
  });

  test('reject: a golden rewritten without its digest; the outputs count it, setFailed names the decision', async () => {
    const s = scenario((r) => r.write({ 'tests/goldens/a.txt': 'golden bytes v2\n' }));
    const { outputs: out } = await act(s);
    // The golden's test (fixture-digest-mismatch), and the golden rewritten beside src/lib.py:
    // production-golden-no-bump, checked with the production paths derived from the base.
    expect(out).toMatchObject({ decision: 'reject', rejected: '2' });
    expect(lastUpdate()).toMatchObject({ status: 'completed', conclusion: 'failure' });
    const update = lastUpdate() as { output: { annotations?: { annotation_level: string }[] } };
    expect(update.output.annotations?.some((a) => a.annotation_level === 'failure')).toBe(true);
    expect(core.setFailed).toHaveBeenCalledTimes(1);
    expect(core.setFailed.mock.calls[0][0]).toBe(
      'ledger-gate: reject (fail-on: review); see the job summary',
    );
    expect(core.summaryText()[0]).toMatch(/^## ❌ ledger-gate: reject/);
    expect(core.summaryText()[0]).toContain('fixture-digest-mismatch');
    // What needs action is in the log too.
    const log = core.info.mock.calls.map(([l]) => l).join('\n');
    expect(log).toContain('reject fixture-digest-mismatch');
  });

  test('json-report auto writes the report of a reject (the summary may not list it all); never writes none', async () => {
    const s = scenario((r) => r.write({ 'tests/goldens/a.txt': 'golden bytes v2\n' }));
    const { outputs: out } = await act(s);
    const report = JSON.parse(readFileSync(out['report-path'], 'utf8'));
    expect(report.findings.map((f: { rule: string }) => f.rule)).toContain(
      'fixture-digest-mismatch',
    );
    expect(core.summaryText()[0]).toContain('is in the JSON report (the `report-path` output)');
    core.reset();
    github.reset();

    const { env, outputs: none } = await act(s, prPayload(s), { 'json-report': 'never' });
    expect(none).toMatchObject({ decision: 'reject', 'report-path': '' });
    expect(existsSync(path.join(env.RUNNER_TEMP!, 'ledger-gate-report.json'))).toBe(false);
    expect(core.summaryText()[0]).toContain('No JSON report was written this run');
  });

  test('json-report takes auto, always or never; anything else stops the run with the value quoted', async () => {
    const s = scenario();
    const { outputs: out } = await act(s, prPayload(s), { 'json-report': 'yes' });
    expect(out.decision).toBeUndefined();
    expect(core.setFailed.mock.calls[0][0]).toBe(
      'ledger-gate: input json-report must be one of auto, always, never, not "yes"',
    );
  });

  test('a malformed event payload: one line through setFailed, before any API call; no outputs, no summary', async () => {
    const s = scenario();
    await act(s, '{"pull_request": {"number": 7,');
    expect(core.setFailed).toHaveBeenCalledTimes(1);
    const line = core.setFailed.mock.calls[0][0] as string;
    expect(line).toMatch(/^ledger-gate: /);
    expect(line).toContain('event.json');
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).not.toMatch(/^\s+at /m);
    // The client is created only after the payload is read: nothing reached the API.
    expect(github.createApi).not.toHaveBeenCalled();
    expect(github.checks.create).not.toHaveBeenCalled();
    expect(core.setOutput).not.toHaveBeenCalled();
    expect(core.summaryText()).toEqual([]);
  });

  test('an API failure after the check run started: the check run is failed with the one line, and so is the step', async () => {
    const s = scenario(goldenBump);
    github.pulls.listReviews.mockRejectedValueOnce(
      Object.assign(new Error('Server Error\nat somewhere'), { status: 500 }),
    );
    await act(s);
    const line =
      'GitHub API: listing the reviews of pull request #7 failed (HTTP 500): Server Error';
    expect(core.setFailed.mock.calls).toEqual([[`ledger-gate: ${line}`]]);
    expect(lastUpdate()).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'ledger-gate could not decide' },
    });
    expect(core.setOutput).not.toHaveBeenCalled();
  });
});
