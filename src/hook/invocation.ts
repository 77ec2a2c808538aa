// How the pre-commit hook calls the CLI (pure): the way `hook install` itself was run, so a
// CLI run as `node path/to/cli`, through `npx`, or from a global install is found again at
// commit time, with `ledger-gate` on PATH as the fallback; and the shell lines that call it,
// warn (exit 0: the commit goes on) when none is there, and quote every path for sh.
import path from 'node:path';

/** How this process was started, as the CLI's entry saw it (the hook command reads it). */
export interface Launch {
  /** The Node binary (process.execPath). */
  node: string;
  /** The CLI script, absolute and resolved through symlinks (a global install's bin link). */
  script: string;
  /** npm's `npm_command` (`exec` under npx and `npm exec`). */
  npmCommand?: string;
  /** npm's `npm_config_package`: `npx --package SPEC` given. */
  npxPackage?: string;
  /** The packages npx installed into the cache folder the script lives in (its `_npx.packages`). */
  npxCached?: readonly string[];
  /** The working folder `hook install` ran in: a relative npx spec is resolved from it. */
  cwd: string;
}

export type Invocation =
  /** `ledger-gate` from PATH (the default when nothing else is known). */
  | { kind: 'path' }
  /** The Node binary and the CLI script, as `node path/to/cli` or a global install ran it. */
  | { kind: 'node'; node: string; script: string }
  /** `npx --yes --package SPEC -- ledger-gate`, as npx ran it. */
  | { kind: 'npx'; spec: string }
  /** `--command CMD`, as given. */
  | { kind: 'command'; command: string };

/** Is this script in npx's cache (`~/.npm/_npx/<hash>/node_modules/…`), not a project's? */
const inNpxCache = (script: string) => /[\\/]_npx[\\/][^\\/]+[\\/]node_modules[\\/]/.test(script);

/** A spec npm reads as a local file or folder: absolute from where it was given. */
function absoluteSpec(spec: string, cwd: string): string {
  if (spec.startsWith('file:')) return `file:${path.resolve(cwd, spec.slice(5))}`;
  if (/^(\.{1,2}([\\/]|$)|[\\/]|~[\\/])/.test(spec) || /\.(tgz|tar\.gz|tar)$/.test(spec))
    return spec.startsWith('~') ? spec : path.resolve(cwd, spec);
  return spec;
}

/**
 * The invocation that ran `hook install`: npx's package spec when npx ran it from its cache
 * (the cache may be cleaned; the spec fetches it again), else the Node binary and the script.
 */
export function invocationOf(l: Launch | undefined): Invocation {
  if (l === undefined) return { kind: 'path' };
  if (l.npmCommand === 'exec' && inNpxCache(l.script)) {
    const given = (l.npxPackage ?? '').split('\n').filter((s) => s.trim() !== '');
    const specs = given.length > 0 ? given : (l.npxCached ?? []);
    if (specs.length === 1 && !/[\0\r\n]/.test(specs[0]))
      return { kind: 'npx', spec: absoluteSpec(specs[0].trim(), l.cwd) };
  }
  return { kind: 'node', node: l.node, script: l.script };
}

/** A word of a shell command, quoted for sh when it needs to be. */
export function shellWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`;
}

/** The command line that runs the CLI (before `hook run`), for messages and lefthook. */
export function commandLine(inv: Invocation): string {
  switch (inv.kind) {
    case 'path':
      return 'ledger-gate';
    case 'node':
      return `${shellWord(inv.node)} ${shellWord(inv.script)}`;
    case 'npx':
      return `npx --yes --package ${shellWord(inv.spec)} -- ledger-gate`;
    case 'command':
      return inv.command;
  }
}

const HOW_TO_INSTALL =
  'install it (npm install -g ledger-gate, or npm install --save-dev ledger-gate), then run `ledger-gate hook install` again; see docs/keeping.md';

/** The warning a commit prints when the CLI is not found, as one sh `echo … >&2` line. */
function warn(indent: string, what: string): string {
  return `${indent}echo ${shellWord(`ledger-gate hook: ${what}: nothing was re-locked, the commit goes on; ${HOW_TO_INSTALL}`)} >&2`;
}

/**
 * The sh lines that run `hook run`: the recorded invocation when it is still there, else
 * `ledger-gate` from PATH, else a warning on stderr and the commit goes on (exit 0). A failing
 * `hook run` (a partly staged golden) still stops the commit.
 */
export function runLines(inv: Invocation): string[] {
  const onPath = ['command -v ledger-gate >/dev/null 2>&1', 'ledger-gate hook run || exit $?'];
  if (inv.kind === 'command')
    // A command of the user's own: sh's 127 is "not found"; anything else is the CLI's word.
    return [
      `${inv.command} hook run`,
      'status=$?',
      `if [ "$status" -eq 127 ]; then`,
      warn('  ', `${inv.command} was not found`),
      `elif [ "$status" -ne 0 ]; then`,
      '  exit "$status"',
      'fi',
    ];
  const first: [string, string, string][] =
    inv.kind === 'node'
      ? [
          [
            `[ -x ${shellWord(inv.node)} ] && [ -f ${shellWord(inv.script)} ]`,
            `${commandLine(inv)} hook run || exit $?`,
            `${inv.node} ${inv.script}`,
          ],
        ]
      : inv.kind === 'npx'
        ? [
            [
              `command -v npx >/dev/null 2>&1${path.isAbsolute(inv.spec) ? ` && [ -e ${shellWord(inv.spec)} ]` : ''}`,
              `${commandLine(inv)} hook run || exit $?`,
              `npx --package ${inv.spec}`,
            ],
          ]
        : [];
  const branches = [...first, [onPath[0], onPath[1], 'ledger-gate on PATH'] as const];
  const lines: string[] = [];
  branches.forEach(([test, run], i) => {
    lines.push(`${i === 0 ? 'if' : 'elif'} ${test}; then`, `  ${run}`);
  });
  const tried = branches.map((b) => b[2]).join('; ');
  lines.push('else', warn('  ', `the ledger-gate CLI is not found (tried: ${tried})`), 'fi');
  return lines;
}
