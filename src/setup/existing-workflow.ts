// A project that already runs its tests in a workflow gets that workflow extended, not a
// second one beside it (the tests would run twice per pull request): its test step keeps its
// command, with the reporter flags added (or, for pytest, PYTEST_ADDOPTS set), a step before
// it makes the reports folder, one after uploads it, and the gate job judges it. Setup prints
// these lines (it does not rewrite a file it did not write); this module finds the step and
// builds them. Pure: the caller reads the workflow files.
import { parse } from 'yaml';
import { runScript, packageManagerOf, startsRunner } from './test-command.js';
import { versionFromTags } from './version-from-tags.js';
import {
  CI_REPORTS,
  LEAVE_OUT,
  gateJob,
  jestJunitInstall,
  runStep,
  runnerSpec,
  type Project,
  type RunnerName,
  type TestRun,
  type WorkflowOptions,
} from './workflows.js';

export interface WorkflowText {
  path: string;
  text: string;
}

/** The step of a project's workflow that runs its tests. */
export interface TestStep {
  path: string;
  job: string;
  /** The step's index in the job, and what a reader finds it by (its name, else its run). */
  index: number;
  label: string;
  run: string;
  /** Whether the job has a matrix: each leg's reports are then named apart. */
  matrix: boolean;
}

/** A command at the start of a line or after `&&`/`;`: not a word inside an install line. */
const AT_START = String.raw`(?:^|&&|;|\|\|)\s*`;

/** What runs a non-JS runner's tests in a `run:` line. */
const RUNS: Partial<Record<RunnerName, RegExp>> = {
  pytest: new RegExp(
    `${AT_START}(?:python3? -m )?(?:pytest|py\\.test|tox|nox)\\b|${AT_START}make\\s+test\\b|${AT_START}hatch\\s+(?:test\\b|run\\b.*\\btest)`,
    'm',
  ),
  go: new RegExp(`${AT_START}(?:go\\s+test|gotestsum)\\b`, 'm'),
  maven: new RegExp(`${AT_START}(?:\\./)?mvnw?\\b.*\\b(?:test|verify|install)\\b`, 'm'),
};

/**
 * Whether a JS `run:` line runs the runner: it starts it (`pnpm vitest --coverage`), or runs a
 * package script that does (`pnpm test`, `npm run test:unit`, `pnpm run ${{ matrix.task }}`
 * with a task of the matrix that does).
 */
function runsJs(run: string, p: Project, bins: readonly string[], matrix: unknown): boolean {
  const scripts = p.scripts ?? {};
  const scriptRuns = (name: string) =>
    scripts[name] !== undefined && bins.some((b) => new RegExp(`\\b${b}\\b`).test(scripts[name]));
  return run.split(/\n|&&|;/).some((line) => {
    const l = line.trim();
    if (startsRunner(l, bins)) return true;
    const m = /^(?:npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+)?(\$\{\{[^}]*\}\}|\S+)/.exec(l);
    if (!m) return false;
    const ref = /^\$\{\{\s*matrix\.([\w-]+)\s*\}\}$/.exec(m[1]);
    if (!ref) return scriptRuns(m[1]);
    const values = (matrix as Record<string, unknown> | undefined)?.[ref[1]];
    return Array.isArray(values) && values.some((v) => typeof v === 'string' && scriptRuns(v));
  });
}

/** Written by setup itself: replaced with --force, never extended. */
export const OURS = /^# Written by `ledger-gate setup`/;

/**
 * The first step (by file name, then order) of a pull-request or push workflow whose `run:`
 * runs the runner's tests; undefined when there is none. Unparsable files are passed over
 * (GitHub reports them itself).
 */
export function findTestStep(
  workflows: readonly WorkflowText[],
  runner: RunnerName,
  p: Project,
): TestStep | undefined {
  const runs = (run: string, matrix: unknown) =>
    runner === 'jest' || runner === 'vitest'
      ? runsJs(run, p, [runner], matrix)
      : RUNS[runner]!.test(run);
  for (const w of [...workflows].sort((a, b) => a.path.localeCompare(b.path))) {
    if (OURS.test(w.text)) continue;
    let doc: unknown;
    try {
      doc = parse(w.text);
    } catch {
      continue;
    }
    if (!doc || typeof doc !== 'object') continue;
    const d = doc as { on?: unknown; true?: unknown; jobs?: Record<string, unknown> };
    const on = d.on ?? d.true; // YAML 1.1 readers turn a bare `on` into true
    const events =
      typeof on === 'string'
        ? [on]
        : Array.isArray(on)
          ? on
          : on && typeof on === 'object'
            ? Object.keys(on)
            : [];
    if (!events.some((e) => e === 'pull_request' || e === 'push')) continue;
    for (const [job, body] of Object.entries(d.jobs ?? {})) {
      const j = body as { steps?: unknown; strategy?: { matrix?: unknown } };
      if (!Array.isArray(j?.steps)) continue;
      const i = j.steps.findIndex(
        (s: { run?: unknown }) => typeof s?.run === 'string' && runs(s.run, j.strategy?.matrix),
      );
      if (i < 0) continue;
      const step = j.steps[i] as { run: string; name?: unknown };
      return {
        path: w.path,
        job,
        index: i,
        label: typeof step.name === 'string' ? step.name : step.run.trim().split('\n')[0],
        run: step.run.trim(),
        matrix: j.strategy?.matrix !== undefined,
      };
    }
  }
  return undefined;
}

/** The lines to add to the project's workflow, as setup prints them. */
export interface Extension {
  /** The test step's run and env as they become. */
  test: TestRun;
  /** Steps before the test step (the reports folder) and after it (the upload). */
  before: string[];
  after: string[];
  /** The gate job, under `jobs:`. */
  gate: string[];
}

/**
 * The project's own command with the reporter flags added: appended to a single-line command
 * that starts the runner or a package script (npm takes them after `--`); pytest's through
 * PYTEST_ADDOPTS, which reaches it under tox (told to pass it), nox, make and hatch alike.
 */
export function extendTestStep(step: TestStep, p: Project, runner: RunnerName): TestRun {
  const spec = runnerSpec(runner);
  const at = CI_REPORTS(step.matrix ? '-${{ strategy.job-index }}' : '');
  if (runner === 'pytest') {
    const env: Record<string, string> = {
      PYTEST_ADDOPTS: `${LEAVE_OUT.pytest} -o junit_family=xunit1 --junitxml=${at.env}/junit${at.suffix}.xml`,
    };
    if (/\btox\b/.test(step.run)) env.TOX_OVERRIDE = 'testenv.pass_env+=PYTEST_ADDOPTS';
    return { command: step.run, env };
  }
  const own = spec.run(p, at);
  if (step.run.includes('\n') || spec.flags === undefined)
    return {
      ...own,
      note: `${step.path} runs the tests in several lines: the command setup would run is printed instead`,
    };
  const flags = spec.flags(p, at);
  const npmScript = /^npm\s+(test|run\s+\S+)\s*$/.test(step.run) && !/\s--(\s|$)/.test(step.run);
  const pm = packageManagerOf(p.files);
  const command =
    npmScript && pm === 'npm'
      ? runScript('npm', step.run.replace(/^npm\s+(run\s+)?/, ''), [flags])
      : `${step.run} ${flags}`;
  return { command, env: own.env };
}

/** Every line setup prints for a project whose workflow already runs the tests. */
export function extension(step: TestStep, p: Project, o: WorkflowOptions): Extension {
  const artifact = step.matrix ? 'junit-${{ strategy.job-index }}' : 'junit';
  return {
    test: extendTestStep(step, p, o.runner),
    before: [
      o.runner === 'jest' && !p.packages.has('jest-junit')
        ? `      - run: mkdir -p "$RUNNER_TEMP/reports" && ${jestJunitInstall('$RUNNER_TEMP/jest-junit')}`
        : '      - run: mkdir -p "$RUNNER_TEMP/reports"   # the reports, outside the checkout',
      '        shell: bash',
    ],
    after: [
      '      - uses: actions/upload-artifact@v4',
      "        if: ${{ !cancelled() }}   # a failing run's report is evidence too",
      '        with:',
      `          name: ${artifact}`,
      '          path: ${{ runner.temp }}/reports/',
    ],
    gate: gateJob(o, step.job, step.matrix),
  };
}

/** The extension as setup prints it: where each block goes, then the block. */
export function extensionText(
  step: TestStep,
  ext: Extension,
  workflows: readonly WorkflowText[],
  p: Project,
): string[] {
  const indent = (l: string) => `    ${l}`;
  const text = workflows.find((w) => w.path === step.path)?.text ?? '';
  const plugin = versionFromTags(p.texts ?? {});
  const depth =
    plugin && !/fetch-depth:\s*0\b/.test(text)
      ? [
          `6. In that job's actions/checkout step, fetch the tags ${plugin} reads the version from:`,
          indent('  with:'),
          indent('    fetch-depth: 0'),
        ]
      : [];
  const review = /^\s+pull_request_review\s*:/m.test(text)
    ? []
    : [
        `5. Under on:, add (an approval or its dismissal re-judges the pull request):`,
        indent('  pull_request_review:'),
        indent('    types: [submitted, edited, dismissed]'),
      ];
  return [
    `${step.path} runs your tests (job ${step.job}, step "${step.label}"): setup wrote no second workflow.`,
    `Extend it: the reports, their upload and the gate job (indentation as in a two-space file).`,
    `1. Before that step, add:`,
    ...ext.before.map(indent),
    `2. Make that step this (your command, the reporter flags added):`,
    ...runStep(ext.test).map(indent),
    `3. After it, add:`,
    ...ext.after.map(indent),
    `4. Under jobs:, add:`,
    ...ext.gate.map(indent),
    ...review,
    ...depth,
  ];
}
