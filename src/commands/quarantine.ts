// `ledger-gate quarantine ID… --reason R --owner O`: park each ID or id glob's ids (a pass on
// one is then rejected);
// `ledger-gate quarantine --list`: every quarantined row, oldest first, with its age.
import { parseArgs } from 'node:util';
import { setRows } from '../ledger/edit.js';
import type { RowFields } from '../ledger/render.js';
import {
  isoDate,
  ledgerFile,
  editLedger,
  readLedgerText,
  runCommand,
  rowsAndIds,
} from './upkeep.js';
import { parseLedger } from '../ledger/parse.js';
import { GateError } from '../types.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { QUARANTINE } from './tables.js';

const DAY = 86_400_000;

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('quarantine', io, async () => {
    const { values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: QUARANTINE.options,
    });
    const at = placeOf(io);
    const file = ledgerFile(at, values.ledger);
    const now = io.now ?? new Date();
    if (values.list) {
      const extra = [
        values.reason,
        values.owner,
        values.junit,
        values.collected,
        values.new,
        values['dry-run'],
      ];
      if (positionals.length > 0 || extra.some((x) => x !== undefined)) {
        throw new UsageError('quarantine --list takes no ID or other option but --ledger');
      }
      return list(await readLedgerText(file), file.shown, now, io);
    }
    if (positionals.length === 0) {
      throw new UsageError('quarantine needs at least one ID (or id glob), or --list');
    }
    if (values.reason === undefined || values.reason.trim() === '')
      throw new UsageError('quarantine needs --reason R');
    if (values.owner === undefined || values.owner.trim() === '') {
      throw new UsageError(
        'quarantine needs --owner O (a quarantine without an owner is a parked failure)',
      );
    }
    const { reason, owner } = values;
    return editLedger(
      file,
      io,
      async (text) => {
        const { rows, ids } = await rowsAndIds(text, file, at, positionals, values);
        const edits = new Map<string, RowFields>();
        const announce: string[] = [];
        for (const id of ids) {
          // Re-quarantining keeps the original date: the row's age is what reviewers watch.
          const existing = rows.get(id);
          const opened =
            existing?.class === 'quarantine' && existing.opened ? existing.opened : isoDate(now);
          const same =
            existing?.class === 'quarantine' &&
            existing.reason === reason &&
            existing.owner === owner;
          // An expected skip is about the test, not its class: it stays.
          edits.set(id, { class: 'quarantine', opened, reason, owner, skip: existing?.skip });
          const what = !existing ? 'added' : same ? 'unchanged' : 'updated';
          announce.push(`${file.shown}: ${what} ${id}: quarantine since ${opened}, owner ${owner}`);
        }
        return { text: setRows(text, edits).text, announce };
      },
      { dryRun: values['dry-run'] },
    );
  });
}

function list(text: string, shown: string, now: Date, io: CommandIO): number {
  const parsed = parseLedger(text, shown);
  if (!parsed.ledger || parsed.errors.length > 0) {
    const e = parsed.errors[0];
    throw new GateError(
      `invalid ledger (run ledger-gate lint): ${e?.message ?? ''}`,
      shown,
      e?.line,
      e?.column,
    );
  }
  const today = Date.parse(isoDate(now));
  const rows = parsed.ledger.rows
    .filter((r) => r.class === 'quarantine')
    .map((r) => ({ r, age: Math.floor((today - Date.parse(r.opened!)) / DAY) }))
    .sort((a, b) => b.age - a.age || a.r.line - b.r.line);
  if (rows.length === 0) {
    io.stdout(`${shown}: no quarantined rows\n`);
    return 0;
  }
  const table = [
    ['age', 'opened', 'owner', 'id', 'reason'],
    ...rows.map(({ r, age }) => [`${age}d`, r.opened!, r.owner!, r.id, r.reason!]),
  ];
  const width = [0, 1, 2, 3].map((c) => Math.max(...table.map((t) => t[c].length)));
  for (const t of table) {
    const line = t
      .map((cell, c) => (c === 0 ? cell.padStart(width[c]) : c < 4 ? cell.padEnd(width[c]) : cell))
      .join('  ');
    io.stdout(line.trimEnd() + '\n');
  }
  io.stdout(
    `${rows.length} quarantined row${rows.length === 1 ? '' : 's'}; the oldest was opened ${rows[0].age} days ago\n`,
  );
  return 0;
}
