// This repository's own workflows: the self-gate runs the base branch's gate, CI and releases
// run on the Node the action runs on, dist/ is checked in its own job, and a release runs the
// same script as CI's dry run.
import { expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

interface Step {
  uses?: string;
  run?: string;
  id?: string;
  if?: string;
  with?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: Step[]; needs?: string }>;
}
const ci = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as Workflow;
const release = parse(readFileSync('.github/workflows/release.yml', 'utf8')) as Workflow;
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps);

test("the self-gate judges a pull request with the base branch's built gate, never its own dist/", () => {
  const gate = ci.jobs.gate.steps;
  const local = steps(ci).filter((s) => s.uses?.startsWith('.'));
  expect(local.map((s) => s.uses)).toEqual(['./.base-gate']);
  const base = gate.find((s) => s.with?.path === '.base-gate')!;
  expect(base.uses).toMatch(/^actions\/checkout@/);
  for (const ref of [
    'github.event.pull_request.base.sha',
    'github.event.merge_group.base_sha',
    'github.event.before',
  ]) {
    expect(base.with!.ref).toContain(ref);
  }
  expect(base.with!.ref).not.toMatch(/head|github\.sha|github\.ref\b/);
  // The base gate is checked out after the change (which would otherwise clean it away).
  expect(gate.indexOf(base)).toBeGreaterThan(gate.findIndex((s) => s.uses?.includes('checkout')));
  expect(gate.indexOf(base)).toBeLessThan(gate.findIndex((s) => s.uses === './.base-gate'));
});

test('CI and the release run on the Node of .node-version, the one action.yml runs', () => {
  expect(readFileSync('.node-version', 'utf8')).toBe('24\n');
  expect(readFileSync('action.yml', 'utf8')).toMatch(/^ {2}using: node24$/m);
  const setups = [...steps(ci), ...steps(release)].filter((s) => s.uses?.includes('setup-node'));
  expect(setups.length).toBeGreaterThanOrEqual(3);
  for (const s of setups) expect(s.with).toMatchObject({ 'node-version-file': '.node-version' });
});

test('dist/ is checked in its own job, which uploads the expected dist/ when it differs', () => {
  const job = ci.jobs['check-dist'].steps;
  const check = job.find((s) => s.run === 'bash scripts/check-dist.sh')!;
  const upload = job.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
  expect(upload.if).toBe(`failure() && steps.${check.id}.conclusion == 'failure'`);
  expect(upload.with).toMatchObject({ path: 'dist/' });
  expect(steps(ci).filter((s) => s.run?.includes('check-dist'))).toHaveLength(1);
});

test('a version tag releases: tests, dist/ check, notes from the CHANGELOG, the major tag moved', () => {
  expect(release.on).toEqual({ push: { tags: ['v*.*.*'] } });
  const runs = steps(release).map((s) => s.run ?? '');
  const at = (re: RegExp) => runs.findIndex((r) => re.test(r));
  expect(at(/^npm test$/)).toBeGreaterThan(-1);
  expect(at(/check-dist\.sh/)).toBeGreaterThan(at(/^npm test$/));
  expect(at(/scripts\/release\.mjs "\$GITHUB_REF_NAME" --notes/)).toBeGreaterThan(at(/check-dist/));
  expect(at(/^bash scripts\/pack-check\.sh "\$RUNNER_TEMP\/pack"$/)).toBeGreaterThan(
    at(/release\.mjs/),
  );
  expect(
    at(/gh release create "\$TAG" .*--notes-file .* "\$RUNNER_TEMP\/pack\/\$TARBALL"$/),
  ).toBeGreaterThan(at(/pack-check/));
  expect(at(/git push --force origin "refs\/tags\/\$MAJOR"/)).toBeGreaterThan(at(/gh release/));
  // Attacker-free, but still: no ${{ }} expansion inside a shell script.
  for (const r of runs) expect(r).not.toContain('${{');
  // CI runs the same script as a dry run.
  expect(steps(ci).map((s) => s.run)).toContain(
    'node scripts/release.mjs --dry-run --notes build/release-notes.md',
  );
  expect(readFileSync('.ci/run', 'utf8')).toContain(
    'step node scripts/release.mjs --dry-run --notes build/release-notes.md\n',
  );
  expect(readFileSync('.ci/run', 'utf8')).toContain('step bash scripts/pack-check.sh\n');
});

// Two test groups (jest.config.js): `npm test`, fast, and `npm run test:e2e`, the built bundles.
// Every place that runs the tests runs both, and the self-gate judges both JUnit files.
test('CI, the release, .ci/run and the README run both test groups; the self-gate reads both reports', async () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(pkg.scripts.test).toMatch(
    /JEST_JUNIT_OUTPUT_NAME=junit\.xml jest --selectProjects unit --maxWorkers=2$/,
  );
  expect(pkg.scripts['test:e2e']).toMatch(
    /JEST_JUNIT_OUTPUT_NAME=junit-e2e\.xml jest --selectProjects e2e --maxWorkers=2$/,
  );
  for (const w of [ci, release]) {
    const runs = steps(w).map((s) => s.run);
    expect(runs.indexOf('npm run test:e2e')).toBe(runs.indexOf('npm test') + 1);
  }
  const upload = ci.jobs.test.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
  expect(upload.with).toMatchObject({ name: 'junit', path: 'build/junit*.xml' });

  const local = readFileSync('.ci/run', 'utf8');
  expect(local).toMatch(/^step npm test\nstep npm run test:e2e$/m);
  expect(local).toMatch(
    /^node scripts\/junit-tally\.mjs build\/junit\.xml build\/junit-e2e\.xml build\/junit-e2e-node22\.xml /m,
  );
  for (const script of ['scripts/self-gate.sh', 'scripts/self-ledger.sh'])
    expect(readFileSync(script, 'utf8')).toContain(
      '--junit build/junit.xml --junit build/junit-e2e.xml',
    );
  const readme = readFileSync('README.md', 'utf8');
  expect(/```sh\n[^\n]*\n([^\n]*)/.exec(readme)![1]).toMatch(
    /^npm ci && npm test && npm run test:e2e +#/,
  );

  // Each end-to-end file the config names exists: a renamed one would drop into the fast group.
  const config = pathToFileURL(path.resolve('jest.config.js')).href;
  const { E2E } = (await import(config)) as { E2E: string[] };
  for (const f of E2E) expect([f, existsSync(f.replace('<rootDir>/', ''))]).toEqual([f, true]);
});

// jest's --selectProjects takes every word after it as a project name: a file named after it
// is no filter, and the whole e2e group would run again on Node 22.
test('npm run test:e2e:node22 runs only the CLI end-to-end files (CLI_E2E)', async () => {
  const config = pathToFileURL(path.resolve('jest.config.js')).href;
  const { CLI_E2E } = (await import(config)) as { CLI_E2E: string[] };
  const r = spawnSync('npm', ['run', '--silent', 'test:e2e:node22', '--', '--listTests'], {
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  const listed = r.stdout
    .split('\n')
    .filter((l) => l.endsWith('.test.ts'))
    .map((l) => path.basename(l));
  expect(listed.sort()).toEqual([...CLI_E2E].sort());
});
