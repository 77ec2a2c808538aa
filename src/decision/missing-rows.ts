// Rows that expect a result and have none: a lost test, shard or quarantined id (§3 `expect`).
import { FILE_ROW_SUFFIX, isFileRowId, testFile } from '../ledger/file-rows.js';
import type { Finding, Ledger, LedgerRow, RuleKey } from '../types.js';
import type { DecideInput } from './decide-input.js';
import { idPrefix } from './evidence.js';
import { finding } from './finding.js';
import { moveOutFix } from './draft-report.js';
import picomatch from 'picomatch';

/** Rows that must have a result (§3 `expect`) but have none. */
export function missingRows(
  ledger: Ledger,
  input: DecideInput,
  seen: Set<LedgerRow>,
  out: Finding[],
  draftPaths: readonly string[] = [],
): void {
  const globs = draftPaths.filter((g) => g.trim() !== '' && !g.startsWith('!'));
  const underDrafts = globs.length > 0 ? picomatch(globs, { dot: true }) : () => false;
  const ranFiles = new Set<string>();
  if (input.expect === 'ran-files') {
    for (const t of input.tests) ranFiles.add(idPrefix(t.id));
    // A module that failed to collect ran, as far as its rows are concerned.
    for (const o of input.collection ?? []) if (o.file !== undefined) ranFiles.add(o.file);
  }
  // Whatever `expect` says, a collected id with a row must have a result (a lost shard).
  const collected = input.collected !== undefined ? new Set(input.collected) : undefined;
  if (collected !== undefined) lostUnderFileRows(ledger, input, collected, out);
  // The files with results matter only to file rows: gathered at the first one left unseen
  // (one slice and Set entry per case, 100,000 at L, that a ledger of exact rows never reads).
  let withResults: Set<string> | undefined;
  const filesWithResults = () => (withResults ??= new Set(input.tests.map((t) => testFile(t.id))));
  for (const row of ledger.rows) {
    if (seen.has(row)) continue;
    if (classesNoneOfARun(row, input, filesWithResults)) continue;
    const wasCollected = collected?.has(row.id) === true;
    if (input.expect === 'ran-files' && !ranFiles.has(idPrefix(row.id)) && !wasCollected) continue;
    const at = (key: RuleKey, message: string) =>
      finding(key, {
        id: row.id,
        status: null,
        class: row.class,
        message,
        file: input.ledgerFile,
        line: row.line,
      });
    const why = wasCollected ? 'collected, but no result in any report' : 'no result in any report';
    if (row.class === 'locked_fixture' || row.class === 'property') {
      const file = testFile(row.id);
      // A promoted draft left in the draft folder: the evidence run leaves it out (CONTRACT §3).
      if (underDrafts(file)) {
        const f = at(
          'classified-missing',
          `${why}: a ${row.class} row, but ${file} is under the draft paths, which the evidence run leaves out: move the file out of the draft paths`,
        );
        f.fix = moveOutFix(file, draftPaths);
        out.push(f);
      } else out.push(at('classified-missing', why));
    } else if (row.class === 'quarantine') {
      out.push(
        at(
          'quarantine-removed',
          `quarantined id ${wasCollected ? 'collected, but ' : ''}missing from the reports`,
        ),
      );
    }
  }
}

/**
 * A file row whose every test in the run has a row of its own (`lock` of the one test of an
 * `init`ed file) classes none of them: it is not missing while its file ran and is still the
 * bytes it was locked to (§2), as no test can have left the file since. An edited file
 * leaves it missing: its tests may be gone, and re-locking or dropping it says so.
 */
export function classesNoneOfARun(
  row: LedgerRow,
  input: Pick<DecideInput, 'artifacts'>,
  /** The files with results, asked only for a file row (built on first use). */
  filesWithResults: () => ReadonlySet<string>,
): boolean {
  if (!isFileRowId(row.id) || !filesWithResults().has(row.artifact!)) return false;
  const fact = input.artifacts.get(row.artifact!);
  return fact?.digest !== undefined && fact.digest === row.digest;
}

/**
 * Collected ids classed by a file row (no row of their own) that have no result: the file row
 * has results from its other tests, so only the collected list shows the lost one.
 */
function lostUnderFileRows(
  ledger: Ledger,
  input: DecideInput,
  collected: Set<string>,
  out: Finding[],
): void {
  const results = new Set(input.tests.map((t) => t.id));
  for (const id of collected) {
    if (results.has(id) || ledger.byId.has(id)) continue;
    const row = ledger.byId.get(testFile(id) + FILE_ROW_SUFFIX);
    if (row === undefined) continue;
    out.push(
      finding('classified-missing', {
        id,
        status: null,
        class: row.class,
        message: `collected, but no result in any report (classed by its file's row ${row.id})`,
        file: input.ledgerFile,
        line: row.line,
      }),
    );
  }
}
