// The output of `pytest --collect-only -q` → the node ids it lists.

import { GateError } from '../types.js';

// `3 tests collected in 0.01s`, `1/2 tests collected (1 deselected) in …`,
// `no tests collected in …`, `1 test collected, 1 error in …` (bare with -q, framed in
// `=` without it).
const SUMMARY = /^=*\s*(?:no tests|(\d+)(?:\/\d+)? tests?) collected\b.*\bin [0-9.]+s\b.*?=*$/;
// The first line of pytest output without -q.
const SESSION_START = /^=+ test session starts =+$/;
const ERRORS_IN_SUMMARY = /\b\d+ errors?\b/;
// Section headers and banners: `==== warnings summary ====`, `____ ERROR collecting x ____`,
// `!!!! Interrupted … !!!!`, `-- Docs: …`.
const SECTION = /^(?:={3,}|_{3,}|!{3,}|-- Docs: )/;
const ERRORS_SECTION = /^=+ (?:ERRORS|short test summary info) =+$|^!+ Interrupted:/;

/**
 * Reads the node ids out of `pytest --collect-only -q` output. Several outputs one after
 * another (sharded collection) are read as one list. Throws a GateError if pytest reported
 * collection errors, or a line where an id is expected is not one (e.g. `-qq` output).
 */
export function parseCollected(text: string, file: string): string[] {
  const ids = new Set<string>();
  const lines = text.split('\n');
  let inSection = false;
  // Ids listed since the last summary line, to check against the count it states.
  let listed = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].endsWith('\r') ? lines[i].slice(0, -1) : lines[i];
    if (line.trim() === '') continue;
    if (SESSION_START.test(line)) {
      throw new GateError(
        'this is pytest output without -q (run pytest --collect-only -q)',
        file,
        i + 1,
      );
    }
    const summary = SUMMARY.exec(line);
    if (summary) {
      if (ERRORS_IN_SUMMARY.test(line)) {
        throw new GateError(`pytest reported collection errors: '${line.trim()}'`, file, i + 1);
      }
      const stated = summary[1] === undefined ? 0 : Number(summary[1]);
      if (stated !== listed) {
        throw new GateError(
          `'${line.trim()}' but ${listed} node ids are listed before it`,
          file,
          i + 1,
        );
      }
      listed = 0;
      inSection = false;
      continue;
    }
    if (ERRORS_SECTION.test(line)) {
      throw new GateError(
        `pytest reported collection errors ('${line.trim()}'); fix them and collect again`,
        file,
        i + 1,
      );
    }
    if (SECTION.test(line)) {
      inSection = true;
      continue;
    }
    if (inSection) continue;
    if (!line.includes('::')) {
      throw new GateError(
        `'${line.length > 80 ? line.slice(0, 80) + '…' : line}' is not a pytest node id (expected the output of pytest --collect-only -q)`,
        file,
        i + 1,
      );
    }
    ids.add(line);
    listed++;
  }
  return [...ids];
}
