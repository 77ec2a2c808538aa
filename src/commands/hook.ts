// `ledger-gate hook install | run`: one CI cycle per honest commit (issue 37). A human who edits
// a locked test file or golden learns from CI, a cycle later, that its row must be re-locked;
// the fix is known before the push. `hook install` puts a git pre-commit hook in place (keeping
// the hook that was there, or as a line of husky's .husky/pre-commit; lefthook gets a snippet to
// add), and the hook runs `hook run`: the rows of the staged test files and goldens re-locked to
// the staged bytes (relock's edit), the ledger staged into the same commit, what changed said.
// No test run is needed: a file row (FILE::*) covers the new tests of its file. It grants
// nothing: the gate judges the commit that carries the re-lock like any ledger edit, so an
// agent's commit that ran the hook is still `ledger-agent-edit`.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  configValue,
  hooksDir,
  stage,
  stagedPaths,
  topLevel,
  unstagedPaths,
} from '../adapters/git/index-state.js';
import { dropRows, setRows } from '../ledger/edit.js';
import { fileRowId, testFile } from '../ledger/file-rows.js';
import { parseLedger } from '../ledger/parse.js';
import type { RowFields } from '../ledger/render.js';
import { DEFAULT_RULE, parseClassRule, type ClassRule } from '../ledger/rules.js';
import { fileRowByRules, looksLikeTestFile } from '../hook/new-files.js';
import { goldenLabel, inGoldenSet } from '../ledger/golden-set.js';
import { resnapshot, withSnapshots } from './snapshot-lock.js';
import { commandLine, invocationOf, type Invocation, type Launch } from '../hook/invocation.js';
import { CHAINED, hookScript, isOurs, lefthookSnippet, withHuskyLine } from '../hook/script.js';
import { GateError } from '../types.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { keysSelectedBy, lockableRows, relockEdit } from './relock.js';
import { HOOK } from './tables.js';
import {
  ledgerFile,
  ledgerRows,
  readFacts,
  readLedgerText,
  runCommand,
  writeLedger,
  type LedgerFile,
} from './upkeep.js';

const LEFTHOOK_FILES = [
  'lefthook.yml',
  '.lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yaml',
  'lefthook.json',
  'lefthook.toml',
];

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('hook', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: HOOK.options,
    });
    const [action, extra] = positionals;
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
    if (action === 'install') return install(values.command, io);
    if (action === 'run') return relockStaged(values.ledger, io);
    throw new UsageError(
      action === undefined
        ? 'hook needs an action: install or run'
        : `unknown hook action ${JSON.stringify(action)} (install or run)`,
    );
  });
}

/**
 * How `hook install` was run, read where it can be: the script resolved through symlinks (a
 * global install's bin link), and under npx the packages its cache folder was made for.
 */
function launchOf(io: CommandIO): Launch | undefined {
  const self = io.self;
  if (self?.script === undefined) return undefined;
  let script: string;
  try {
    script = realpathSync(path.resolve(io.cwd, self.script));
  } catch {
    return undefined; // no script to find again: ledger-gate from PATH
  }
  let npxCached: string[] | undefined;
  const cache = /^(.*[\\/]_npx[\\/][^\\/]+)[\\/]node_modules[\\/]/.exec(script)?.[1];
  if (cache !== undefined) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(cache, 'package.json'), 'utf8')) as {
        _npx?: { packages?: unknown };
      };
      const p = pkg._npx?.packages;
      if (Array.isArray(p) && p.every((x) => typeof x === 'string')) npxCached = p;
    } catch {
      npxCached = undefined; // npm's cache layout changed: the node form is written
    }
  }
  return {
    node: self.execPath,
    script,
    npmCommand: self.env.npm_command,
    npxPackage: self.env.npm_config_package,
    npxCached,
    cwd: io.cwd,
  };
}

async function install(given: string | undefined, io: CommandIO): Promise<number> {
  if (given !== undefined && (given.trim() === '' || /[\n\r\0]/.test(given)))
    throw new UsageError('--command must be one line (how the hook calls ledger-gate)');
  const inv: Invocation =
    given !== undefined ? { kind: 'command', command: given } : invocationOf(launchOf(io));
  const command = commandLine(inv);
  const top = await topLevel(placeOf(io).cwd);
  const said = (abs: string) => path.relative(top, abs).split(path.sep).join('/') || abs;

  // lefthook writes .git/hooks itself on `lefthook install`: a hook written there would be
  // overwritten, so the line goes into its config, by the user.
  const lefthook = LEFTHOOK_FILES.find((f) => existsSync(path.join(top, f)));
  if (lefthook !== undefined) {
    io.stdout(
      `${lefthook}: lefthook manages this repository's hooks; add the ledger-gate command to its pre-commit, then run \`lefthook install\`:\n\n` +
        lefthookSnippet(inv) +
        '\nnothing written\n',
    );
    return 0;
  }

  // husky (v9: core.hooksPath .husky/_; the user's hooks are .husky/<name>, committed).
  const hooksPath = await configValue(top, 'core.hooksPath');
  const husky = path.join(top, '.husky');
  if (
    (hooksPath !== undefined && /^\.husky(\/|$)/.test(hooksPath)) ||
    (hooksPath === undefined && existsSync(husky))
  ) {
    const file = path.join(husky, 'pre-commit');
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    const after = withHuskyLine(before, inv);
    if (after === before) {
      io.stdout(`${said(file)}: already runs \`${command} hook run\`; nothing written\n`);
      return 0;
    }
    mkdirSync(husky, { recursive: true });
    writeFileSync(file, after);
    chmodSync(file, 0o755);
    io.stdout(
      `${said(file)}: ${before === undefined ? 'written' : 'added a line'}: \`${command} hook run\` (commit it: every clone that runs husky gets it)\n` +
        (hooksPath === undefined
          ? 'husky is not installed in this clone (core.hooksPath is unset): run `npx husky` so git uses .husky/\n'
          : ''),
    );
    return 0;
  }

  const dir = await hooksDir(top);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'pre-commit');
  const kept = path.join(dir, CHAINED);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  let note = '';
  if (before !== undefined && !isOurs(before)) {
    if (existsSync(kept))
      throw new GateError(
        `${said(kept)} exists already: refusing to overwrite a kept hook (move one of them aside)`,
        said(file),
      );
    renameSync(file, kept);
    note = `; the hook that was there is kept as ${said(kept)} and runs first`;
  }
  const text = hookScript(inv, existsSync(kept));
  if (text === before) {
    io.stdout(`${said(file)}: already installed; nothing written\n`);
    return 0;
  }
  writeFileSync(file, text);
  chmodSync(file, 0o755);
  io.stdout(
    `${said(file)}: ${before !== undefined && isOurs(before) ? 'updated' : 'installed'}: runs \`${command} hook run\` before each commit${note}\n`,
  );
  return 0;
}

/** `hook run`: re-lock the rows of the staged files to the staged bytes and stage the ledger. */
async function relockStaged(ledgerArg: string | undefined, io: CommandIO): Promise<number> {
  const at = placeOf(io);
  const root = at.root;
  const file = ledgerFile(at, ledgerArg);
  const say = (s: string) => io.stdout(`ledger-gate hook: ${s}\n`);
  if (!existsSync(file.abs)) {
    say(`no ledger at ${file.shown}; nothing to re-lock`);
    return 0;
  }
  const ledgerPath = path.relative(root, file.abs).split(path.sep).join('/');
  const staged = await stagedPaths(root);
  const text = await readLedgerText(file);
  // A deleted test file's rows go with it, as `update` drops them: their tests are gone with
  // the file, whatever a run would say. (A deleted golden's rows stay: their tests may not.)
  const deleted = new Set(staged.deleted.filter((p) => p !== ledgerPath));
  const drop = new Set<string>();
  for (const r of ledgerRows(text, file)) {
    const of = testFile(r.id);
    if (deleted.has(of) && !existsSync(path.join(root, of))) drop.add(r.id);
  }
  // A staged snapshot re-derives its test file's set (snapshot-lock.ts): one `jest -u` wrote
  // or deleted joins or leaves it.
  const touched = [...staged.changed, ...deleted].filter((p) => p !== ledgerPath);
  const { rows, keysOf } = await resnapshot(
    root,
    lockableRows(text, file).filter((r) => !drop.has(r.id)),
    touched,
  );
  const keys: string[] = [];
  for (const p of touched)
    for (const k of [...(keysOf.get(p) ?? []), ...keysSelectedBy(rows, p)])
      if (!keys.includes(k)) keys.push(k);
  // A new test file no row names gets its file row where the rules say so (new-files.ts),
  // locked to it and its snapshots.
  const { fresh: freshFiles, unclassed } = newTestFiles(text, file, staged.added);
  const fresh: string[] = [];
  for (const f of freshFiles) fresh.push(await withSnapshots(root, f));
  for (const k of fresh) keys.push(k);
  if (keys.length === 0 && drop.size === 0) {
    for (const f of unclassed) say(leftToUpdate(f));
    return 0;
  }

  // The digest is taken of the working tree: it is the commit's only where the working tree
  // holds what is staged. A partly staged file (or an untracked member of a golden glob) would
  // be locked to bytes the commit does not hold: refused, with how to go on.
  const dirty = await unstagedPaths(root);
  if (dirty.includes(ledgerPath))
    throw new GateError(
      `has changes that are not staged: the hook stages the ledger it writes; stage them (git add ${ledgerPath}) or set them aside (git stash --keep-index), then commit again`,
      file.shown,
    );
  for (const p of dirty) {
    const hit =
      fresh.find((k) => inGoldenSet(k, p)) ?? keysSelectedBy(rows, p).find((k) => keys.includes(k));
    if (hit !== undefined)
      throw new GateError(
        `${p} has changes that are not staged, and ${goldenLabel(hit)} is locked in the ledger: the hook locks what the commit holds; stage them (git add ${p}) or set them aside (git stash --keep-index), then commit again`,
      );
  }

  // A deleted file's rows are not re-locked (there are no bytes): update or drop says what
  // becomes of its tests.
  const digests = new Map<string, string>();
  const gone: string[] = [];
  for (const k of keys) {
    try {
      digests.set(k, (await readFacts(root, [k], [])).get(k)!);
    } catch (e) {
      if (!(e instanceof GateError)) throw e;
      gone.push(k);
    }
  }
  const locked = keys.filter((k) => digests.has(k) && !fresh.includes(k));
  const dropped = drop.size === 0 ? text : dropRows(text, drop);
  const added = new Map<string, RowFields>();
  fresh.forEach((k, i) => {
    if (!digests.has(k)) return;
    const fields: RowFields = { class: 'locked_fixture', digest: digests.get(k)! };
    if (k !== freshFiles[i]) fields.artifact = k; // the file and its snapshots
    added.set(fileRowId(freshFiles[i]), fields);
  });
  const withNew = added.size === 0 ? dropped : setRows(dropped, added).text;
  const edit = relockEdit(withNew, file, rows, locked, digests);
  for (const k of gone)
    say(
      `${goldenLabel(k)}: deleted or unreadable, its rows left as they are: run \`ledger-gate update --junit …\` (or \`ledger-gate drop ID\`) for its tests`,
    );
  for (const f of unclassed) say(leftToUpdate(f));
  if (edit.changed === 0 && drop.size === 0 && added.size === 0) return 0;
  if (!writeLedger(edit.text, file, io, { before: text })) return 1;
  await stage(root, ledgerPath);
  for (const f of deleted) {
    const n = [...drop].filter((id) => testFile(id) === f).length;
    if (n > 0) say(`${file.shown}: ${f}: deleted, ${n} row${n === 1 ? '' : 's'} dropped`);
  }
  for (const [id, f] of added) say(`${file.shown}: added ${id}: locked_fixture, ${f.digest}`);
  for (const line of edit.announce) say(line);
  const did = [
    ...(edit.changed > 0 ? [`${edit.changed} row${edit.changed === 1 ? '' : 's'} re-locked`] : []),
    ...(added.size > 0 ? [`${added.size} added`] : []),
    ...(drop.size > 0 ? [`${drop.size} dropped`] : []),
  ];
  say(`${file.shown}: staged with this commit (${did.join(', ')})`);
  return 0;
}

const leftToUpdate = (f: string) =>
  `${f}: a new test file the ledger's rules do not lock to itself: run \`ledger-gate update --junit …\` to class its tests`;

/**
 * The staged new files that look like test files and have no row: those the ledger's rules
 * lock to themselves (a file row is added), and the rest (left to `update`).
 */
function newTestFiles(
  text: string,
  file: LedgerFile,
  added: readonly string[],
): { fresh: string[]; unclassed: string[] } {
  const parsed = parseLedger(text, file.shown).ledger;
  const rules = (parsed?.rules ?? [DEFAULT_RULE])
    .map((r) => parseClassRule(r))
    .filter((r): r is ClassRule => !('problem' in r));
  const named = new Set((parsed?.rows ?? []).map((r) => testFile(r.id)));
  const fresh: string[] = [];
  const unclassed: string[] = [];
  for (const f of added) {
    if (!looksLikeTestFile(f) || named.has(f)) continue;
    (fileRowByRules(rules, f) ? fresh : unclassed).push(f);
  }
  return { fresh, unclassed };
}
