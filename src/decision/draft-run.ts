// Drafts never share the evidence run (CONTRACT §3 `draft-in-evidence-run`, issue 43). A draft
// that runs in the same process as the locked tests can patch production at import, or leave a
// process behind that rewrites the finished report; one that skips or holds no test leaves no
// trace in it. So the gate asks, of the base's CI as the harness resolvers read it, whether
// every test command of the evidence jobs keeps the draft folders out; when one does not, or
// the gate cannot tell, an agent's edit under the draft paths is a reject. A report case in a
// draft file shows the same thing whatever the CI says. Pure: the commands come in as data.
import picomatch from 'picomatch';
import type { AgentChange, Finding, TestResult } from '../types.js';
import { idPrefix } from './evidence.js';
import { finding, NO_CASE } from './finding.js';

/** A test runner's command of the base's CI (src/harness/types.ts TestRun, as plain data). */
export interface RunnerCommand {
  runner: 'pytest' | 'jest' | 'vitest' | 'mocha' | 'go';
  args: readonly string[];
  /** Beside each word: the base's file or folder it names, else null. */
  paths: readonly (string | null)[];
  /** Beside each word: built from a variable. */
  dynamic: readonly boolean[];
  /** The workflow job that runs it; absent: no workflow does (`npm test` alone). */
  job?: string;
  cwd: string;
  file: string;
  line: number;
  via: string;
}

/** What the evidence run does with the draft folders, as far as the base's CI says. */
export interface DraftRun {
  /** False only when every evidence command is seen to leave every draft folder out. */
  collects: boolean;
  /** Why, in a sentence (`.github/workflows/ci.yml:12 runs pytest without --ignore=…`). */
  why: string;
  /** The one-line change to the workflow that keeps the drafts out. */
  fix?: string;
  file?: string;
  line?: number;
}

/** The literal folder a draft glob names (`tests/agent_drafts/**` → tests/agent_drafts), else null. */
export function draftFolder(glob: string): string | null {
  const g = glob.trim().replace(/^\.\//, '');
  const wild = g.search(/[*?[\]{}!()]/);
  const lit = (wild < 0 ? g : g.slice(0, wild)).replace(/\/+$/, '');
  // Only a whole folder, named before any wildcard, can be excluded by a flag.
  if (lit === '' || (wild >= 0 && g[wild - 1] !== '/')) return null;
  if (wild >= 0 && g.slice(wild) !== '**' && g.slice(wild) !== '**/*') return null;
  return lit;
}

/** Flags (besides `--flag=value`) that take the next word as their value, per runner. */
const VALUED: Record<RunnerCommand['runner'], readonly string[]> = {
  pytest: [
    '-k',
    '-m',
    '-p',
    '-c',
    '-o',
    '-n',
    '-r',
    '-W',
    '--ignore',
    '--ignore-glob',
    '--deselect',
    '--junitxml',
    '--junit-xml',
    '--rootdir',
    '--basetemp',
    '--confcutdir',
    '--tb',
    '--maxfail',
    '--dist',
    '--cov',
    '--cov-report',
    '--cov-config',
    '--durations',
    '--log-level',
    '--import-mode',
    '--timeout',
    '--override-ini',
    '--config-file',
    '--capture',
    '--color',
    '--junit-prefix',
    '--reruns',
    '--numprocesses',
    '--maxprocesses',
    '--log-file',
  ],
  jest: [
    '-c',
    '--config',
    '-t',
    '--testNamePattern',
    '--maxWorkers',
    '-w',
    '--reporters',
    '--testPathIgnorePatterns',
    '--outputFile',
    '--coverageDirectory',
    '--shard',
    '--rootDir',
    '--roots',
    '--selectProjects',
    '--testTimeout',
    '--setupFiles',
    '--setupFilesAfterEnv',
    '--testEnvironment',
    '--env',
    '--testRunner',
    '--testSequencer',
    '--coverageReporters',
  ],
  vitest: [
    '-c',
    '--config',
    '-r',
    '--root',
    '--dir',
    '--exclude',
    '--reporter',
    '--outputFile',
    '--outputFile.junit',
    '--outputFile.json',
    '-t',
    '--testNamePattern',
    '--shard',
    '--project',
    '--pool',
    '--environment',
    '--maxWorkers',
    '--testTimeout',
    '--mode',
  ],
  mocha: [
    '-r',
    '--require',
    '-R',
    '--reporter',
    '-O',
    '--reporter-option',
    '--reporter-options',
    '--ignore',
    '--exclude',
    '--config',
    '--package',
    '-g',
    '--grep',
    '-f',
    '--fgrep',
    '--timeout',
    '-t',
    '--slow',
    '-s',
    '--file',
    '--ui',
    '-u',
    '--extension',
    '--spec',
  ],
  go: ['-run', '-skip', '-count', '-timeout', '-p', '-parallel', '-tags', '-coverprofile', '-o'],
};

/**
 * Flags that say where output goes or who reports it: a variable in their value changes
 * nothing collected (what a reporter module does is the harness rules' business).
 */
const OUTPUT = new Set([
  '--reporters',
  '--reporter',
  '-R',
  '--junitxml',
  '--junit-xml',
  '--basetemp',
  '--cov-report',
  '--log-file',
  '--result-log',
  '--outputFile',
  '--outputFile.junit',
  '--outputFile.json',
  '--coverageDirectory',
  '--reporter-option',
  '--reporter-options',
  '-O',
  '-coverprofile',
  '-o',
]);

/** A word built from a variable where it may change what runs (an operand, a filter, a config). */
function unknownWord(c: RunnerCommand): string | undefined {
  for (let i = 0; i < c.args.length; i++) {
    if (!c.dynamic[i]) continue;
    const a = c.args[i];
    const eq = a.indexOf('=');
    if (a.startsWith('-') && eq > 0 && OUTPUT.has(a.slice(0, eq))) continue;
    if (i > 0 && OUTPUT.has(c.args[i - 1])) continue;
    return a;
  }
  return undefined;
}

/** The flag that keeps `folder` (relative to the command's folder) out, as the runner takes it. */
function exclusion(runner: RunnerCommand['runner'], folder: string): string {
  switch (runner) {
    case 'pytest':
      return `--ignore=${folder}`;
    case 'jest':
      return `--testPathIgnorePatterns=/${folder}/`;
    case 'vitest':
      return `--exclude '${folder}/**'`;
    case 'mocha':
      return `--ignore '${folder}/**'`;
    case 'go':
      return `package patterns that leave ${folder} out`;
  }
}

/** A flag's values: `--f v` and `--f=v` (jest's array options take words up to the next flag). */
function values(c: RunnerCommand, names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < c.args.length; i++) {
    const a = c.args[i];
    for (const n of names) {
      if (a.startsWith(`${n}=`)) out.push(a.slice(n.length + 1));
      else if (a === n) {
        const many = c.runner === 'jest';
        for (let j = i + 1; j < c.args.length && !c.args[j].startsWith('-'); j++) {
          out.push(c.args[j]);
          if (!many) break;
        }
      }
    }
  }
  return out;
}

/** The operands (words that are neither a flag nor a flag's value), with the paths they name. */
function operands(c: RunnerCommand): { word: string; path: string | null }[] {
  const valued = VALUED[c.runner];
  const out: { word: string; path: string | null }[] = [];
  for (let i = 0; i < c.args.length; i++) {
    const a = c.args[i];
    if (a === '--') continue;
    if (a.startsWith('-')) {
      if (valued.includes(a)) {
        i++;
        // jest's array options take every word up to the next flag.
        if (c.runner === 'jest' && a === '--testPathIgnorePatterns')
          while (i + 1 < c.args.length && !c.args[i + 1].startsWith('-')) i++;
      }
      continue;
    }
    out.push({ word: a, path: c.paths[i] ?? null });
  }
  // `vitest run tests/`, `vitest watch`: the subcommand is no filter.
  if (c.runner === 'vitest' && ['run', 'watch', 'dev', 'bench'].includes(out[0]?.word ?? ''))
    out.shift();
  return out;
}

/** `cwd` + `word` as a repo path, as written (`./a/../b` → b); null when it leaves the repository. */
function lexical(cwd: string, word: string): string | null {
  const parts: string[] = [];
  for (const seg of `${cwd}/${word.replace(/::.*$/s, '')}`.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg !== '..') parts.push(seg);
    else if (parts.pop() === undefined) return null;
  }
  return parts.join('/');
}

const within = (p: string, folder: string) =>
  folder === '' || p === folder || p.startsWith(`${folder}/`);
const rel = (cwd: string, p: string) => (cwd === '' ? p : p.slice(cwd.length + 1));

type Seen = { kind: 'draft-only' | 'excludes' } | { kind: 'collects'; why: string; fix: string };

/** What one command does with one draft folder. */
function judge(c: RunnerCommand, folder: string): Seen {
  const at = `${c.file}:${c.line}`;
  const flag = exclusion(c.runner, within(folder, c.cwd) ? rel(c.cwd, folder) : folder);
  const collects = (why: string): Seen => ({
    kind: 'collects',
    why: `${at} runs ${c.runner} ${why}`,
    fix: `add \`${flag}\` to the ${c.runner} command at ${at}`,
  });
  const unknown = unknownWord(c);
  if (unknown !== undefined)
    return collects(`with \`${unknown}\`, built from a variable (what it collects is not known)`);
  const ops = operands(c);
  // Operands restrict what runs only when every one names a file or folder of the base: an
  // unknown word may be an unlisted flag's value, and then the command may collect everything.
  const named = ops.length > 0 && ops.every((o) => o.path !== null);
  // Operands all under the draft folder (as written: it may not exist at the base yet) run
  // drafts only; a report of such a command is not evidence anyway.
  const written = ops.map((o) => lexical(c.cwd, o.word));
  if (ops.length > 0 && written.every((p) => p !== null && within(p, folder)))
    return { kind: 'draft-only' };
  if (named) {
    const paths = ops.map((o) => o.path!);
    if (!paths.some((p) => within(folder, p) || within(p, folder))) return { kind: 'excludes' };
  } else if (!within(folder, c.cwd) && !(c.runner === 'go' && folder === c.cwd)) {
    // It runs in a folder the drafts are not under.
    return { kind: 'excludes' };
  } else if (c.runner === 'go' && ops.length === 0 && folder !== c.cwd) {
    return { kind: 'excludes' }; // `go test` alone tests its own folder's package only
  }
  if (!within(folder, c.cwd)) return collects(`over ${folder}`);
  const r = rel(c.cwd, folder);
  const probe = `${r === '' ? '' : `${r}/`}probe.test.js`;
  switch (c.runner) {
    case 'pytest': {
      const ignored = values(c, ['--ignore', '--deselect']).some((v) => {
        const p = v.replace(/^\.\//, '').replace(/\/+$/, '');
        return p !== '' && within(r, p);
      });
      if (ignored) return { kind: 'excludes' };
      return collects(`without \`--ignore=${r}\``);
    }
    case 'jest': {
      const ignored = values(c, ['--testPathIgnorePatterns']).some((v) => {
        try {
          return new RegExp(v).test(`/home/runner/work/repo/${folder}/`);
        } catch {
          return false;
        }
      });
      if (ignored) return { kind: 'excludes' };
      return collects(`without a \`--testPathIgnorePatterns\` that matches ${r}`);
    }
    case 'vitest':
    case 'mocha': {
      const names = c.runner === 'vitest' ? ['--exclude'] : ['--ignore', '--exclude'];
      const ignored = values(c, names).some((g) => picomatch.isMatch(probe, g, { dot: true }));
      if (ignored) return { kind: 'excludes' };
      return collects(`without an \`${names[0]}\` glob that matches ${r}`);
    }
    case 'go':
      return collects(`over packages that include ${folder}`);
  }
}

/**
 * What the base's CI does with the draft folders. Only commands a workflow job runs count
 * (`npm test` alone is a developer's command, not the evidence run). A job whose every test
 * command runs only drafts is the drafts' own job (a fresh runner); a draft-only command in a
 * job with others shares that job's runner with the evidence, so it counts as collecting.
 */
export function judgeDraftRun(
  runs: readonly RunnerCommand[],
  draftGlobs: readonly string[],
): DraftRun {
  const globs = draftGlobs.filter((g) => g.trim() !== '' && !g.startsWith('!'));
  const folders = globs.map((g) => ({ glob: g, folder: draftFolder(g) }));
  const loose = folders.find((f) => f.folder === null);
  if (loose)
    return {
      collects: true,
      why: `the draft path ${loose.glob} names no folder a runner's flag can leave out`,
      fix: `write the draft paths as folders (\`tests/agent_drafts/**\`) and leave them out of the test steps`,
    };
  const jobs = new Map<string, RunnerCommand[]>();
  for (const r of runs) if (r.job !== undefined) jobs.set(r.job, [...(jobs.get(r.job) ?? []), r]);
  let evidence = 0;
  for (const [job, list] of jobs) {
    const seen = list.map((r) => folders.map((f) => judge(r, f.folder!)));
    const draftJob =
      seen.every((s) => s.every((x) => x.kind !== 'collects')) &&
      seen.every((s) => s.some((x) => x.kind === 'draft-only'));
    if (draftJob) continue;
    for (let i = 0; i < list.length; i++) {
      evidence++;
      for (let k = 0; k < folders.length; k++) {
        const x = seen[i][k];
        const r = list[i];
        if (x.kind === 'collects')
          return { collects: true, why: x.why, fix: x.fix, file: r.file, line: r.line };
        if (x.kind === 'draft-only')
          return {
            collects: true,
            why: `${r.file}:${r.line} runs the drafts in ${job}, the job that runs the evidence`,
            fix: `run the drafts in a job of their own (ledger-gate setup writes one)`,
            file: r.file,
            line: r.line,
          };
      }
    }
  }
  if (evidence === 0)
    return {
      collects: true,
      why: 'no workflow of the base runs a test command the gate reads (pytest, jest, vitest, mocha, go test), so what the evidence run collects is not known',
      fix: 'run the tests in a workflow step with the draft paths left out (ledger-gate setup writes one)',
    };
  return {
    collects: false,
    why: `the base's CI leaves ${folders.map((f) => f.folder).join(', ')} out of its ${evidence} test command(s)`,
  };
}

/** When the base's CI could not be read: what the gate says, failing closed. */
export const UNKNOWN_RUN: DraftRun = {
  collects: true,
  why: "the base's CI was not read (no base tree to read it from), so the drafts may run with the evidence",
  fix: "check out with history (fetch-depth: 0) so the gate reads the base's workflows, and run the drafts in a job of their own",
};

/**
 * `draft-in-evidence-run`: each draft file an agent's commits add, edit or delete, when the
 * evidence run collects the draft paths (the base's CI, or a report case in a draft file,
 * shows it) or the gate cannot tell. A human's draft edit is not judged here: a reviewer read it.
 */
export function draftRunFindings(
  agentChanges: readonly AgentChange[] | undefined,
  run: DraftRun | undefined,
  tests: readonly TestResult[],
  draftGlobs: readonly string[],
  promoted: (path: string) => boolean = () => false,
): Finding[] {
  // A deletion runs no code: only what the agent adds or edits can act in the run. A draft a
  // human promoted (the change's ledger classes its tests otherwise, which only a human's
  // commit may do: ledger-agent-edit) is that human's evidence now, its bytes reviewed.
  const drafts = (agentChanges ?? []).filter(
    (a) => a.kind === 'drafts' && a.status !== 'D' && !promoted(a.path),
  );
  if (drafts.length === 0) return [];
  const globs = draftGlobs.filter((g) => g.trim() !== '');
  const isDraft = globs.length > 0 ? picomatch(globs, { dot: true }) : () => false;
  const inReport = tests.find((t) => isDraft(idPrefix(t.id)));
  const said = run ?? UNKNOWN_RUN;
  if (!said.collects && inReport === undefined) return [];
  const why = inReport ? `the evidence reports hold the draft case ${inReport.id}` : said.why;
  const fix = said.collects
    ? said.fix
    : `leave the draft paths out of the test command that wrote ${inReport!.id}`;
  return drafts.map((d) => {
    const by = d.commits.length > 0 ? `commit ${d.commits.join(', ')}` : 'the change';
    const f = finding('draft-in-evidence-run', {
      ...NO_CASE,
      message: `${d.path}: ${by} writes a draft, and the evidence run collects the draft paths: ${why}`,
      file: d.path,
    });
    if (fix !== undefined) f.fix = fix;
    return f;
  });
}
