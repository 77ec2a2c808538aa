// One check, findable, and the counts and switches people use, through the bundle under Node 24
// against the fake GitHub: the check run's id and page as outputs and linked from the job
// summary, a warning when the job's own check would share the check run's name, test counts
// by status, the job summary switched off, and `!pattern` exclusions in `junit`.
import { describe, expect, test } from '@jest/globals';
import { fakeGitHubForFile, pullRequest7 } from './support/fake-github.js';
import { cleanupRun, node24, runAction, type ActionRun } from './support/fake-github-runner.js';
import {
  Repo,
  SCENARIO_FILE,
  ledgerYaml,
  pytestXunit1,
  scenarioCases,
  scenarioRows,
} from './support/repo.js';

const { gh, cleanup } = fakeGitHubForFile();
const NODE = node24();
const GOLDEN = 'golden bytes v1\n';

/** An admissible change, its report in reports/junit.xml plus whatever `extra` writes. */
function change(extra: Record<string, string> = {}): { repo: Repo; base: string; head: string } {
  const repo = new Repo('ledger-gate-check-');
  cleanup.push(() => repo.cleanup());
  repo.write({
    'tests/ledger.yaml': ledgerYaml(scenarioRows(GOLDEN, '2020-01-10')),
    'tests/goldens/a.txt': GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
  });
  const base = repo.commit('base');
  repo.branch('change');
  repo.write({ 'src/lib.py': 'x = 2\n' });
  const head = repo.commit('change');
  repo.write({ 'reports/junit.xml': pytestXunit1(scenarioCases()), ...extra });
  return { repo, base, head };
}

async function act(
  s: { repo: Repo; base: string; head: string },
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<ActionRun> {
  const r = await runAction({
    node: NODE.bin,
    workspace: s.repo.dir,
    eventName: 'pull_request',
    event: pullRequest7(gh, s),
    apiUrl: gh.url,
    inputs: { junit: 'reports/*.xml', ...inputs },
    env,
  });
  cleanup.push(() => cleanupRun(r));
  return r;
}

describe('one check, findable', () => {
  test('the check run’s id and page are outputs, and the job summary links it', async () => {
    const r = await act(change());
    expect(r.code).toBe(0);
    const run = gh.onlyCheckRun();
    const url = `https://github.example/acme/widgets/runs/${run.id}`;
    expect(r.outputs).toMatchObject({ 'check-run-id': String(run.id), 'check-url': url });
    expect(r.summary).toContain(`The check run: [\`ledger-gate\`](${url})`);
    // The check run's own summary does not link to itself.
    expect(run.output?.summary).not.toContain('The check run:');
  });

  test('without checks: write there is no check run: both outputs are empty', async () => {
    gh.forbidChecks = true;
    const r = await act(change());
    expect(r.outputs).toMatchObject({ 'check-run-id': '', 'check-url': '', decision: 'admit' });
    expect(r.summary).not.toContain('The check run:');
  });

  test('a job named as the check run gets a warning: two checks of one name on the commit', async () => {
    const r = await act(change(), {}, { GITHUB_JOB: 'ledger-gate' });
    const warning =
      'the job running this action is named "ledger-gate", as the check run (check-name)';
    expect(r.stdout).toContain(`::warning::${warning}`);
    expect(r.summary).toContain(warning);
    const renamed = await act(change(), { 'check-name': 'ledger-gate / evidence' });
    expect(renamed.stdout).not.toContain('::warning::the job running this action');
  });
});

describe('counts and switches', () => {
  test('tests, passed, failed and skipped count the test cases by status', async () => {
    // The scenario: a locked fixture and a property that pass, a quarantined failure and a
    // draft that fails.
    const r = await act(change());
    expect(r.outputs).toMatchObject({ tests: '4', passed: '2', failed: '2', skipped: '0' });
  });

  test('job-summary: false writes no job summary; the check run keeps its own', async () => {
    const r = await act(change(), { 'job-summary': 'false' });
    expect(r.code).toBe(0);
    expect(r.summary).toBe('');
    expect(r.stdout).toContain('job-summary is false: no job summary written');
    expect(gh.onlyCheckRun().output?.summary).toContain('ledger-gate: admit');
  });

  test('job-summary other than true or false stops the run, quoting it', async () => {
    const r = await act(change(), { 'job-summary': 'off' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('input job-summary must be true or false, not "off"');
  });

  test('`!pattern` in junit excludes files from the other patterns, wherever it stands', async () => {
    // A report of another run beside the real one: unclassified tests that would reject.
    const stray = pytestXunit1([{ file: SCENARIO_FILE, name: 'test_not_in_the_ledger' }]);
    const s = change({ 'reports/stale/old.xml': stray });
    const all = await act(s, { junit: 'reports/**/*.xml' });
    expect(all.outputs.decision).toBe('reject');
    const kept = await act(s, { junit: '!reports/stale/**\nreports/**/*.xml' });
    expect(kept.outputs.decision).toBe('admit');
    const only = await act(s, { junit: '!reports/stale/**' });
    expect(only.code).toBe(1);
    expect(only.stdout).toContain('input junit holds only exclusions');
  });
});
