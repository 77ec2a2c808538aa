// The project's own test command, with the reporter flags the gate needs added to it: a
// JavaScript project's `test` script run through the package manager its lock file names,
// a Python project's tox, nox or Makefile target where it has one. Pure: the caller reads the
// files. Where the project's command cannot carry the flags to the runner, the runner is run
// directly and `note` says why, so setup never silently runs something else.

/** The package managers a lock file names, in the order a repository holding several picks. */
export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

const LOCKS: readonly [string, PackageManager][] = [
  ['package-lock.json', 'npm'],
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
];

export function packageManagerOf(files: ReadonlySet<string>): PackageManager {
  return LOCKS.find(([f]) => files.has(f))?.[1] ?? 'npm';
}

/**
 * `PM run SCRIPT` followed by arguments for the script. npm needs `--` before them; pnpm (7 and
 * later), yarn and bun pass every argument after the script's name on, and pnpm 10 passes a
 * `--` on too, which jest then reads as the start of its test path patterns (measured).
 */
export function runScript(pm: PackageManager, script: string, args: readonly string[]): string {
  const run =
    pm === 'npm' ? (script === 'test' ? 'npm test' : `npm run ${script}`) : `${pm} run ${script}`;
  if (args.length === 0) return run;
  return `${run} ${pm === 'npm' ? '-- ' : ''}${args.join(' ')}`;
}

/** One run of the runner: a shell command, the variables set for it alone, its report files. */
export interface RunnerRun {
  /** Variables for this command only (jest-junit's output name). */
  env: Readonly<Record<string, string>>;
  command: string;
}

/** The test command: one or more runs joined by `&&`, and why the runner is run directly. */
export interface TestCommand {
  command: string;
  /** How the command was chosen: `the test script`, or the reason it could not be used. */
  via: string;
  /** Set when the project's own command could not carry the flags. */
  note?: string;
}

/** A command that starts the runner itself: `jest …`, `npx vitest …`, `pnpm exec jest`, `cross-env A=1 jest`. */
export function startsRunner(segment: string, bins: readonly string[]): boolean {
  const words = segment.trim().split(/\s+/);
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i])) i++;
  if (words[i] === 'cross-env') {
    i++;
    while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i])) i++;
  }
  if (['npx', 'pnpx', 'bunx'].includes(words[i])) i++;
  else if (['pnpm', 'yarn', 'bun'].includes(words[i])) {
    i++;
    if (words[i] === 'exec' || words[i] === 'x') i++;
  }
  while (words[i]?.startsWith('-')) i++; // npx --yes, pnpm --silent
  return bins.includes(words[i] ?? '');
}

/** `pnpm run NAME`, `npm run NAME`, `yarn NAME`, `pnpm NAME`: the script a segment runs, if any. */
function scriptOf(segment: string, scripts: Readonly<Record<string, string>>): string | undefined {
  const m =
    /^\s*(?:npm|pnpm|yarn|bun)\s+(?:run(?:-script)?\s+)?(?:--silent\s+|-s\s+)?([^\s;&|]+)\s*$/.exec(
      segment,
    );
  return m && scripts[m[1]] !== undefined && m[1] !== 'test' ? m[1] : undefined;
}

/** A segment of `a && b` that is a plain command: no pipes, subshells, `||` or `;`. */
const PLAIN = /^[^|;()`$<>]*$/;

/**
 * The JavaScript test command: `flags(i)` are the reporter flags of the i-th run of the runner
 * (its report names differ per run: a script may run the suite twice, in two environments).
 * - `test` ends in the runner: `PM test FLAGS`, the flags reaching that last command.
 * - `test` is `a && b && …` whose runner parts are package scripts that start the runner: the
 *   same parts in order, each runner script run through the package manager with its flags.
 * - Otherwise the runner directly, with a note.
 */
export function jsTestCommand(
  pm: PackageManager,
  scripts: Readonly<Record<string, string>>,
  bins: readonly string[],
  flags: (run: number) => RunnerRun,
  direct: (run: RunnerRun) => string,
): TestCommand {
  const test = scripts.test;
  const withEnv = (r: RunnerRun, cmd: string) =>
    [...Object.entries(r.env).map(([k, v]) => `${k}=${v}`), cmd].join(' ');
  if (test === undefined || /no test specified/.test(test))
    return {
      command: direct(flags(0)),
      via: 'the runner directly',
      note: 'package.json has no test script: the workflow runs the runner directly',
    };
  const segments = test.split('&&').map((s) => s.trim());
  if (segments.every((s) => PLAIN.test(s))) {
    const last = segments[segments.length - 1];
    const earlier = segments.slice(0, -1);
    const runnerAt = (s: string) =>
      startsRunner(s, bins) ||
      (scriptOf(s, scripts) !== undefined && startsRunner(scripts[scriptOf(s, scripts)!], bins));
    if (startsRunner(last, bins) && !earlier.some(runnerAt)) {
      const r = flags(0);
      return { command: withEnv(r, runScript(pm, 'test', [r.command])), via: 'the test script' };
    }
    // Every runner part a script of its own: run the parts, the runner scripts with flags.
    if (segments.some(runnerAt) && segments.every((s) => !startsRunner(s, bins))) {
      let n = 0;
      const parts = segments.map((s) => {
        const name = scriptOf(s, scripts);
        if (name === undefined || !startsRunner(scripts[name], bins)) return s;
        const r = flags(n++);
        return withEnv(r, runScript(pm, name, [r.command]));
      });
      return { command: parts.join(' && '), via: 'the test script, part by part' };
    }
  }
  return {
    command: direct(flags(0)),
    via: 'the runner directly',
    note: `package.json's test script (${JSON.stringify(test)}) does not end in the runner, so the reporter flags could not reach it: the workflow runs the runner directly; edit its test step to match`,
  };
}

/** How a Python project runs its tests, where it names a tool for it. */
export type PythonTool = 'tox' | 'nox' | 'make' | 'pytest';

/**
 * The tool the project runs its tests with: tox (tox.ini, or a [tool.tox] table), nox
 * (noxfile.py), a Makefile whose `test` target runs pytest when its CI runs `make test`; else
 * pytest itself. `ci` is the text of the project's existing workflows: a tool it runs wins.
 */
export function pythonTool(
  files: ReadonlySet<string>,
  texts: Readonly<Record<string, string | undefined>>,
  ci = '',
): PythonTool {
  const ciRuns = (re: RegExp) =>
    ci.split('\n').some((l) => /^\s*(-\s*)?run:|^\s{6,}\S/.test(l) && re.test(l));
  const tox = files.has('tox.ini') || /^\[tool\.tox\]/m.test(texts['pyproject.toml'] ?? '');
  const nox = files.has('noxfile.py');
  const make = /^test\s*:[^\n]*(\n\t[^\n]*)*pytest/m.test(texts.Makefile ?? '');
  if (ci) {
    if (tox && ciRuns(/\btox\b/)) return 'tox';
    if (nox && ciRuns(/\bnox\b/)) return 'nox';
    if (make && ciRuns(/\bmake\s+test\b/)) return 'make';
    if (ciRuns(/\bpytest\b/)) return 'pytest';
  }
  // A Makefile's target only where CI runs it: it may call tools setup's workflow does not
  // install (`uv run pytest`, andialbrecht/sqlparse). tox and nox install their own.
  if (tox) return 'tox';
  if (nox) return 'nox';
  return 'pytest';
}
