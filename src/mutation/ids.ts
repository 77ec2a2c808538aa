// A mutation report's test ids → ledger ids (docs/mutation.md#ids), per producer. The report
// names a test by an id of its own, kept under `testFiles[file].tests[]` with a display name;
// the ledger names it as the JUnit reader does (docs/test-ids.md). A name is matched against
// the ids the gate knows (the head run's tests, both ledgers' rows, the hold-out cases) after
// the producer's spelling is undone; no match, or two, is no mapping (report-unmapped).
import type { MutationReport } from './report.js';

export type Producer = 'stryker-jest' | 'stryker-vitest' | 'stryker' | 'other';

/** Who wrote the report, from its `framework` and `config`. */
export function producerOf(r: MutationReport): Producer {
  if (r.framework?.name !== 'StrykerJS') return 'other';
  const runner = r.config?.testRunner;
  if (runner === 'jest') return 'stryker-jest';
  if (runner === 'vitest') return 'stryker-vitest';
  return 'stryker';
}

/**
 * A known id's name as the producer spells a test: StrykerJS joins describe blocks and the
 * title with one space; jest-junit writes `{classname} {title}` (a top-level test keeps the
 * leading space), vitest `describe > title`.
 */
function spelled(producer: Producer, name: string): string {
  if (producer === 'stryker-vitest') return name.split(' > ').join(' ');
  if (producer === 'stryker-jest' || producer === 'stryker')
    return name.startsWith(' ') ? name.slice(1) : name;
  return name;
}

/** A known id as `file::name` (the first `::` ends the file). */
function split(id: string): [string, string] | null {
  const at = id.indexOf('::');
  return at < 0 ? null : [id.slice(0, at), id.slice(at + 2)];
}

/** Where a report test id leads: one ledger id, or why none. */
export type TestMapping = { id: string } | { unmapped: string };

/**
 * The report's test ids mapped once (linear in the report's tests and the known ids). For
 * producers other than StrykerJS a name is tried as `file::name`, as the part after the
 * name's last `::` (Infection's `Class::method`) under the file, as a whole id, and a
 * JVM `pkg.Class.method(...)` as `pkg.Class::method`.
 */
export function mapTests(
  r: MutationReport,
  known: Iterable<string>,
  repoPath: (file: string) => string,
): { producer: Producer; byId: Map<string, TestMapping> } {
  const producer = producerOf(r);
  const index = new Map<string, Set<string>>();
  const add = (key: string, id: string) => {
    const s = index.get(key);
    if (s) s.add(id);
    else index.set(key, new Set([id]));
  };
  for (const id of known) {
    add(id, id);
    const p = split(id);
    if (p && producer !== 'other') add(`${p[0]}::${spelled(producer, p[1])}`, id);
  }
  const byId = new Map<string, TestMapping>();
  for (const [file, tf] of Object.entries(r.testFiles ?? {})) {
    const f = file === '' ? '' : repoPath(file);
    for (const t of tf.tests) {
      const hits = new Set<string>();
      for (const key of keys(producer, f, t.name))
        for (const id of index.get(key) ?? []) hits.add(id);
      const shown = `${f === '' ? '' : f + ': '}${JSON.stringify(t.name)}`;
      const mapping: TestMapping =
        hits.size === 1
          ? { id: [...hits][0] }
          : hits.size === 0
            ? { unmapped: `test ${shown} maps to no test of the run or the ledger` }
            : {
                unmapped: `test ${shown} maps to ${hits.size} tests (${[...hits].slice(0, 3).join(', ')})`,
              };
      // One report id under two files: it names no one test.
      byId.set(
        t.id,
        byId.has(t.id) ? { unmapped: `test id ${JSON.stringify(t.id)} is given twice` } : mapping,
      );
    }
  }
  return { producer, byId };
}

function keys(producer: Producer, file: string, name: string): string[] {
  if (producer !== 'other') return [`${file}::${name}`];
  const out = [file === '' ? name : `${file}::${name}`];
  const last = name.lastIndexOf('::');
  if (last >= 0 && file !== '') out.push(`${file}::${name.slice(last + 2)}`);
  out.push(name);
  const jvm = /^([\w$.]+)\.([\w$]+)\(.*\)$/.exec(name);
  if (jvm) out.push(`${jvm[1]}::${jvm[2]}`);
  return out;
}
