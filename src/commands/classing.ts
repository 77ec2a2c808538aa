// How a test id gets its row, for `init` (every id of the run) and `update` (the ids the
// ledger does not class yet): a test that failed (or passed only after failing, or is an
// expected failure) is quarantined, as nobody can defend it; a skip keeps its class and says
// why it skips; any other is classed by the first rule whose pattern matches. A
// `locked_fixture:{file}` lock is written as one file row per file (`FILE::*`) where wanted,
// and a skip under it as a row of `skip:` alone, which inherits the file row's lock. A file
// row is locked to its file and the snapshot files its tests read (snapshot-lock.ts).
import { fileRowId, isFileRowId, testFile } from '../ledger/file-rows.js';
import { withSnapshots } from './snapshot-lock.js';
import type { RowFields } from '../ledger/render.js';
import { DEFAULT_RULE, OWN_FILE, ruleFor, type ClassRule } from '../ledger/rules.js';
import { GateError, type TestResult } from '../types.js';
import { frozenAs } from './frozen.js';
import { ownFile } from './lock.js';
import { readFacts, type Run } from './upkeep.js';
import { doctestItems } from './doctest-items.js';

export interface Classing {
  root: string;
  rules: readonly ClassRule[];
  /** Who answers for quarantined rows; without one, a row that needs it is refused. */
  owner?: string;
  /** The reason on a passing test no rule can class. */
  reason: string;
  today: string;
  /** How reasons say when the row was written (`when frozen by ledger-gate init`). */
  when: string;
  /** Is a `{file}` lock of this file written as its file row (else one row per id)? */
  asFileRow: (file: string) => boolean;
}

export interface Planned {
  /** New rows, by id (file rows included), digests read. */
  rows: Map<string, RowFields>;
  /** Per id: how it was classed, for the counts (`file` for a test under a file row). */
  how: Map<string, 'file' | 'locked_fixture' | 'property' | 'quarantine'>;
  failing: number;
  skipping: number;
  /** Passing tests no rule could class (quarantined with `reason`). */
  undefended: number;
  /** The rules that matched some id. */
  used: Set<ClassRule>;
}

/** A new quarantine row for `id`, dated today; refused without an owner to answer for it. */
export function quarantineRow(
  id: string,
  why: string,
  c: Pick<Classing, 'owner' | 'today'>,
): RowFields {
  if (c.owner === undefined)
    throw new GateError(
      `${JSON.stringify(id)} needs a quarantine row (${why}), and a quarantine needs an owner: add --owner O`,
    );
  return { class: 'quarantine', opened: c.today, reason: why, owner: c.owner };
}

/** Plans rows for `ids` (none of which has a row yet) from the run's results. */
export async function planRows(ids: readonly string[], run: Run, c: Classing): Promise<Planned> {
  const results = new Map(run.tests.map((t) => [t.id, t]));
  const out: Planned = {
    rows: new Map(),
    how: new Map(),
    failing: 0,
    skipping: 0,
    undefended: 0,
    used: new Set(),
  };
  const quarantine = (id: string, why: string): void => {
    out.rows.set(id, quarantineRow(id, why, c));
    out.how.set(id, 'quarantine');
  };
  const files = new Map<string, string | null>(); // `{file}` per file, checked once
  // A doctest item's `{file}` is its examples, not its module (CONTRACT §2).
  const doctests = await doctestItems(c.root, ids);
  for (const id of ids) {
    const t: TestResult | undefined = results.get(id);
    const frozen = frozenAs(t, c.when);
    const rule = ruleFor(c.rules, id);
    if (rule) out.used.add(rule);
    if (frozen && 'quarantine' in frozen) {
      quarantine(id, frozen.quarantine);
      out.failing++;
      continue;
    }
    const skip = frozen && 'skip' in frozen ? frozen.skip : undefined;
    if (skip !== undefined) out.skipping++;
    let fields: RowFields | undefined;
    if (rule?.fields.class === 'property') {
      fields = { class: 'property', invariant: rule.fields.invariant, seeds: rule.fields.seeds };
    } else if (rule?.fields.class === 'locked_fixture') {
      let artifact: string | null = rule.fields.artifact;
      const doctest = artifact === OWN_FILE ? doctests.get(id) : undefined;
      if (doctest !== undefined) artifact = doctest;
      else if (artifact === OWN_FILE) {
        const file = testFile(id);
        artifact = files.get(file) ?? null;
        if (!files.has(file)) {
          // The default rule passes over ids that name no file here (a suite name); a rule
          // given by name refuses them, as `lock --artifact {file}` does.
          artifact = ownFileOf(c.root, id, rule);
          files.set(file, artifact);
        }
        if (artifact !== null && c.asFileRow(artifact)) {
          const rowId = fileRowId(artifact);
          if (!out.rows.has(rowId))
            out.rows.set(rowId, {
              class: 'locked_fixture',
              artifact: await withSnapshots(c.root, artifact),
            });
          out.how.set(id, 'file');
          // A test expected to skip gets `skip:` alone: it inherits the file row's lock.
          if (skip !== undefined) out.rows.set(id, { skip });
          continue;
        }
      }
      if (artifact !== null) fields = { class: 'locked_fixture', artifact };
    }
    if (fields === undefined) {
      quarantine(id, c.reason);
      if (t?.status === 'pass') out.undefended++;
    } else out.rows.set(id, fields);
    if (skip !== undefined) out.rows.get(id)!.skip = skip;
    if (fields !== undefined) out.how.set(id, fields.class as 'locked_fixture' | 'property');
  }
  // Digests of every artifact, and a check of every seeds folder, each read once.
  const all = [...out.rows.values()];
  const artifacts = new Set(
    all.flatMap((f) => (f.class === 'locked_fixture' ? [f.artifact!] : [])),
  );
  const seeds = new Set(all.flatMap((f) => (f.class === 'property' ? [f.seeds!] : [])));
  const digests = await readFacts(c.root, [...artifacts], [...seeds]);
  for (const [id, f] of out.rows) {
    if (f.class !== 'locked_fixture') continue;
    f.digest = digests.get(f.artifact!);
    // A file row's artifact is implied: written only when it holds the file's snapshots.
    if (isFileRowId(id) && f.artifact === testFile(id)) delete f.artifact;
  }
  return out;
}

function ownFileOf(root: string, id: string, rule: ClassRule): string | null {
  try {
    return ownFile(root, id, `rule ${JSON.stringify(rule.text)}: {file}`);
  } catch (e) {
    if (rule.text === DEFAULT_RULE) return null;
    throw e;
  }
}
