// issue 27's and 37's acceptance on real projects, replayed: bench/setup-trial/run.sh cloned
// two real pytest, jest and vitest libraries each, ran `ledger-gate setup` there, ran the
// test job it wrote and kept the reports, the test folders and the workflow in
// __fixtures__/setup-real/ (CI cannot fetch). Here, in a git repository holding those files at their paths, the built CLI's setup
// must write that same workflow (so the kept reports are what its test job writes today),
// GitHub's parser must accept it, `init` freezes the real reports, and the gate job's step on
// them posts an admit to the fake GitHub. LEDGER_GATE_SETUP_REAL points at a fresh capture
// (run.sh does), LEDGER_GATE_SETUP_REAL_ONLY picks one project.
import { describe, expect, test } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeGitHubForFile } from './support/fake-github.js';
import { gateInputs, expectGateJobAdmits, readWorkflow } from './support/gate-job.js';
import { CLI } from './support/hostile.js';
import { HUMAN, Repo } from './support/repo.js';
import { workflowErrors } from './support/workflow-errors.js';

const { gh, cleanup } = fakeGitHubForFile();
const KEPT =
  process.env.LEDGER_GATE_SETUP_REAL ??
  path.resolve(import.meta.dirname, '..', '__fixtures__', 'setup-real');
const ONLY = process.env.LEDGER_GATE_SETUP_REAL_ONLY;
const PROJECTS = readdirSync(KEPT, { withFileTypes: true })
  .filter((d) => d.isDirectory() && (!ONLY || d.name === ONLY))
  .map((d) => d.name)
  .sort();

interface Meta {
  repository: string;
  commit: string;
  branch: string;
  stubs: string[];
}

test('the six projects are kept, two per runner (a fixture lost is a failure, not a smaller loop)', () => {
  expect(ONLY ? PROJECTS : PROJECTS).toEqual(
    ONLY ? [ONLY] : ['defu', 'iniconfig', 'ms', 'sqlparse', 'tiny-invariant', 'ufo'],
  );
});

describe.each(PROJECTS)('setup in a clone of %s', (name) => {
  test('writes the workflow it wrote there, which the parser accepts and whose gate admits the real run', async () => {
    const kept = path.join(KEPT, name);
    const meta = JSON.parse(readFileSync(path.join(kept, 'meta.json'), 'utf8')) as Meta;
    const repo = new Repo(`ledger-gate-setup-real-${name}-`);
    cleanup.push(() => repo.cleanup());
    repo.git('symbolic-ref', 'HEAD', `refs/heads/${meta.branch}`);
    cpSync(path.join(kept, 'tree'), repo.dir, { recursive: true });
    for (const f of meta.stubs) {
      mkdirSync(path.dirname(path.join(repo.dir, f)), { recursive: true });
      writeFileSync(path.join(repo.dir, f), '');
    }
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [CLI, ...args], {
        cwd: repo.dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });

    const setup = cli('setup');
    expect(setup.stderr).toBe('');
    expect(setup.status).toBe(0);
    const text = readFileSync(path.join(repo.dir, '.github/workflows/tests.yml'), 'utf8');
    expect(text).toBe(readFileSync(path.join(kept, 'tests.yml'), 'utf8'));
    expect(await workflowErrors('tests.yml', text)).toEqual([]);
    const w = readWorkflow(text);
    expect(w.on.push?.branches).toEqual([meta.branch]);
    expect(setup.stdout).toContain(`branch name pattern: ${meta.branch}\n`);

    // The reports as download-artifact leaves them, the run's absolute paths put back.
    const junitDir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-setup-real-junit-'));
    cleanup.push(() => execFileSync('rm', ['-rf', junitDir]));
    mkdirSync(junitDir, { recursive: true });
    for (const f of readdirSync(path.join(kept, 'reports')))
      writeFileSync(
        path.join(junitDir, f),
        readFileSync(path.join(kept, 'reports', f), 'utf8')
          .replaceAll('@CHECKOUT@', repo.dir)
          .replaceAll('@RUNNER_TEMP@', path.dirname(junitDir)),
      );
    const globs = gateInputs(w, junitDir).junit.trim().split('\n');
    const init = cli('init', ...globs.flatMap((g) => ['--junit', g.trim()]), '--owner', 'trial');
    expect(init.stderr).toBe('');
    expect(init.status).toBe(0);

    const base = repo.commit(`${meta.repository}@${meta.commit}, its workflow and ledger`, HUMAN);
    repo.branch('change');
    repo.write({ 'NOTES.md': 'a production-free change\n' });
    const head = repo.commit('notes', HUMAN);
    await expectGateJobAdmits(gh, w, { workspace: repo.dir, junitDir, head, base }, cleanup);
  });
});
