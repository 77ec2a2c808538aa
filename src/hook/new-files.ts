// Which staged new files the pre-commit hook may give a file row without a test run (pure).
// `update` classes a new test by the ledger's rules from the run's ids; the hook has no run,
// so it adds `FILE::*` (locked to the file itself) only where that is what every id of the
// file would get: the file is named as runners name test files, and the first rule that can
// match any id of it matches them all and says `locked_fixture:{file}`. Anything else is left
// to `update`, which sees the ids.
import { OWN_FILE, type ClassRule } from '../ledger/rules.js';

/** Test file names as pytest, jest/vitest/mocha/node, go and JUnit runners find them. */
const TEST_FILE =
  /(^|\/)(test_[^/]*\.py|[^/]*_test\.py|[^/]*\.(test|spec)\.[cm]?[jt]sx?|[^/]*_test\.go|(Test[^/]*|[^/]*Tests?)\.(java|kt))$/;

export function looksLikeTestFile(file: string): boolean {
  return TEST_FILE.test(file);
}

/** The literal start of an id glob (up to its first `*`), and whether it ends in one `*` only. */
function shape(glob: string): { prefix: string; prefixOnly: boolean } {
  const star = glob.indexOf('*');
  if (star < 0) return { prefix: glob, prefixOnly: false };
  return { prefix: glob.slice(0, star), prefixOnly: star === glob.length - 1 };
}

/**
 * Would every test of `file` be locked to the file itself by these rules (in order)? True
 * only when the first rule that can match an id of the file matches every id of it and is
 * `locked_fixture:{file}`.
 */
export function fileRowByRules(rules: readonly ClassRule[], file: string): boolean {
  const ids = `${file}::`;
  for (const rule of rules) {
    // The glob is what parseClassRule matched before `=CLASS:`.
    const glob = /^(.+)=(property|locked_fixture):/s.exec(rule.text)?.[1] ?? '';
    const { prefix, prefixOnly } = shape(glob);
    const mayMatch = prefix.startsWith(ids) || ids.startsWith(prefix);
    if (!mayMatch) continue;
    const matchesAll = prefixOnly && ids.startsWith(prefix);
    return (
      matchesAll && rule.fields.class === 'locked_fixture' && rule.fields.artifact === OWN_FILE
    );
  }
  return false;
}
