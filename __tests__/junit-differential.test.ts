// Differential reading: the gate reads a report only when other readers judge it the same.
// Generated reports (fixed seed) with the markup readers disagree on (element names that
// differ from a result element by an invisible or prefixed character, entities, declared
// encodings, duplicate attributes, a DOCTYPE) are read by the gate, by Python's ElementTree
// (python3, as on CI), by fast-xml-parser and by a reader that drops format characters from
// names; whatever the gate reads, every reference reads the same cases with the same
// statuses. The rest the gate refuses (report-invalid), never reads differently.
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseReport } from '../src/junit/parse.js';
import { GateError } from '../src/types.js';

type Reading = string[] | 'refused';

// Format characters (Unicode Cf) that are legal XML name characters (U+200C/D, U+FEFF,
// U+061C, U+180E), ones that are not (U+200B, U+2060, U+00AD), and plain ones.
const ODD = ['\u200c', '\u200d', '\ufeff', '\u061c', '\u180e', '\u200b', '\u2060', '\u00ad', 'x:'];
const RESULTS = ['', 'failure', 'error', 'skipped'];

const resultTag = fc.record({
  tag: fc.constantFrom(...RESULTS),
  odd: fc.option(fc.constantFrom(...ODD), { freq: 6 }),
  at: fc.nat(8),
  upper: fc.constantFrom(false, false, false, false, false, true),
});
const testcase = fc.record({
  name: fc.constantFrom('a', 'a', 'b c', 'b c', '&amp;x', '&#x41;', '&undefined;', 'd&#10;e'),
  dupAttr: fc.constantFrom(false, false, false, false, false, false, true),
  result: resultTag,
});
const doc = fc.record({
  decl: fc.constantFrom(
    '',
    '',
    '',
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    '\ufeff<?xml version="1.0"?>',
  ),
  doctype: fc.constantFrom('', '', '', '<!DOCTYPE testsuites [<!ENTITY f "failure">]>'),
  cases: fc.array(testcase, { minLength: 1, maxLength: 4 }),
});

type Doc = typeof doc extends fc.Arbitrary<infer T> ? T : never;

function render(d: Doc): string {
  const cases = d.cases.map((c, i) => {
    const r = c.result;
    let tag = r.upper && r.tag ? r.tag[0].toUpperCase() + r.tag.slice(1) : r.tag;
    if (tag && r.odd !== null) {
      tag =
        r.odd === 'x:'
          ? `x:${tag}`
          : tag.slice(0, 1 + (r.at % tag.length)) + r.odd + tag.slice(1 + (r.at % tag.length));
    }
    const dup = c.dupAttr ? ' classname="again"' : '';
    const body = tag ? `<${tag} message="m"/>` : '';
    return `<testcase classname="c${i}" name="${c.name}"${dup}>${body}</testcase>`;
  });
  return `${d.decl}${d.doctype}<testsuites><testsuite name="s">${cases.join('')}</testsuite></testsuites>`;
}

const STATUS: Record<string, string> = { error: 'error', failure: 'fail', skipped: 'skip' };
const RANK = ['error', 'fail', 'skip'];

/** A case's status from its children's tag names, as the gate ranks them. */
function judge(name: string, children: string[]): string {
  const found = children.map((t) => STATUS[t]).filter((s) => s !== undefined);
  const worst = RANK.find((s) => found.includes(s)) ?? 'pass';
  return `${name}: ${worst}`;
}

function gate(xml: string): Reading {
  try {
    return parseReport(xml, 'r.xml').cases.map((c) => `${c.name}: ${c.status}`);
  } catch (e) {
    if (e instanceof GateError) return 'refused';
    throw e;
  }
}

// ElementTree over every document at once: JSON lines in, one reading per line out.
const PY = `
import json, sys, xml.etree.ElementTree as ET
for line in sys.stdin:
    try:
        root = ET.fromstring(json.loads(line).encode('utf-8'))
        out = [[c.get('name'), [k.tag for k in c]] for c in root.iter('testcase')]
    except Exception:
        out = 'refused'
    print(json.dumps(out))
`;

function elementTree(docs: string[]): Reading[] {
  const out = execFileSync('python3', ['-c', PY], {
    input: docs.map((d) => JSON.stringify(d)).join('\n') + '\n',
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((l) => {
      const r = JSON.parse(l) as [string, string[]][] | 'refused';
      return r === 'refused' ? r : r.map(([n, kids]) => judge(n, kids));
    });
}

type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

function fastXml(xml: string, dropFormat: boolean): Reading {
  if (XMLValidator.validate(xml) !== true) return 'refused';
  const parser = new XMLParser({
    // Character references decoded, as XML reads them.
    htmlEntities: true,
    ignoreAttributes: false,
    preserveOrder: true,
    attributeNamePrefix: '',
  });
  const out: string[] = [];
  const tagOf = (n: Node) => {
    const t = Object.keys(n).find((k) => k !== ':@') ?? '';
    return dropFormat
      ? t
          .replace(/[\p{Cf}\u00ad]/gu, '')
          .replace(/^x:/, '')
          .toLowerCase()
      : t;
  };
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      const tag = tagOf(n);
      const kids = (n[Object.keys(n).find((k) => k !== ':@') ?? ''] ?? []) as Node[];
      if (tag === 'testcase')
        out.push(judge(n[':@']?.name ?? '', Array.isArray(kids) ? kids.map(tagOf) : []));
      else if (Array.isArray(kids)) walk(kids);
    }
  };
  walk(parser.parse(xml) as Node[]);
  return out;
}

describe('differential reading of generated reports', () => {
  const docs = fc.sample(doc, { seed: 20261201, numRuns: 600 }).map(render);
  const et = elementTree(docs);

  test('whatever the gate reads, ElementTree, fast-xml-parser and a format-dropping reader read alike', () => {
    let read = 0;
    docs.forEach((xml, i) => {
      const g = gate(xml);
      if (g === 'refused') return;
      read++;
      expect([xml, et[i]]).toEqual([xml, g]);
      expect([xml, fastXml(xml, false)]).toEqual([xml, g]);
      expect([xml, fastXml(xml, true)]).toEqual([xml, g]);
    });
    // Both halves are exercised: many reports read, many refused.
    expect(read).toBeGreaterThan(25);
    expect(docs.length - read).toBeGreaterThan(100);
  });

  test('a result element that differs from <failure> only by a format character is refused', () => {
    for (const ch of ['\u200c', '\u200d', '\ufeff', '\u061c', '\u180e']) {
      const xml = `<testsuites><testsuite name="s"><testcase classname="c" name="a"><failure${ch}/></testcase></testsuite></testsuites>`;
      expect(() => parseReport(xml, 'r.xml')).toThrow(
        /element name <failure.+> holds U\+[0-9A-F]{4}/,
      );
    }
    expect(() =>
      parseReport('<testsuites><testcase name="a"><x:failure/></testcase></testsuites>', 'r.xml'),
    ).toThrow(/namespaced element <x:failure>/);
    expect(() =>
      parseReport('<testsuites><testcase name="a" p:q="1"/></testsuites>', 'r.xml'),
    ).toThrow(/undeclared prefix/);
  });
});
