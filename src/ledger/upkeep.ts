// What the upkeep commands (init, lock, property, quarantine, promote, digest, lint) share:
// reading and writing the ledger file, checking a result before it is written, and turning
// user-given paths into repo-relative ones. The repository root is the working directory.
import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { artifactFacts, LIMITS, readCapped, seedsFacts } from '../adapters/files.js';
import { GateError, type LedgerIssue, type LedgerParse } from '../types.js';
import { UsageError, type CommandIO } from '../commands/io.js';
import { parseLedger } from './parse.js';
import { pathProblem } from './pathRules.js';
import { checkLedgerPaths } from './paths.js';

export const DEFAULT_LEDGER = 'tests/ledger.yaml';

export interface LedgerFile {
  /** Absolute path. */
  abs: string;
  /** As shown in messages: relative to the working directory, `/`-separated. */
  shown: string;
}

export function ledgerFile(cwd: string, arg: string | undefined): LedgerFile {
  const abs = path.resolve(cwd, arg ?? DEFAULT_LEDGER);
  return { abs, shown: shownPath(cwd, abs) };
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

/**
 * Validates `text` and writes it in place of the ledger (via a temporary file and a rename,
 * so a reader never sees half a ledger). Refuses, writing nothing, when it is invalid.
 */
export function writeLedger(text: string, file: LedgerFile, root: string, io: CommandIO): boolean {
  const { issues } = ledgerProblems(text, file, root);
  if (issues.length > 0) {
    io.stderr(`refusing to write ${file.shown}: the result would be invalid\n`);
    for (const i of issues.slice(0, 50)) io.stderr(formatIssue(i) + '\n');
    if (issues.length > 50) io.stderr(`… and ${issues.length - 50} more\n`);
    return false;
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
 * A path given on the command line (relative to the working directory, which is the
 * repository root) as the repo-relative, `/`-separated path the ledger stores.
 */
export function repoPath(root: string, given: string, what: string): string {
  if (given.includes('\0')) throw new UsageError(`${what} contains a NUL character`);
  const abs = path.resolve(root, given);
  const rel = path.relative(root, abs).split(path.sep).join('/');
  if (rel === '' || rel.startsWith('../') || rel === '..' || path.isAbsolute(rel)) {
    throw new UsageError(`${what} ${JSON.stringify(given)} is not inside the repository (${root})`);
  }
  const out = given.endsWith('/') && !rel.endsWith('/') ? rel + '/' : rel;
  const why = pathProblem(out);
  if (why) throw new UsageError(`${what} ${JSON.stringify(given)} ${why}`);
  return out;
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
      io.stderr(`ledger-gate ${name}: ${(e as Error).message.split('\n')[0]}\n`);
      return 2;
    }
    if (e instanceof GateError) {
      io.stderr(`ledger-gate ${name}: ${e.oneLine}\n`);
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
    if (f?.digest === undefined) throw new GateError(`artifact: ${f?.problem ?? 'unreadable'}`, a);
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
