// What a change did to the tests of each test file it touched, for the file's review entry: the
// tests it adds, deletes and renames, by id, so a reviewer reads "test_hash is gone" rather than
// "the file's digest moved". Pure: the ids of the head's run and of what is known of the base's
// (the base commit's own run, else the base ledger's exact rows) come in as plain lists.
import { editDistance } from '../ledger/distance.js';
import { testFile } from '../ledger/file-rows.js';
import type { TestChanges } from '../types.js';

export interface TestChangesInput {
  /** The test files the change touched (repo-relative). */
  files: readonly string[];
  /** Every id the head's run holds (results and collected lists). */
  head: Iterable<string>;
  /**
   * The base's ids per file, where they are known; a file absent here is left out (its base
   * tests are unknown: a file row's ledger names none of them).
   */
  base: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * A deleted and an added test are one renamed test when their names (after the file) are
 * close: at most a third of the longer name differs (`test_hash` → `test_hashes`).
 */
function isRename(from: string, to: string): boolean {
  const a = from.slice(from.indexOf('::') + 2);
  const b = to.slice(to.indexOf('::') + 2);
  const limit = Math.floor(Math.max(a.length, b.length) / 3);
  return limit > 0 && editDistance(a, b, { cap: limit + 1 }) <= limit;
}

/** Per touched file whose base ids are known, the tests added, deleted and renamed (sorted). */
export function testChanges(input: TestChangesInput): TestChanges[] {
  const headByFile = new Map<string, Set<string>>();
  for (const id of input.head) {
    const f = testFile(id);
    if (f === '') continue;
    const set = headByFile.get(f) ?? new Set<string>();
    set.add(id);
    headByFile.set(f, set);
  }
  const out: TestChanges[] = [];
  for (const file of [...new Set(input.files)].sort()) {
    const before = input.base.get(file);
    if (before === undefined) continue;
    const after = headByFile.get(file) ?? new Set<string>();
    const added = [...after].filter((id) => !before.has(id)).sort();
    const deleted = [...before].filter((id) => !after.has(id)).sort();
    const renamed: [string, string][] = [];
    const taken = new Set<string>();
    for (const from of deleted) {
      const to = added.find((id) => !taken.has(id) && isRename(from, id));
      if (to === undefined) continue;
      taken.add(to);
      renamed.push([from, to]);
    }
    const moved = new Set(renamed.map(([from]) => from));
    const c: TestChanges = {
      file,
      added: added.filter((id) => !taken.has(id)),
      deleted: deleted.filter((id) => !moved.has(id)),
      renamed,
    };
    if (c.added.length + c.deleted.length + c.renamed.length > 0) out.push(c);
  }
  return out;
}

/** One line for people: `adds test_a, test_b · deletes test_hash · renames test_x → test_y`. */
export function testChangesText(c: TestChanges, max = 5): string {
  const name = (id: string) => id.slice(id.indexOf('::') + 2);
  const list = (ids: string[]) =>
    ids.slice(0, max).join(', ') + (ids.length > max ? ` and ${ids.length - max} more` : '');
  const parts: string[] = [];
  if (c.added.length > 0) parts.push(`adds ${list(c.added.map(name))}`);
  if (c.deleted.length > 0) parts.push(`deletes ${list(c.deleted.map(name))}`);
  if (c.renamed.length > 0)
    parts.push(`renames ${list(c.renamed.map(([a, b]) => `${name(a)} → ${name(b)}`))}`);
  return parts.join(' · ');
}

/** The line for `file`'s entry, when the report knows what the change did to its tests. */
export function testChangesOf(
  all: readonly TestChanges[] | undefined,
  file: string | undefined,
): string | undefined {
  const c = file === undefined ? undefined : all?.find((x) => x.file === file);
  return c === undefined ? undefined : testChangesText(c);
}
