// `ledger-gate update --junit … [--collected …] [--dry-run]`: after an honest human change,
// bring the ledger level with the run and the working tree in one command. It re-locks every
// locked_fixture row whose artifact changed, drops the rows of deleted tests, classes new
// tests by the ledger's own rules (`rules:`, else init's default), writes the report's reason
// for a new expected skip, and prints the diff it makes. It refuses, writing nothing, while a
// test fails (one not quarantined) or a module cannot be collected: a ledger brought level
// with a broken run would hide the breakage. The gate judges the commit that writes the
// result like any ledger edit: an agent's is `ledger-agent-edit`, whoever ran the command.
import { goldenLabel } from '../ledger/golden-set.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { artifactFacts } from '../adapters/fs/file-facts.js';
import { readAs } from '../decision/skip-reason.js';
import { dropRows, setRows, setRules } from '../ledger/edit.js';
import { fileRowId, isFileRowId, rowFor, testFile } from '../ledger/file-rows.js';
import { lineDiff } from '../ledger/line-diff.js';
import { parseLedger } from '../ledger/parse.js';
import { rekeyedId } from '../ledger/rekey.js';
import type { RowFields } from '../ledger/render.js';
import { DEFAULT_RULE, parseClassRule, type ClassRule } from '../ledger/rules.js';
import { ROW_FIELDS } from '../ledger/schema.js';
import { GateError, type Ledger, type LedgerRow } from '../types.js';
import { planRows, quarantineRow } from './classing.js';
import { doctestItems } from './doctest-items.js';
import { frozenAs } from './frozen.js';
import { byCodeUnit, parseRule } from './init.js';
import { UsageError, placeOf, type CommandIO } from './io.js';
import { UPDATE } from './tables.js';
import { perFileLines } from './update-files.js';
import { withSnapshots } from './snapshot-lock.js';
import {
  formatIssue,
  isoDate,
  ledgerFile,
  ledgerProblems,
  readLedgerText,
  readRun,
  runCommand,
  writeLedger,
  type Run,
} from './upkeep.js';
import { NO_KEYS } from '../ledger/key-lines.js';

const WHEN = 'when classed by ledger-gate update';

/** What one update changes, by row id. */
interface Edits {
  set: Map<string, RowFields>;
  drop: Set<string>;
  /** For the closing line: how many of each. */
  relocked: number;
  added: number;
  skips: number;
  converted: number;
  rekeyed: number;
  /** Exact rows rewritten to inherit their file row (the migration). */
  inherited: number;
  /** File rows of modules held only for their doctests, now a row per doctest. */
  unfolded: number;
}

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('update', io, async () => {
    const { values: v, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: UPDATE.options,
    });
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    if (v.junit === undefined && v.collected === undefined)
      throw new UsageError('update needs the run: --junit GLOB (and --collected FILE for pytest)');
    const at = placeOf(io);
    const root = at.root;
    const file = ledgerFile(at, v.ledger);
    const text = await readLedgerText(file);
    const parsed = parseLedger(text, file.shown);
    if (!parsed.ledger || parsed.errors.length > 0) {
      const first = parsed.errors[0];
      throw new GateError(
        `the ledger is invalid (${first ? formatIssue(first) : 'unreadable'}); fix it first (ledger-gate lint)`,
        file.shown,
      );
    }
    const ledger = parsed.ledger;
    const testRun = (await readRun(at, v.junit, v.collected))!;
    refuseBrokenRun(testRun, ledger);

    // Rules given here come first and are kept in `rules:` for the next update.
    const given = (v.rule ?? []).map((r) => parseRule(r, at).text);
    const kept = ledger.rules ?? [DEFAULT_RULE];
    const rules = [...given, ...kept.filter((r) => !given.includes(r))];
    const edits = await plan(ledger, testRun, root, {
      rules,
      owner: v.owner,
      today: isoDate(io.now ?? new Date()),
      fileRows: v['file-rows'] === true,
    });
    const newRules = given.some((r) => !kept.includes(r));
    if (edits.set.size === 0 && edits.drop.size === 0 && !newRules) {
      io.stdout(`${file.shown}: already level with ${testRun.source}; nothing to do\n`);
      return 0;
    }
    // Rows dropped first, then set: a converted file's rows give way to its file row.
    const ruled = newRules ? setRules(text, rules) : text;
    // New rows are appended sorted by id, as init writes them, so a re-freeze diff is not
    // noise; an existing row is edited where it stands.
    const sorted = new Map([...edits.set].sort(([a], [b]) => byCodeUnit(a, b)));
    const after = setRows(dropRows(ruled, edits.drop), sorted).text;
    io.stdout(lineDiff(text, after, `a/${file.shown}`, `b/${file.shown}`));
    const said =
      `${file.shown}: ${edits.relocked} re-locked, ${edits.added} added, ${edits.drop.size - edits.converted - edits.rekeyed - edits.unfolded} dropped, ` +
      `${edits.skips} skip reason${edits.skips === 1 ? '' : 's'} written` +
      (edits.converted > 0 ? `, ${edits.converted} exact rows folded into file rows` : '') +
      (edits.rekeyed > 0
        ? `, ${edits.rekeyed} re-keyed to the runner's id (no leading space)`
        : '') +
      (edits.inherited > 0
        ? `, ${edits.inherited} exact rows now inherit their file row's lock (skip: alone)`
        : '') +
      (edits.unfolded > 0
        ? `, ${edits.unfolded} module file row${edits.unfolded === 1 ? '' : 's'} now a row per doctest, locked to its examples`
        : '');
    // What it did, file by file, under the diff.
    for (const l of perFileLines(ledger.byId, edits.set, edits.drop)) io.stdout(l + '\n');
    if (v['dry-run']) {
      const { issues } = ledgerProblems(after, file, root);
      for (const i of issues.slice(0, 50)) io.stderr(formatIssue(i) + '\n');
      io.stdout(`${said} (dry run: nothing written)\n`);
      return issues.length > 0 ? 1 : 0;
    }
    if (!writeLedger(after, file, io)) return 1;
    io.stdout(said + '\n');
    return 0;
  });
}

/**
 * A run that fails is not one to level the ledger with: a failing test would be classed
 * (quarantined) and so hidden, and a module that cannot be collected has no tests to class.
 */
function refuseBrokenRun(testRun: Run, ledger: Ledger): void {
  const broken = testRun.collection.find((c) => c.kind === 'collection-error');
  if (broken)
    throw new GateError(
      `pytest could not collect ${broken.module} (${broken.detail}): fix the run first; update would leave its tests out`,
      broken.file ?? broken.report,
    );
  const failing = testRun.tests.filter(
    (t) =>
      (t.status === 'fail' || t.status === 'error' || (t.status === 'pass' && t.flaky)) &&
      rowFor(ledger, t.id)?.class !== 'quarantine',
  );
  if (failing.length > 0) {
    const t = failing[0];
    const how = t.status === 'pass' ? 'passed only after failing' : `${t.status}s`;
    throw new GateError(
      `${JSON.stringify(t.id)} ${how}${failing.length > 1 ? ` (and ${failing.length - 1} more not-passing test(s))` : ''}: ` +
        'fix it first, or quarantine it by name (ledger-gate quarantine ID --reason R --owner O); update never hides a failure',
      testRun.source,
    );
  }
}

async function plan(
  ledger: Ledger,
  testRun: Run,
  root: string,
  o: { rules: string[]; owner?: string; today: string; fileRows: boolean },
): Promise<Edits> {
  const e: Edits = {
    set: new Map(),
    drop: new Set(),
    relocked: 0,
    added: 0,
    skips: 0,
    converted: 0,
    rekeyed: 0,
    inherited: 0,
    unfolded: 0,
  };
  const ranFiles = new Set([...testRun.ids].map(testFile));
  const onDisk = (p: string) => p !== '' && existsSync(path.join(root, p));
  const rows = new Map(ledger.rows.map((r) => [r.id, r]));

  // 1. Rows of deleted tests: a test gone from a file that ran, or whose file is gone.
  for (const r of ledger.rows) {
    const f = testFile(r.id);
    const gone = isFileRowId(r.id)
      ? !ranFiles.has(f) && !onDisk(f)
      : !testRun.ids.has(r.id) && (ranFiles.has(f) || !onDisk(f));
    if (gone) {
      e.drop.add(r.id);
      rows.delete(r.id);
      // A row written with jest-junit's leading space (`FILE:: title`) keeps its contract
      // under the id the run has now (`FILE::title`): re-keyed, not dropped and re-added.
      const now = rekeyedId(r.id);
      if (now !== undefined && testRun.ids.has(now) && !rows.has(now)) {
        e.set.set(now, fieldsOf(r));
        rows.set(now, { ...r, id: now });
        e.rekeyed++;
      }
    }
  }

  // 2. --file-rows: a file's exact rows locked to the file itself, with no skip, become one
  // file row (the rest of the file's rows stay: they say something of their own).
  if (o.fileRows) {
    const byFile = new Map<string, LedgerRow[]>();
    for (const r of rows.values()) {
      if (r.class !== 'locked_fixture' || r.skip !== undefined || isFileRowId(r.id)) continue;
      if (r.artifact !== testFile(r.id)) continue;
      const list = byFile.get(r.artifact) ?? [];
      list.push(r);
      byFile.set(r.artifact, list);
    }
    for (const [f, list] of byFile) {
      for (const r of list) {
        e.drop.add(r.id);
        rows.delete(r.id);
      }
      e.converted += list.length;
      const id = fileRowId(f);
      const had = rows.get(id);
      if (had === undefined) {
        const digest = list.every((r) => r.digest === list[0].digest) ? list[0].digest : undefined;
        e.set.set(id, { class: 'locked_fixture', digest: digest ?? 'sha256:' });
        rows.set(id, asRow(id, { class: 'locked_fixture', digest }));
      }
    }
  }

  // 2b. A Python module locked whole by its file row only for its doctests (init did so
  // before doctest rows): each doctest item gets its own row, locked to its examples, so the
  // module is production code again (CONTRACT §2). Only where no other row names the module
  // and every test of it in this run is a doctest item.
  const byModule = new Map<string, string[]>();
  for (const id of testRun.ids) {
    const f = testFile(id);
    if (f.endsWith('.py') && rows.get(fileRowId(f))?.class === 'locked_fixture')
      byModule.set(f, [...(byModule.get(f) ?? []), id]);
  }
  const named = new Map<string, number>();
  for (const r of rows.values()) named.set(testFile(r.id), (named.get(testFile(r.id)) ?? 0) + 1);
  const modules = [...byModule].filter(([f]) => named.get(f) === 1);
  const doctests = await doctestItems(
    root,
    modules.flatMap(([, list]) => list),
  );
  for (const [f, list] of modules) {
    if (!list.every((id) => doctests.has(id))) continue;
    e.drop.add(fileRowId(f));
    rows.delete(fileRowId(f));
    e.unfolded++;
    for (const id of list) {
      const fields: RowFields = { class: 'locked_fixture', artifact: doctests.get(id)! };
      e.set.set(id, fields);
      rows.set(id, asRow(id, fields));
    }
  }

  // 3. New tests, classed by the ledger's own rules; a file that keeps exact rows locked to
  // itself (the seed's style) gets exact rows, any other a file row.
  const rules = o.rules.map((t) => parseClassRule(t) as ClassRule);
  const exactStyle = new Set<string>();
  for (const r of rows.values())
    if (r.class === 'locked_fixture' && !isFileRowId(r.id) && r.artifact === testFile(r.id))
      exactStyle.add(r.artifact);
  const view = { byId: rows };
  const fresh = [...testRun.ids].filter((id) => rowFor(view, id) === undefined).sort();
  const planned = await planRows(fresh, testRun, {
    root,
    rules,
    owner: o.owner,
    reason: `passing ${WHEN}, and no rule classes it`,
    today: o.today,
    when: WHEN,
    asFileRow: (f) => !exactStyle.has(f),
  });
  for (const [id, fields] of planned.rows) {
    e.set.set(id, fields);
    e.added++;
    rows.set(id, asRow(id, fields));
  }

  // 4. A new expected skip: the row says why, with the report's reason. Under a file row, the
  // test gets a row of its own (an exact row beats the file row).
  for (const t of testRun.tests) {
    if (t.status !== 'skip' || e.set.has(t.id)) continue;
    const row = rowFor(view, t.id);
    if (row === undefined || row.skip !== undefined || row.class === 'draft') continue;
    if (t.outcome === 'xfail') {
      // An expected failure is not a skip: on a quarantine row it is as expected (init froze it
      // so), and a new one under a file row is quarantined, as init would have.
      if (row.class === 'quarantine' || row.id === t.id) continue;
      const frozen = frozenAs(t, WHEN) as { quarantine: string };
      e.set.set(t.id, quarantineRow(t.id, frozen.quarantine, o));
      e.added++;
      continue;
    }
    const reason = readAs(t)[0];
    const fields = fieldsOf(row);
    if (row.id === t.id) e.set.set(row.id, { ...fields, skip: reason });
    // Under a file row, the new row is `skip:` alone: it inherits the file row's lock.
    else e.set.set(t.id, { skip: reason });
    e.skips++;
  }

  // 4b. Migration: an exact row that repeats its file row's lock (locked_fixture, its own
  // file, a `skip:`) is rewritten as `skip:` alone, so the next edit of the file re-locks one
  // line instead of one per such row.
  for (const r of rows.values()) {
    if (e.set.has(r.id) || !repeatsFileRow(r, rows)) continue;
    e.set.set(r.id, { skip: r.skip });
    e.inherited++;
  }

  // 5. Re-lock: every locked_fixture row (new ones included) gets its artifact's current
  // digest; a row that inherits its file row's lock follows that row, and has no digest line.
  const heirs = (id: string) => rows.get(id)?.inherits === true || isHeir(e.set.get(id));
  const locked = [...rows.values()].filter((r) => r.class === 'locked_fixture' && !heirs(r.id));
  for (const [id, f] of e.set)
    if (f.class === 'locked_fixture' && !rows.has(id)) locked.push(asRow(id, f));
  // A file row is locked to its file and the snapshots present now (snapshot-lock.ts): one
  // written or deleted since (`jest -u`) joins or leaves its set.
  const keyOf = new Map<string, string>();
  for (const r of locked)
    keyOf.set(
      r.id,
      isFileRowId(r.id) ? await withSnapshots(root, testFile(r.id), r.artifact) : r.artifact!,
    );
  const facts = await artifactFacts(root, new Set(keyOf.values()));
  for (const r of locked) {
    const key = keyOf.get(r.id)!;
    const fact = facts.get(key);
    if (fact?.digest === undefined)
      throw new GateError(
        `${goldenLabel(key)} (locked by ${JSON.stringify(r.id)}): ${fact?.problem ?? 'unreadable'}; restore it, or drop the rows that name it (ledger-gate drop ID…)`,
      );
    const pending = e.set.get(r.id);
    if (pending !== undefined) {
      pending.digest = fact.digest;
      if (isFileRowId(r.id)) setFileRowArtifact(pending, r.id, key);
    } else if (fact.digest !== r.digest || key !== r.artifact) {
      const fields = { ...fieldsOf(r), digest: fact.digest };
      if (isFileRowId(r.id)) setFileRowArtifact(fields, r.id, key);
      e.set.set(r.id, fields);
      e.relocked++;
    }
  }
  return e;
}

/** Fields that are `skip:` alone: a row that inherits its file row's lock. */
function isHeir(f: RowFields | undefined): boolean {
  return f !== undefined && f.class === undefined;
}

/** Is `r` an exact row written out in full that says only what its file row says, plus `skip:`? */
function repeatsFileRow(r: LedgerRow, rows: ReadonlyMap<string, LedgerRow>): boolean {
  if (r.inherits || r.class !== 'locked_fixture' || r.skip === undefined) return false;
  if (isFileRowId(r.id) || r.artifact !== testFile(r.id)) return false;
  return rows.get(fileRowId(r.artifact))?.class === 'locked_fixture';
}

/** A row not written yet, for the look-ups that follow (a file row's artifact is its file). */
function asRow(id: string, f: RowFields): LedgerRow {
  if (isHeir(f))
    return {
      id,
      class: 'locked_fixture',
      skip: f.skip,
      inherits: true,
      line: 0,
      keyOffsets: NO_KEYS,
    };
  const artifact = f.artifact ?? (isFileRowId(id) ? testFile(id) : undefined);
  return { ...f, id, artifact, line: 0, keyOffsets: NO_KEYS } as LedgerRow;
}

/** A row's fields as setRows takes them (a file row's artifact is implied, not written). */
function fieldsOf(r: LedgerRow): RowFields {
  if (r.inherits) return { skip: r.skip };
  const out: RowFields = { class: r.class };
  for (const k of ROW_FIELDS) {
    const value = (r as unknown as Record<string, string | undefined>)[k];
    if (k !== 'id' && k !== 'class' && value !== undefined) out[k] = value;
  }
  if (isFileRowId(r.id)) setFileRowArtifact(out, r.id, r.artifact!);
  return out;
}

/** A file row's artifact as written: none when it is the file alone (implied), else the set. */
function setFileRowArtifact(f: RowFields, id: string, key: string): void {
  if (key === testFile(id)) delete f.artifact;
  else f.artifact = key;
}
