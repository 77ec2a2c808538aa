// What the upkeep commands (init, lock, relock, property, quarantine, promote, drop, digest,
// lint) share: reading and writing the ledger file, checking a result before it is written,
// turning user-given paths into repo-relative ones, and reading a test run's ids to refuse
// typos. The repository root is found from the working directory (io.ts), and paths on the
// command line are relative to the working directory.
import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultLedger } from '../adapters/fs/default-ledger.js';
import { artifactFacts, seedsFacts } from '../adapters/fs/file-facts.js';
import { globProblem, goldenKey, goldenLabel } from '../ledger/golden-set.js';
import { expandReports } from '../adapters/fs/report-globs.js';
import { LIMITS, readCapped } from '../adapters/fs/safe-read.js';
import { mapCases } from '../junit/map.js';
import { parseReports } from '../gather/reports.js';
import {
  GateError,
  type LedgerIssue,
  type LedgerParse,
  type LedgerRow,
  type CollectionOutcome,
  type TestResult,
} from '../types.js';
import {
  UsageError,
  fromCwd,
  printDryRun,
  refuseOutside,
  type CommandIO,
  type Place,
} from './io.js';
import { GlobError, expandIds, usageMessage } from './options.js';
import { editDistance } from '../ledger/distance.js';
import { parseLedger } from '../ledger/parse.js';
import { pathProblem } from '../ledger/pathRules.js';
import { checkLedgerPaths } from '../adapters/fs/ledger-paths.js';

export interface LedgerFile {
  /** Absolute path. */
  abs: string;
  /** As shown in messages: relative to the working directory, `/`-separated. */
  shown: string;
  /** The repository root it belongs to (its artifact and seeds paths are relative to it). */
  root: string;
}

/**
 * The ledger a command reads and writes: `--ledger` relative to the working directory, by
 * default the repository's test folder's ledger.yaml (adapters/fs/default-ledger.ts). One outside the repository, or reached through a
 * symlinked folder, is refused here, before anything is read or written.
 */
export function ledgerFile(at: Place, arg: string | undefined): LedgerFile {
  // One call with a value the bundler cannot see through: a constant path here would make ncc
  // copy every tests/ledger.yaml below the build's folder into dist/ as an asset.
  const abs = path.resolve(arg === undefined ? at.root : at.cwd, arg ?? defaultLedger(at.root));
  const file = { abs, shown: shownPath(at.cwd, abs), root: at.root };
  refuseOutside(at.root, abs, file.shown);
  return file;
}

function shownPath(cwd: string, abs: string): string {
  const rel = path.relative(cwd, abs);
  return (rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel).split(path.sep).join('/');
}

export async function readLedgerText(file: LedgerFile): Promise<string> {
  if (!existsSync(file.abs)) {
    throw new GateError('no ledger here (create one with `ledger-gate init`)', file.shown);
  }
  return readCapped(file.abs, LIMITS.ledgerBytes, file.shown);
}

/** Every problem with a ledger text, the file-system path checks included. */
export function ledgerProblems(
  text: string,
  file: LedgerFile,
  root: string,
): { parsed: LedgerParse; issues: LedgerIssue[] } {
  const parsed = parseLedger(text, file.shown);
  const issues = [...parsed.errors];
  if (parsed.ledger) issues.push(...checkLedgerPaths(parsed.ledger, root));
  issues.sort((a, b) => a.line - b.line || a.column - b.column);
  return { parsed, issues };
}

export function formatIssue(i: LedgerIssue): string {
  return `${i.file}:${i.line}:${i.column}: ${i.message}`.replace(/[\r\n]+/g, ' ');
}

export interface WriteOptions {
  /** Print the diff from `before` instead of writing (`--dry-run`). */
  dryRun?: boolean;
  /** The file's text before the edit ('' for a new file), for the dry run's diff. */
  before?: string;
}

/**
 * Validates `text` and writes it in place of the ledger (via a temporary file and a rename,
 * so a reader never sees half a ledger). Refuses, writing nothing, when it is invalid.
 */
export function writeLedger(
  text: string,
  file: LedgerFile,
  io: CommandIO,
  opts: WriteOptions = {},
): boolean {
  const { issues } = ledgerProblems(text, file, file.root);
  if (issues.length > 0) {
    io.stderr(`refusing to write ${file.shown}: the result would be invalid\n`);
    for (const i of issues.slice(0, 50)) io.stderr(formatIssue(i) + '\n');
    if (issues.length > 50) io.stderr(`… and ${issues.length - 50} more\n`);
    return false;
  }
  if (opts.dryRun) {
    printDryRun(io, file.shown, opts.before ?? '', text);
    return true;
  }
  const tmp = `${file.abs}.ledger-gate-${process.pid}.tmp`;
  let mode: number | undefined;
  try {
    mode = statSync(file.abs).mode & 0o777;
  } catch {
    mode = undefined;
  }
  writeFileSync(tmp, text, mode === undefined ? undefined : { mode });
  renameSync(tmp, file.abs);
  return true;
}

/**
 * The sequence every command that edits the ledger ends with: read it, compute the edit from
 * its text, write the result (validated first, then atomically) and announce what changed.
 * `edit` may throw to refuse; nothing is written then. Exit status: 0, or 1 when the result
 * would be invalid.
 */
export async function editLedger(
  file: LedgerFile,
  io: CommandIO,
  edit: (text: string) => Promise<{ text: string; announce: string[] }>,
  opts: { dryRun?: boolean } = {},
): Promise<number> {
  const before = await readLedgerText(file);
  const result = await edit(before);
  if (!writeLedger(result.text, file, io, { dryRun: opts.dryRun, before })) return 1;
  if (opts.dryRun) return 0;
  for (const line of result.announce) io.stdout(line + '\n');
  return 0;
}

/**
 * A path given relative to `from` (the working directory for a path typed on the command
 * line; the root for a test id's file) as the repo-relative, `/`-separated path the ledger
 * stores.
 */
export function repoPath(root: string, given: string, what: string, from = root): string {
  if (given.includes('\0')) throw new UsageError(`${what} contains a NUL character`);
  const abs = path.resolve(from, given);
  const rel = path.relative(root, abs).split(path.sep).join('/');
  if (rel === '' || rel.startsWith('../') || rel === '..' || path.isAbsolute(rel)) {
    throw new UsageError(`${what} ${JSON.stringify(given)} is not inside the repository (${root})`);
  }
  const out = given.endsWith('/') && !rel.endsWith('/') ? rel + '/' : rel;
  const why = pathProblem(out);
  if (why) throw new UsageError(`${what} ${JSON.stringify(given)} ${why}`);
  return out;
}

/**
 * `--artifact`, given once or more: one golden path, a glob, or several of them locked as one
 * set (CONTRACT §2); the row's artifact key (golden-set.ts).
 */
export function artifactArg(root: string, given: readonly string[], from = root): string {
  const paths = given.map((g) => {
    const p = repoPath(root, g, '--artifact', from);
    const why = globProblem(p);
    if (why) throw new UsageError(`--artifact ${JSON.stringify(g)} ${why}`);
    return p;
  });
  return goldenKey(paths);
}

/** Today's date, YYYY-MM-DD, in UTC. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Runs a command body: usage errors exit 2, GateErrors (bad input, refusals) exit 1. */
export async function runCommand(
  name: string,
  io: CommandIO,
  body: () => Promise<number>,
): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`ledger-gate ${name}: ${usageMessage(e as Error)}\n`);
      return 2;
    }
    if (e instanceof GateError) {
      io.stderr(`ledger-gate ${name}: ${e.oneLine}\n`);
      return 1;
    }
    if (e instanceof GlobError) {
      io.stderr(`ledger-gate ${name}: ${e.message}: nothing written\n`);
      return 1;
    }
    throw e;
  }
}

/**
 * Digests of artifacts and checks of seeds folders, read the way the gate reads them; a
 * missing, unreadable or empty one is refused (a ledger row for it would be rejected).
 */
export async function readFacts(
  root: string,
  artifacts: string[],
  seeds: string[],
): Promise<Map<string, string>> {
  const facts = {
    artifacts: await artifactFacts(root, artifacts),
    seeds: await seedsFacts(root, seeds),
  };
  const digests = new Map<string, string>();
  for (const a of artifacts) {
    const f = facts.artifacts.get(a);
    if (f?.digest === undefined)
      throw new GateError(`artifact: ${f?.problem ?? 'unreadable'}`, goldenLabel(a));
    digests.set(a, f.digest);
  }
  for (const s of seeds) {
    const f = facts.seeds.get(s);
    if (f === undefined || f.problem !== undefined || f.files === 0) {
      throw new GateError(
        `seeds folder: ${f?.problem ?? 'holds no seed files; add at least one'}`,
        s,
      );
    }
  }
  return digests;
}

/**
 * Where `init`'s modeline points editors (yaml-language-server) for the ledger's JSON Schema,
 * shipped in this repository as schema/ledger.schema.json. `init --schema URL` overrides it.
 */
export { SCHEMA_URL } from '../project.js';

/** A test run as the upkeep commands read it: `--junit` reports and/or a `--collected` list. */
export interface Run {
  /** One result per test id, from the reports (none for a collected list alone). */
  tests: TestResult[];
  /** The ids of the collected list, in its order, when one was given. */
  collected?: string[];
  /** Every id the run holds: collected or reported. */
  ids: Set<string>;
  /** pytest modules skipped or broken at collection (not tests). */
  collection: CollectionOutcome[];
  /** The inputs, as given, for messages. */
  source: string;
}

/**
 * Reads the run given on the command line, mapped to ids as `check` maps it; `undefined` when
 * neither `--junit` nor `--collected` was given. Fails closed: an unreadable report, or a case
 * that maps to no single id, refuses the command.
 */
export async function readRun(
  at: Place,
  junit: string[] | undefined,
  collected: string | undefined,
): Promise<Run | undefined> {
  if (junit === undefined && collected === undefined) return undefined;
  const root = at.root;
  // Read as `check` reads them (the same containment checks); the first problem refuses.
  const parsed = await parseReports({
    root,
    ...(await expandReports(
      root,
      (junit ?? []).map((g) => fromCwd(at, g)),
    )),
    collected: collected === undefined ? undefined : fromCwd(at, collected),
  });
  const problem = parsed.reportProblems[0];
  if (problem) throw new GateError(problem.message, problem.file, problem.line);
  const { reports, collected: ids } = parsed;
  const opts = { collected: ids, repoRoot: root };
  const { tests, unmapped, collection } = mapCases(reports, opts);
  if (unmapped.length > 0) {
    const u = unmapped[0];
    throw new GateError(
      `${unmapped.length} test case${unmapped.length === 1 ? '' : 's'} map to no single id ` +
        `(first: ${JSON.stringify(u.case.name)}: ${u.reason}); for pytest, use --collected with \`pytest --collect-only -q\` output`,
      u.case.report,
    );
  }
  return {
    tests,
    collected: ids,
    ids: new Set([...(ids ?? []), ...tests.map((t) => t.id)]),
    collection,
    source: [...(junit ?? []), ...(collected === undefined ? [] : [collected])].join(', '),
  };
}

/**
 * Refuses ids that look like typos. With a run given, every id must be one the run holds;
 * without one, every id must already have a row (a new row needs the run that holds its
 * test). `allowNew` (`--new`) lets an id through anyway: a test not written or run yet.
 */
export function requireKnown(
  ids: string[],
  run: Run | undefined,
  rows: ReadonlySet<string>,
  allowNew: boolean | undefined,
  file: LedgerFile,
): void {
  if (allowNew) {
    refuseNearMiss(ids, run);
    return;
  }
  const known = run ? run.ids : rows;
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const id = unknown[0];
  const near = nearest(id, known) ?? samePathTail(id, known) ?? sameTitleTail(id, known);
  const hint = near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
  const more = unknown.length > 1 ? ` and ${unknown.length - 1} more id(s)` : '';
  if (run) {
    throw new GateError(
      `no given report or collected list holds ${JSON.stringify(id)}${hint}${more}; ` +
        'add --new for a test the run does not hold',
      run.source,
    );
  }
  throw new GateError(
    `${JSON.stringify(id)} has no row${hint}${more}; to add one, give the run that holds the ` +
      'test (--junit GLOB or --collected FILE), or --new for a test not run yet',
    file.shown,
  );
}

/**
 * `--new` accepts a test the run does not hold, not a typo of one it does: an id the given
 * run lacks while it holds one a few edits away (`FILE:: title` beside `FILE::title`), or the
 * same test under another path (`test_a.py::test_x` beside `tests/test_a.py::test_x`), is
 * refused with that id.
 */
function refuseNearMiss(ids: string[], run: Run | undefined): void {
  if (!run) return;
  for (const id of ids) {
    if (run.ids.has(id)) continue;
    const near = nearest(id, run.ids) ?? samePathTail(id, run.ids) ?? sameTitleTail(id, run.ids);
    if (near === undefined) continue;
    throw new GateError(
      `no given report or collected list holds ${JSON.stringify(id)} (did you mean ${JSON.stringify(near)}?); ` +
        '--new is for a test the run does not hold, not another name of one it does',
      run.source,
    );
  }
}

/**
 * A known id that is `id` with a longer path: the same test named from another folder, which
 * an edit distance misses when the missing folder is long (`tests/unit/` before the file).
 */
export function samePathTail(id: string, known: Iterable<string>): string | undefined {
  if (id.includes('*')) return undefined;
  let best: string | undefined;
  for (const k of known) {
    if (k.length > id.length && k.endsWith(id) && '/:'.includes(k[k.length - id.length - 1]))
      if (best === undefined || k < best) best = k;
  }
  return best;
}

/**
 * A known id of the same file that names `id`'s test more fully: with its enclosing describe
 * blocks or class in front (`a.test.js::inner works` for jest's `a.test.js::group inner works`,
 * `…::group > inner works` for vitest, `…::TestX::test_y` for pytest), or with its parameters
 * after (`…::test_tokenize` for pytest's `…::test_tokenize[a-b]`), which an edit distance
 * misses when the blocks' names or the parameters are long.
 */
export function sameTitleTail(id: string, known: Iterable<string>): string | undefined {
  const cut = id.indexOf('::');
  const title = id.slice(cut + 2);
  if (cut <= 0 || title === '' || id.includes('*')) return undefined;
  const file = id.slice(0, cut + 2);
  let best: string | undefined;
  for (const k of known) {
    if (k.length <= id.length || !k.startsWith(file)) continue;
    const before = k.endsWith(title) ? k[k.length - title.length - 1] : '';
    const fuller = before === ' ' || before === ':' || k.startsWith(`${id}[`);
    if (fuller && (best === undefined || k < best)) best = k;
  }
  return best;
}

/**
 * The ids a command that adds or edits rows names: each argument an id or an id glob, a glob
 * matched against the run's ids when a run is given, else the ledger's; then every id is
 * checked as requireKnown says.
 */
export function namedIds(
  args: readonly string[],
  run: Run | undefined,
  rows: ReadonlySet<string>,
  allowNew: boolean | undefined,
  file: LedgerFile,
): string[] {
  const ids = run
    ? expandIds(args, run.ids, `in ${run.source}`)
    : expandIds(args, rows, `with a row in ${file.shown}`);
  requireKnown(ids, run, rows, allowNew, file);
  return ids;
}

/**
 * What a command that adds or edits rows reads first: the ledger's rows by id, the run given
 * (--junit / --collected), and the ids its arguments name (namedIds).
 */
export async function rowsAndIds(
  text: string,
  file: LedgerFile,
  at: Place,
  args: readonly string[],
  values: { junit?: string[]; collected?: string; new?: boolean },
): Promise<{ rows: Map<string, LedgerRow>; run: Run | undefined; ids: string[] }> {
  const rows = new Map(ledgerRows(text, file).map((r) => [r.id, r]));
  const run = await readRun(at, values.junit, values.collected);
  const ids = namedIds(args, run, new Set(rows.keys()), values.new, file);
  return { rows, run, ids };
}

/**
 * The known id closest to `id` by edit distance, when close enough to be a typo. Only ids of
 * the same file (the part before `::`) are compared, or all of them when there are few.
 */
export function nearest(id: string, known: Iterable<string>): string | undefined {
  const file = (s: string) => s.slice(0, Math.max(s.indexOf('::'), 0));
  const all = [...known];
  let pool = all.filter((k) => file(k) === file(id));
  if (pool.length === 0 && all.length <= 2000) pool = all;
  const limit = Math.max(2, Math.floor(id.length / 8));
  let best: string | undefined;
  let bestD = limit + 1;
  for (const k of pool.slice(0, 5000)) {
    if (Math.abs(k.length - id.length) >= bestD) continue;
    const d = editDistance(id, k, { cap: bestD });
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best;
}
/**
 * The ledger's rows as far as they can be read; an invalid ledger is not refused here (the
 * edit's result is validated before it is written, and that refusal lists every problem).
 */
export function ledgerRows(text: string, file: LedgerFile): LedgerRow[] {
  return parseLedger(text, file.shown).ledger?.rows ?? [];
}
