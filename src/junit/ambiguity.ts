// Markup that XML parsers and other report readers read differently, refused by every
// report reader (the scanner itself reads XML 1.0 exactly; this is stricter). See
// __tests__/junit-differential.test.ts, which holds the gate to ElementTree and
// fast-xml-parser on generated reports.

import { GateError } from '../types.js';
import { lineAt, type Attributes } from './scan.js';

/**
 * Why a name is one readers disagree on, or undefined. No report writer uses a non-ASCII
 * element or attribute name, and readers differ on them: `<failure\u200D>` (a joiner, a
 * legal XML name character) is an unknown element to an XML parser and a failure to a
 * reader that drops invisible characters.
 */
function nonAscii(name: string): string | undefined {
  for (let i = 0; i < name.length; i++) {
    if (name.charCodeAt(i) > 0x7f) {
      const code = (name.codePointAt(i) as number).toString(16).toUpperCase().padStart(4, '0');
      return `holds U+${code}: no report writer uses a non-ASCII name, and readers disagree on one`;
    }
  }
  return undefined;
}

/**
 * Namespace prefixes in scope. A prefixed element (`x:failure`) is unbound for a
 * namespace-aware parser (ElementTree refuses it) and a plain name to others: refused. A
 * prefixed attribute needs its prefix declared (Surefire declares `xmlns:xsi`).
 */
export class NameCheck {
  private readonly prefixes = new Set<string>(['xml', 'xmlns']);
  /**
   * Per element name, the attribute names of its last tag that passed: a tag with the same
   * names passes again (the prefixes in scope only grow), so a run of test cases is checked once.
   */
  private readonly passed = new Map<string, string[]>();

  constructor(
    private readonly xml: string,
    private readonly file: string,
  ) {}

  check(name: string, attrs: Attributes, at: number): void {
    const last = this.passed.get(name);
    if (last !== undefined && sameNames(last, attrs)) return;
    const fail = (message: string): never => {
      throw new GateError(message, this.file, lineAt(this.xml, at));
    };
    const odd = nonAscii(name);
    if (odd !== undefined) fail(`element name <${name}> ${odd}`);
    if (name.includes(':'))
      fail(`namespaced element <${name}>: readers disagree on prefixed names`);
    for (let i = 0; i < attrs.count; i++) {
      const attr = attrs.names[i];
      const oddAttr = nonAscii(attr);
      if (oddAttr !== undefined) fail(`attribute name '${attr}' on <${name}> ${oddAttr}`);
      if (attr.startsWith('xmlns:')) this.prefixes.add(attr.slice(6));
    }
    // A tag's own declarations bind its attributes' prefixes, in any order.
    for (let i = 0; i < attrs.count; i++) {
      const attr = attrs.names[i];
      const colon = attr.indexOf(':');
      if (colon !== -1 && !this.prefixes.has(attr.slice(0, colon))) {
        fail(`attribute '${attr}' on <${name}> has an undeclared prefix`);
      }
    }
    this.passed.set(name, attrs.names.slice(0, attrs.count));
  }
}

function sameNames(names: string[], attrs: Attributes): boolean {
  if (names.length !== attrs.count) return false;
  for (let i = 0; i < names.length; i++) if (names[i] !== attrs.names[i]) return false;
  return true;
}
