// What one shell command reaches (pure): a table of the programs CI runs tests with — shells,
// interpreters, make, the package managers, the test runners — each reading its own flags. A
// program not in the table reaches nothing by its name; a path in the program's place (`./ci.sh`)
// is a script the command executes.
import { jsCandidates, looksLikePath, present, pyCandidates, repoPath } from './paths.js';
import type { Command, Word } from './shell.js';
import { parseShell } from './shell.js';
import {
  emptyStep,
  jobOf,
  type FileKind,
  type Step,
  type TestRun,
  type TreeView,
} from './types.js';

export interface CommandContext {
  /** The file the command is written in (a workflow, a Makefile, a package.json). */
  file: string;
  /** The folder it runs in, repo-relative ('' for the root). */
  cwd: string;
  via: string;
  tree: TreeView;
  /** Inherited environment (a workflow's `env:`): NODE_OPTIONS, PYTEST_ADDOPTS. */
  env?: Record<string, string>;
  /** PYTEST_ADDOPTS in effect (a step's `env:`): pytest reads it before its own words. */
  addopts?: string;
}

type Handler = (args: Word[], c: CommandContext, s: Step, line: number) => void;

const say = (c: CommandContext, s: Step, line: number, what: string): void => {
  s.unresolved.push({ file: c.file, line, what });
};

/** A script the command runs: the file is harness, and it is read as its kind. */
function script(c: CommandContext, s: Step, rel: string, kind: FileKind | null, line: number) {
  const p = repoPath(c.cwd, rel);
  if (p === null) return;
  const via = `${c.via} → ${p}`;
  s.reach.push({ path: p, via });
  const k = kind ?? kindOf(p);
  // A script's commands run in the caller's folder, not the script's.
  if (k) s.follow.push({ kind: k, path: p, via, line, cwd: c.cwd });
}

function kindOf(p: string): FileKind | null {
  if (/\.(?:sh|bash)$/.test(p) || !/\.[^/]+$/.test(p)) return 'shell';
  if (p.endsWith('.py')) return 'python-script';
  if (/\.[cm]?[jt]sx?$/.test(p)) return 'node-script';
  return null;
}

/** A JS module a flag names (`--require ./x`): harness wherever it lives. */
function jsModule(c: CommandContext, s: Step, spec: string, what: string) {
  if (!looksLikePath(spec)) return;
  const p = repoPath(c.cwd, spec.replace(/^<rootDir>\/?/, ''));
  if (p === null) return;
  for (const f of present(c.tree, jsCandidates(p))) {
    s.reach.push({ path: f, via: `${c.via} (${what})` });
    s.follow.push({ kind: 'node-script', path: f, via: `${c.via} (${what})` });
  }
}

/** A Python module a flag names (`-p src.plugin`): harness wherever it lives. */
export function pyModule(c: CommandContext, s: Step, module: string, what: string, roots = ['']) {
  if (module.startsWith('no:')) return;
  // The working folder, and the roots the caller names (a config's `pythonpath`, src/).
  for (const root of new Set(['', ...roots])) {
    for (const f of present(c.tree, pyCandidates(root === '' ? c.cwd : root, module))) {
      s.reach.push({ path: f, via: `${c.via} (${what})` });
    }
  }
}

/** `--flag value` or `--flag=value`, for each of `names`; the values in order. */
export function flagValues(args: Word[], names: readonly string[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i].text;
    for (const n of names) {
      if (a === n && i + 1 < args.length) out.push(args[++i]);
      else if (a.startsWith(`${n}=`)) out.push({ ...args[i], text: a.slice(n.length + 1) });
      else if (
        n.length === 2 &&
        n[1] !== '-' &&
        a.startsWith(n) &&
        a.length > 2 &&
        !a.startsWith('--')
      )
        out.push({ ...args[i], text: a.slice(2) }); // -pplugin, -rfile
    }
  }
  return out;
}

/** The words that are not flags (and not a flag's value, for the flags in `valued`). */
function operands(args: Word[], valued: readonly string[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i].text;
    if (a === '--') return [...out, ...args.slice(i + 1)];
    if (a.startsWith('-')) {
      if (valued.includes(a)) i++;
      continue;
    }
    out.push(args[i]);
  }
  return out;
}

const NODE_FLAGS = ['-r', '--require', '--import', '--loader', '--experimental-loader'];

function node(args: Word[], c: CommandContext, s: Step, line: number) {
  for (const v of flagValues(args, NODE_FLAGS)) {
    if (v.dynamic) say(c, s, line, `node ${v.text}: a module named by a variable`);
    else jsModule(c, s, v.text, `node --require ${v.text}`);
  }
  const [first, ...rest] = operands(args, [...NODE_FLAGS, '-e', '--eval', '-p', '--print']);
  if (!first) return;
  if (first.dynamic) return say(c, s, line, `node ${first.text}: a script named by a variable`);
  // `node node_modules/jest/bin/jest.js …` is jest itself.
  const bin = /node_modules\/(?:\.bin\/)?(@[^/]+\/[^/]+|[^/]+)/.exec(first.text);
  if (bin) return run([{ text: bin[1], dynamic: false }, ...rest], c, s, line);
  script(c, s, first.text, 'node-script', line);
}

function python(args: Word[], c: CommandContext, s: Step, line: number) {
  const m = args.findIndex(
    (a) => a.text === '-m' || (a.text.startsWith('-m') && a.text.length > 2),
  );
  if (m >= 0) {
    const mod = args[m].text === '-m' ? args[m + 1] : { ...args[m], text: args[m].text.slice(2) };
    if (!mod) return;
    if (mod.dynamic) return say(c, s, line, `python -m ${mod.text}: a module named by a variable`);
    // `python -m X` looks in the working folder first: a module there shadows X.
    pyModule(c, s, mod.text, `python -m ${mod.text} looks in the working folder first`);
    const rest = args.slice(args[m].text === '-m' ? m + 2 : m + 1);
    return run([{ text: mod.text, dynamic: false }, ...rest], c, s, line);
  }
  if (args.some((a) => a.text === '-c')) return;
  const [first] = operands(args, ['-W', '-X']);
  if (!first) return;
  if (first.dynamic) return say(c, s, line, `python ${first.text}: a script named by a variable`);
  script(c, s, first.text, 'python-script', line);
}

function shell(args: Word[], c: CommandContext, s: Step, line: number) {
  const inline = args.findIndex((a) => a.text === '-c' || /^-[a-z]*c$/.test(a.text));
  if (inline >= 0) {
    const body = args[inline + 1];
    if (!body) return;
    if (body.dynamic) return say(c, s, line, `sh -c ${body.text}: a command built from variables`);
    for (const cmd of parseShell(body.text)) commandStep(cmd, c, s, line);
    return;
  }
  const [first] = operands(args, ['-o', '+o']);
  if (!first) return;
  if (first.dynamic) return say(c, s, line, `sh ${first.text}: a script named by a variable`);
  script(c, s, first.text, 'shell', line);
}

function make(args: Word[], c: CommandContext, s: Step, line: number) {
  const dir = flagValues(args, ['-C', '--directory'])[0];
  const cwd = dir ? repoPath(c.cwd, dir.text) : c.cwd;
  if (cwd === null || dir?.dynamic) return say(c, s, line, 'make -C: a folder named by a variable');
  const files = flagValues(args, ['-f', '--file', '--makefile']);
  const targets = operands(args, ['-C', '--directory', '-f', '--file', '--makefile', '-j', '-l'])
    .filter((a) => !a.text.includes('='))
    .map((a) => a.text);
  const names =
    files.length > 0 ? files.map((f) => f.text) : ['GNUmakefile', 'makefile', 'Makefile'];
  const found = names.map((n) => repoPath(cwd, n)).filter((p): p is string => p !== null);
  const via = `${c.via} → make ${targets.join(' ')}`.trimEnd();
  for (const p of found) s.reach.push({ path: p, via });
  const real = found.filter((p) => c.tree.has(p));
  for (const p of real.length > 0 ? real.slice(0, 1) : [])
    s.follow.push({ kind: 'makefile', path: p, via: `${via} (${p})`, args: targets, line });
}

/** Scripts that npm runs before and after `name`, and around an install. */
const LIFECYCLE: Record<string, string[]> = {
  install: [
    'preinstall',
    'install',
    'postinstall',
    'prepublish',
    'preprepare',
    'prepare',
    'postprepare',
  ],
};

function npmScripts(
  c: CommandContext,
  s: Step,
  pkgDir: string,
  names: string[],
  tool: string,
  extra?: Word[],
) {
  const pkg = repoPath(pkgDir, 'package.json') ?? 'package.json';
  const all = names.flatMap((n) => LIFECYCLE[n] ?? [`pre${n}`, n, `post${n}`]);
  s.follow.push({
    kind: 'npm-scripts',
    path: pkg,
    via: `${c.via} → ${tool} run ${names.join(' ')}`,
    args: all,
    // `npm test -- --flag`: the package manager appends the words to the script's command.
    ...(extra?.length ? { extra: { script: names[0], text: extra.map(shellWord).join(' ') } } : {}),
  });
  // What the package manager reads before it runs a script.
  for (const f of ['.npmrc', '.yarnrc', '.yarnrc.yml', '.pnpmfile.cjs']) {
    for (const d of new Set([pkgDir, ''])) {
      const p = repoPath(d, f);
      if (p === null) continue;
      s.reach.push({ path: p, via: `${c.via} → ${tool} reads ${p}` });
      if (c.tree.has(p)) {
        const kind = f === '.npmrc' ? 'npmrc' : f === '.yarnrc.yml' ? 'yarnrc' : null;
        if (kind) s.follow.push({ kind, path: p, via: `${c.via} → ${tool} reads ${p}` });
        if (f === '.pnpmfile.cjs')
          s.follow.push({ kind: 'node-script', path: p, via: `${c.via} → ${p}` });
      }
    }
  }
}

/** npm, yarn and pnpm: which scripts a command runs. */
function packageManager(tool: 'npm' | 'yarn' | 'pnpm'): Handler {
  return (args, c, s, line) => {
    const prefix = flagValues(args, ['--prefix', '-C', '--cwd', '--dir'])[0];
    const dir = prefix ? repoPath(c.cwd, prefix.text) : c.cwd;
    if (dir === null || prefix?.dynamic)
      return say(c, s, line, `${tool} --prefix: a folder named by a variable`);
    const ops = operands(args, [
      '--prefix',
      '-C',
      '--cwd',
      '--dir',
      '--filter',
      '-w',
      '--workspace',
    ]);
    const [sub, ...rest] = ops.map((o) => o.text);
    const scripts = (n: string | undefined) => {
      if (n === undefined) return undefined;
      if (n.includes('$')) return say(c, s, line, `${tool} run ${n}: a script named by a variable`);
      // The words after the script's name (past a `--`) go to its command.
      const word = ['run', 'run-script', 'rum'].includes(sub ?? '') ? ops[1] : ops[0];
      const after = word === undefined ? [] : args.slice(args.indexOf(word) + 1);
      return npmScripts(c, s, dir, [n], tool, after[0]?.text === '--' ? after.slice(1) : after);
    };
    switch (sub) {
      case undefined:
        if (tool === 'yarn') npmScripts(c, s, dir, ['install'], tool);
        return;
      case 'test':
      case 't':
      case 'tst':
        return void scripts('test');
      case 'start':
      case 'stop':
      case 'restart':
        return void scripts(sub);
      case 'run':
      case 'run-script':
      case 'rum':
        return void scripts(rest[0]);
      case 'ci':
      case 'install':
      case 'i':
      case 'install-clean':
      case 'add':
        return npmScripts(c, s, dir, ['install'], tool);
      case 'exec':
      case 'dlx':
      case 'x': {
        const i = args.findIndex((a) => a.text === sub);
        return run(
          args.slice(i + 1).filter((a) => a.text !== '--'),
          c,
          s,
          line,
        );
      }
      default:
        // `yarn build`, `pnpm lint`: a script of that name (npm would refuse it).
        if (tool !== 'npm' && sub !== undefined && !BUILTINS.has(sub)) {
          scripts(sub);
          // `pnpm vitest`, `yarn jest` with no script of that name run the runner's binary:
          // kept as a test run too (what it collects is judged either way).
          if (Object.hasOwn(RUNS_TESTS, sub)) {
            const at = args.indexOf(ops[0]);
            (s.runs ??= []).push(testRun(sub, args.slice(at + 1), c, line));
          }
          return;
        }
    }
  };
}

const BUILTINS = new Set([
  'audit',
  'config',
  'why',
  'info',
  'list',
  'ls',
  'outdated',
  'pack',
  'publish',
  'remove',
  'upgrade',
  'up',
  'version',
  'workspace',
  'workspaces',
  'cache',
  'set',
  'dedupe',
  'prune',
  'fetch',
  'import',
  'link',
  'unlink',
  'rebuild',
  'store',
  'env',
  'help',
  'init',
  'create',
  'login',
  'logout',
]);

export function pytest(
  args: Word[],
  c: CommandContext,
  s: Step,
  line: number,
  roots: string[] = [],
) {
  for (const v of flagValues(args, ['-p'])) {
    if (v.dynamic) say(c, s, line, `pytest -p ${v.text}: a plugin named by a variable`);
    else pyModule(c, s, v.text, `pytest -p ${v.text}`, ['src', ...roots]);
  }
  for (const v of flagValues(args, ['-c', '--config-file'])) {
    const p = repoPath(c.cwd, v.text);
    if (v.dynamic || p === null) {
      say(c, s, line, `pytest -c ${v.text}: a config named by a variable`);
      continue;
    }
    s.reach.push({ path: p, via: `${c.via} (pytest -c ${v.text})` });
    s.follow.push({ kind: 'pytest-config', path: p, via: `${c.via} (pytest -c ${v.text})` });
  }
  for (const v of flagValues(args, ['-o', '--override-ini'])) {
    const m = /^addopts=(.*)$/s.exec(v.text);
    if (m)
      for (const cmd of parseShell(`pytest ${m[1]}`)) pytest(cmd.words.slice(1), c, s, line, roots);
  }
}

const JEST_FILE_FLAGS = [
  '--setupFiles',
  '--setupFilesAfterEnv',
  '--globalSetup',
  '--globalTeardown',
  '--testEnvironment',
  '--env',
  '--resolver',
  '--reporters',
  '--testSequencer',
  '--snapshotResolver',
  '--testRunner',
  '--runner',
  '--transform',
  '--preset',
];

function jsRunner(
  kind: 'jest-config' | 'vitest-config' | 'mocha-config',
  defaults: string[],
  fileFlags: string[],
): Handler {
  return (args, c, s, line) => {
    for (const v of flagValues(args, fileFlags)) {
      if (v.dynamic) say(c, s, line, `${v.text}: a module named by a variable`);
      else jsModule(c, s, v.text, `${kind.replace('-config', '')} flag ${v.text}`);
    }
    const configs = flagValues(args, ['-c', '--config']);
    for (const v of configs) {
      const p = repoPath(c.cwd, v.text);
      if (v.dynamic || p === null) {
        say(c, s, line, `--config ${v.text}: a config named by a variable`);
        continue;
      }
      s.reach.push({ path: p, via: `${c.via} (--config ${v.text})` });
      s.follow.push({ kind, path: p, via: `${c.via} (--config ${v.text})` });
    }
    if (configs.length > 0) return;
    // No --config: the runner looks for its default config in the folder it runs in.
    for (const name of defaults) {
      const p = repoPath(c.cwd, name);
      if (p !== null && c.tree.has(p)) {
        // In a package.json only the runner's own key is its config (a dependency bump is not).
        const key = name === 'package.json' ? kind.replace('-config', '') : undefined;
        s.reach.push({ path: p, key, via: `${c.via} (its default config)` });
        s.follow.push({ kind, path: p, via: `${c.via} → ${p}` });
      }
    }
  };
}

const exts = (base: string, e = ['js', 'ts', 'mjs', 'cjs', 'mts', 'cts', 'json']) =>
  e.map((x) => `${base}.${x}`);

function tox(args: Word[], c: CommandContext, s: Step, line: number) {
  const p = repoPath(c.cwd, flagValues(args, ['-c', '--conf'])[0]?.text ?? 'tox.ini');
  if (p === null) return say(c, s, line, 'tox -c: a config outside the repository');
  const envs = flagValues(args, ['-e']).flatMap((w) => w.text.split(','));
  s.follow.push({
    kind: 'tox',
    path: p,
    via: `${c.via} → tox ${envs.join(',')}`.trimEnd(),
    args: envs,
    line,
  });
}

function go(args: Word[], c: CommandContext, s: Step, line: number) {
  if (args[0]?.text !== 'test') return;
  for (const v of flagValues(args, ['-exec', '-overlay', '-modfile', '-toolexec'])) {
    if (v.dynamic) say(c, s, line, `go test ${v.text}: named by a variable`);
    else if (looksLikePath(v.text) || v.text.includes('/'))
      script(c, s, v.text.split(' ')[0], null, line);
  }
}

const PROGRAMS: Record<string, Handler> = {
  bash: shell,
  sh: shell,
  zsh: shell,
  dash: shell,
  ksh: shell,
  source: (a, c, s, l) => shell(a, c, s, l),
  '.': (a, c, s, l) => shell(a, c, s, l),
  node,
  python,
  python3: python,
  make,
  gmake: make,
  npm: packageManager('npm'),
  yarn: packageManager('yarn'),
  pnpm: packageManager('pnpm'),
  pytest: (a, c, s, l) => pytest(a, c, s, l),
  'py.test': (a, c, s, l) => pytest(a, c, s, l),
  jest: jsRunner('jest-config', [...exts('jest.config'), 'package.json'], JEST_FILE_FLAGS),
  vitest: jsRunner(
    'vitest-config',
    [...exts('vitest.config'), ...exts('vite.config'), ...exts('vitest.workspace')],
    [
      '--globalSetup',
      '--setupFiles',
      '--environment',
      '--reporter',
      '--sequence.sequencer',
      '--dir',
    ],
  ),
  mocha: jsRunner(
    'mocha-config',
    [
      '.mocharc.js',
      '.mocharc.cjs',
      '.mocharc.yml',
      '.mocharc.yaml',
      '.mocharc.json',
      '.mocharc.jsonc',
      'package.json',
    ],
    ['-r', '--require', '--file', '--reporter', '--ui', '--import'],
  ),
  tox,
  go,
};

/** Wrappers whose operand is the real command. */
const WRAPPERS = new Set([
  'sudo',
  'env',
  'exec',
  'nice',
  'nohup',
  'time',
  'timeout',
  'xvfb-run',
  'npx',
  'pnpx',
  'bunx',
  'command',
  'stdbuf',
]);
/** `poetry run X`, `uv run X`, `pipenv run X`, `hatch run X`, `bundle exec X`: X runs. */
const RUNNERS = new Set(['poetry', 'uv', 'pipenv', 'hatch', 'pdm', 'bundle', 'rye']);

function run(words: Word[], c: CommandContext, s: Step, line: number): void {
  let w = words;
  for (let guard = 0; guard < 8 && w.length > 0; guard++) {
    const name = w[0].text;
    if (WRAPPERS.has(name)) {
      // Drop the wrapper, then its own flags, assignments and durations (`timeout 10m`).
      w = w.slice(1);
      while (w.length > 1 && /^(?:-.*|[A-Za-z_]\w*=.*|\d+[smh]?)$/.test(w[0].text)) w = w.slice(1);
      continue;
    }
    if (RUNNERS.has(name) && (w[1]?.text === 'run' || w[1]?.text === 'exec')) {
      w = w.slice(2);
      continue;
    }
    break;
  }
  if (w.length === 0) return;
  const [prog, ...args] = w;
  if (prog.dynamic) return say(c, s, line, `${prog.text}: a command named by a variable`);
  const base = prog.text.includes('/')
    ? prog.text.slice(prog.text.lastIndexOf('/') + 1)
    : prog.text;
  const interpreter = /^python3?(?:\.\d+)?$/.test(base) ? python : PROGRAMS[base];
  // `./ci.sh`, `scripts/test`: a script the command executes (not an installed binary).
  if (
    prog.text.includes('/') &&
    !prog.text.includes('node_modules/') &&
    !prog.text.startsWith('/')
  ) {
    const p = repoPath(c.cwd, prog.text);
    if (p !== null && (c.tree.has(p) || !interpreter)) return script(c, s, prog.text, null, line);
  }
  if (Object.hasOwn(RUNS_TESTS, base) && (base !== 'go' || args[0]?.text === 'test'))
    (s.runs ??= []).push(testRun(base, args, c, line));
  interpreter?.(args, c, s, line);
}

/** A test runner's command as a run: its words, the paths they name, the job that runs it. */
function testRun(base: string, args: Word[], c: CommandContext, line: number): TestRun {
  // pytest reads PYTEST_ADDOPTS as words before its own.
  const pre =
    base === 'pytest' || base === 'py.test'
      ? (parseShell(`pytest ${c.addopts ?? ''}`)[0]?.words.slice(1) ?? [])
      : [];
  const words = base === 'go' ? args.slice(1) : [...pre, ...args];
  return {
    runner: RUNS_TESTS[base],
    args: words.map((a) => a.text),
    paths: words.map((a) => (a.dynamic ? null : namedPath(c, a.text))),
    dynamic: words.map((a) => a.dynamic),
    job: jobOf(c.via),
    cwd: c.cwd,
    file: c.file,
    line,
    via: c.via,
  };
}

/** A word as the shell reads it back: a variable's word in double quotes, else single-quoted. */
function shellWord(w: Word): string {
  if (w.dynamic) return `"${w.text.replaceAll('"', '\\"')}"`;
  return /^[\w./:=@%+,-]+$/.test(w.text) ? w.text : `'${w.text.replaceAll("'", `'\\''`)}'`;
}

/** The base's file or folder a runner's word names (`.`, `a.py::t`, `./pkg/...`), else null. */
function namedPath(c: CommandContext, word: string): string | null {
  const w = word.replace(/::.*$/s, '').replace(/\/\.\.\.$/, '/');
  if (w === '' || w.startsWith('-')) return null;
  if (/^\.\/?$/.test(w)) return c.cwd;
  const p = repoPath(c.cwd, w);
  return p !== null && (c.tree.has(p) || c.tree.isDir(p)) ? p : null;
}

/** The test runners whose commands are kept as runs (what they collect is judged from them). */
const RUNS_TESTS: Record<string, TestRun['runner']> = {
  pytest: 'pytest',
  'py.test': 'pytest',
  jest: 'jest',
  vitest: 'vitest',
  mocha: 'mocha',
  go: 'go',
};

/** The step one command of a shell text takes, into `s`. */
export function commandStep(
  cmd: Command,
  c: CommandContext,
  s: Step = emptyStep(),
  at?: number,
): Step {
  const line = at ?? cmd.line;
  // NODE_OPTIONS / PYTEST_ADDOPTS set for this command, or inherited.
  const env = { ...(c.env ?? {}) };
  for (const [k, v] of Object.entries(cmd.env)) {
    if (v.dynamic) say(c, s, line, `${k}=${v.text}: a value built from variables`);
    else env[k] = v.text;
  }
  envStep(env, c, s, line);
  if (cmd.words[0]?.text === 'cd') return s; // the caller tracks the folder
  run(cmd.words, { ...c, env: undefined, addopts: env.PYTEST_ADDOPTS ?? c.addopts }, s, line);
  return s;
}

/** What NODE_OPTIONS and PYTEST_ADDOPTS / PYTEST_PLUGINS load, for every command they reach. */
export function envStep(env: Record<string, string>, c: CommandContext, s: Step, line: number) {
  if (env.NODE_OPTIONS) {
    for (const cmd of parseShell(`node ${env.NODE_OPTIONS}`))
      node(
        cmd.words.slice(1).filter((w) => w.text.startsWith('-') || flagArg(cmd.words, w)),
        c,
        s,
        line,
      );
  }
  if (env.PYTEST_ADDOPTS)
    for (const cmd of parseShell(`pytest ${env.PYTEST_ADDOPTS}`))
      pytest(cmd.words.slice(1), c, s, line);
  if (env.PYTEST_PLUGINS)
    for (const m of env.PYTEST_PLUGINS.split(','))
      pyModule(c, s, m.trim(), `PYTEST_PLUGINS=${m.trim()}`, ['src']);
}

/** A word that is the value of a NODE_OPTIONS flag (not a script to run). */
function flagArg(words: Word[], w: Word): boolean {
  const i = words.indexOf(w);
  return i > 0 && NODE_FLAGS.includes(words[i - 1].text);
}

/** Every command of a shell text, with `cd` followed within it. */
export function shellStep(text: string, c: CommandContext, lineOffset = 0): Step {
  const s = emptyStep();
  let cwd = c.cwd;
  for (const cmd of parseShell(text)) {
    const line = cmd.line + lineOffset;
    if (cmd.words[0]?.text === 'cd' && cmd.words.length >= 2) {
      const to = cmd.words[1];
      const next = to.dynamic ? null : repoPath(cwd, to.text);
      if (to.dynamic) say(c, s, line, `cd ${to.text}: a folder named by a variable`);
      cwd = next ?? cwd;
      continue;
    }
    commandStep(cmd, { ...c, cwd }, s, line);
  }
  return s;
}
