// YAML's printable characters, the one check both ledger readers make (so neither reads what
// the other refuses). Its own module so the fast reader takes it without the `yaml` package.
import type { ReadIssue } from './tree.js';

// Outside YAML 1.2's c-printable: C0 and C1 controls (but tab, LF, CR, NEL), U+FFFE/U+FFFF, lone surrogates.
const NOT_PRINTABLE =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to find
  /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The first character YAML does not allow, as the issue both readers report; null when every
 * one is printable.
 */
export function unprintable(text: string): ReadIssue | null {
  const bad = NOT_PRINTABLE.exec(text);
  if (!bad) return null;
  const before = text.slice(0, bad.index);
  const line = before.split('\n').length;
  const column = bad.index - before.lastIndexOf('\n');
  const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return { line, column, message: `character U+${code} is not allowed in YAML` };
}
