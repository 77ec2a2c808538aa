// `ledger-gate lint [--junit GLOB | --collected FILE]`: validate the ledger (paths included)
// and, given a run, list the stale rows: ids that no report or collected list holds. Each
// problem on one line as `file:line:col: message`; exit 1 on any.
import { parseArgs } from 'node:util';
import {
  formatIssue,
  ledgerFile,
  ledgerProblems,
  readLedgerText,
  readRun,
  runCommand,
} from './upkeep.js';
import type { LedgerIssue } from '../types.js';
import { artifactFacts } from '../adapters/fs/file-facts.js';
import { isFileRowId, testFile } from '../ledger/file-rows.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { LINT } from './tables.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('lint', io, async () => {
    const { positionals, values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: LINT.options,
    });
    if (positionals.length > 0) {
      throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    }
    const at = placeOf(io);
    const file = ledgerFile(at, values.ledger);
    const text = await readLedgerText(file);
    const testRun = await readRun(at, values.junit, values.collected);
    const { parsed, issues } = ledgerProblems(text, file, at.root);
    const rows = parsed.ledger?.rows ?? [];
    // A file row is stale when the run holds no test of its file, or, as the gate judges it
    // (decision/missing-rows.ts), when every test of its file has a row of its own and the
    // file is no longer the bytes it was locked to.
    const ranFiles = new Set([...(testRun?.ids ?? [])].map(testFile));
    const byId = new Set(rows.map((r) => r.id));
    const unclassed = new Set(
      [...(testRun?.ids ?? [])].filter((id) => !byId.has(id)).map(testFile),
    );
    const onlyExact = rows.filter(
      (r) => isFileRowId(r.id) && ranFiles.has(testFile(r.id)) && !unclassed.has(testFile(r.id)),
    );
    const facts = await artifactFacts(
      at.root,
      onlyExact.map((r) => r.artifact ?? testFile(r.id)),
    );
    const stale: LedgerIssue[] = !testRun
      ? []
      : rows.flatMap((r) => {
          const at = { file: file.shown, line: r.line, column: r.column ?? 1 };
          if (isFileRowId(r.id) ? !ranFiles.has(testFile(r.id)) : !testRun.ids.has(r.id))
            return [
              {
                ...at,
                message: `stale row: no given report or collected list holds ${JSON.stringify(r.id)} (${r.class}); restore the test or drop the row`,
              },
            ];
          if (!onlyExact.includes(r)) return [];
          // Unchanged, it classes none of the run's tests and is kept for the file's new ones.
          const now = facts.get(r.artifact ?? testFile(r.id))?.digest;
          if (now !== undefined && now === r.digest) return [];
          return [
            {
              ...at,
              message: `stale row: every test of ${testFile(r.id)} the run holds has a row of its own, and ${r.artifact ?? testFile(r.id)} is ${now ?? 'unreadable'}, not ${r.digest}: the gate says classified-missing; re-lock it (ledger-gate relock ${testFile(r.id)}) or drop the row`,
            },
          ];
        });
    const all = [...issues, ...stale].sort((a, b) => a.line - b.line || a.column - b.column);
    for (const i of all) io.stdout(formatIssue(i) + '\n');
    if (all.length > 0) {
      const parts = [
        issues.length > 0 ? `${issues.length} problem${issues.length === 1 ? '' : 's'}` : '',
        stale.length > 0
          ? `${stale.length} stale row${stale.length === 1 ? '' : 's'} (ledger-gate drop ID… removes them)`
          : '',
      ].filter(Boolean);
      io.stderr(`${file.shown}: ${parts.join(', ')}\n`);
      return 1;
    }
    const by = new Map<string, number>();
    for (const r of rows) by.set(r.class, (by.get(r.class) ?? 0) + 1);
    const parts = ['locked_fixture', 'property', 'quarantine', 'draft'].map(
      (c) => `${by.get(c) ?? 0} ${c}`,
    );
    const against = testRun ? `; every id is in ${testRun.source}` : '';
    io.stdout(
      `${file.shown}: ok, ${rows.length} row${rows.length === 1 ? '' : 's'} (${parts.join(', ')})${against}\n`,
    );
    return 0;
  });
}
