// Snapshot files are goldens (CONTRACT §2 "Snapshots"): a snapshot runner writes the expected
// output of a test file's tests beside it, and `jest -u` (or `--snapshot-update`) rewrites it
// without anyone reading the diff. The runners' conventions, both ways: the snapshot paths a
// test file's tests read, and the test file a snapshot path belongs to. Pure: names only; what
// exists is the file system adapter's question (adapters/fs/snapshot-files.ts).
import { goldenKey, goldenPatterns, matchesPattern } from './golden-set.js';

const JS_TEST = /\.[cm]?[jt]sx?$/;

/** Splits a repository path into its folder prefix (`a/b/`, or '') and its file name. */
function split(p: string): { dir: string; name: string } {
  const i = p.lastIndexOf('/');
  return { dir: p.slice(0, i + 1), name: p.slice(i + 1) };
}

/**
 * Where the snapshot runners write the snapshots of test file `file`'s tests, as golden
 * patterns (a path, or a glob for a folder of per-test files), in a fixed order:
 * - jest and vitest: `__snapshots__/<file name>.snap` beside it (inline snapshots are in the
 *   test file itself, already its golden);
 * - syrupy: `__snapshots__/<module>.ambr` (amber), and `__snapshots__/<module>/**` (its
 *   single-file extensions, one file per test);
 * - snapshottest: `snapshots/snap_<module>.py`;
 * - pytest-snapshot: `snapshots/<module>/**` (a folder per test).
 */
export function snapshotPatterns(file: string): string[] {
  const { dir, name } = split(file);
  if (JS_TEST.test(name)) return [`${dir}__snapshots__/${name}.snap`];
  if (!name.endsWith('.py') || name.length <= 3) return [];
  const module = name.slice(0, -3);
  return [
    `${dir}__snapshots__/${module}.ambr`,
    `${dir}__snapshots__/${module}/**`,
    `${dir}snapshots/snap_${module}.py`,
    `${dir}snapshots/${module}/**`,
  ];
}

/**
 * The test files whose snapshots `p` could be, by the same conventions (a Python module's
 * name is its file's; a `.snap` names its test file in full). Empty for any other path.
 */
export function snapshotOwners(p: string): string[] {
  const parts = p.split('/');
  for (let i = parts.length - 2; i >= 0; i--) {
    const folder = parts[i];
    if (folder !== '__snapshots__' && folder !== 'snapshots') continue;
    const dir = parts.slice(0, i).join('/');
    const at = (f: string) => (dir === '' ? f : `${dir}/${f}`);
    const rest = parts.slice(i + 1);
    const owners: string[] = [];
    if (rest.length === 1) {
      const name = rest[0];
      if (folder === '__snapshots__' && name.endsWith('.snap')) owners.push(at(name.slice(0, -5)));
      if (folder === '__snapshots__' && name.endsWith('.ambr'))
        owners.push(at(`${name.slice(0, -5)}.py`));
      if (folder === 'snapshots' && /^snap_.+\.py$/.test(name))
        owners.push(at(`${name.slice(5, -3)}.py`));
    } else if (rest[0] !== '') owners.push(at(`${rest[0]}.py`));
    // The conventions are checked against the owner's own patterns, so both directions agree.
    return owners.filter((o) => o !== '' && snapshotPatterns(o).some((s) => matchesPattern(s, p)));
  }
  return [];
}

/**
 * The golden key a file row of `file` is locked to: the file alone when none of its snapshot
 * patterns is present, else the set of the file and the present ones (`present`: the
 * patterns that name an existing file, or a glob matching one). Members `extra` already in
 * the row that are not snapshot patterns of the file (a team's own) are kept.
 */
export function fileRowKey(
  file: string,
  present: readonly string[],
  extra: readonly string[] = [],
): string {
  const members = [file, ...present, ...extra];
  return members.length === 1 ? file : goldenKey(members);
}

/** The members of a file row's key besides its file and its snapshot patterns. */
export function extraMembers(file: string, key: string): string[] {
  const own = new Set([file, ...snapshotPatterns(file)]);
  return goldenPatterns(key).filter((m) => !own.has(m));
}
