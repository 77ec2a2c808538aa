// parseReport on small documents: hostile and malformed input fails closed with a one-line
// GateError naming file and line; statuses, reruns and dialects are read as documented.
import { describe, expect, test } from '@jest/globals';
import { MAX_NAME_CHARS, type SuiteCase } from '../src/junit/dialects/dialect.js';
import { parseReport } from '../src/junit/parse.js';
import { MAX_DEPTH } from '../src/junit/scan.js';
import { GateError } from '../src/types.js';

function refusal(xml: string): GateError {
  try {
    parseReport(xml, 'r.xml');
  } catch (e) {
    if (e instanceof GateError) return e;
    throw e;
  }
  throw new Error('expected a GateError');
}

const suite = (body: string) => `<testsuites><testsuite name="s">${body}</testsuite></testsuites>`;
const cases = (xml: string) => parseReport(xml, 'r.xml').cases as SuiteCase[];

describe('hostile input is refused, never expanded', () => {
  test.each([
    [
      'billion laughs',
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n<testsuites>&lol2;</testsuites>',
      'r.xml:2: DOCTYPE declarations are refused (a JUnit report needs none)',
    ],
    [
      'external entity',
      '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><testsuite name="&xxe;"/>',
      'r.xml:1: DOCTYPE declarations are refused (a JUnit report needs none)',
    ],
    [
      'a bare ENTITY declaration',
      '<!ENTITY a "b"><testsuites/>',
      'r.xml:1: ENTITY declarations are refused',
    ],
    [
      'an undeclared entity',
      suite('<testcase name="&xxe;"/>'),
      "r.xml:1: undefined or malformed entity reference '&xxe' (only the five XML entities and character references are allowed)",
    ],
    [
      'an entity in text',
      suite('<testcase name="a">&nbsp;</testcase>'),
      "r.xml:1: undefined or malformed entity reference '&nbsp' (only the five XML entities and character references are allowed)",
    ],
    [
      'a character reference to NUL',
      suite('<testcase name="a&#0;"/>'),
      "r.xml:1: character reference '&#0;' is not an XML character",
    ],
    [
      'a stylesheet processing instruction',
      '<?xml-stylesheet href="x.xsl"?><testsuites/>',
      'r.xml:1: processing instructions are refused',
    ],
    [
      'a processing instruction inside',
      suite('<?php echo 1; ?>'),
      'r.xml:1: processing instructions are refused',
    ],
    [
      'a second XML declaration',
      '<testsuites>\n<?xml version="1.0"?></testsuites>',
      'r.xml:2: the XML declaration must come first in the file',
    ],
    [
      'a declaration after whitespace',
      '\n<?xml version="1.0"?><testsuites/>',
      'r.xml:2: the XML declaration must come first in the file',
    ],
    ['two roots', '<testsuites/>\n<testsuites/>', 'r.xml:2: a second root element <testsuites>'],
    ['no root', '', 'r.xml:1: no root element (empty or not XML)'],
    ['only whitespace', ' \n\t\n', 'r.xml:3: no root element (empty or not XML)'],
    ['not XML at all', 'Tests run: 3, Failures: 0', 'r.xml:1: text before the root element'],
    ['text after the root', '<testsuites/>trailing', 'r.xml:1: text after the root element'],
    [
      'a non-JUnit root',
      '<?xml version="1.0"?>\n<project><testsuite/></project>',
      'r.xml:2: root element <project> is not a JUnit report (expected <testsuites> or <testsuite>)',
    ],
    [
      'a namespaced root',
      '<j:testsuites xmlns:j="x"/>',
      'r.xml:1: root element <j:testsuites> is not a JUnit report (expected <testsuites> or <testsuite>)',
    ],
    [
      'a control character',
      suite('<testcase name="a\u0001"/>'),
      'r.xml:1: character U+0001 is not allowed in XML',
    ],
    [
      'an unpaired surrogate',
      suite('<testcase name="a\ud800"/>'),
      'r.xml:1: text holds an unpaired surrogate',
    ],
    [
      'a Latin-1 declaration',
      '<?xml version="1.0" encoding="ISO-8859-1"?><testsuites/>',
      "r.xml:1: encoding 'ISO-8859-1' is not supported (write the report as UTF-8)",
    ],
  ])('%s', (_what, xml, oneLine) => {
    expect(refusal(xml).oneLine).toBe(oneLine);
  });

  test(`nesting deeper than ${MAX_DEPTH} elements is refused`, () => {
    const deep = (n: number) =>
      '<testsuites>' + '<x>'.repeat(n - 1) + '</x>'.repeat(n - 1) + '</testsuites>';
    expect(parseReport(deep(MAX_DEPTH), 'r.xml').cases).toEqual([]);
    expect(refusal(deep(MAX_DEPTH + 1)).message).toBe(
      `elements nested deeper than ${MAX_DEPTH} levels`,
    );
  });

  test('a million open tags fail at the depth cap, not with a stack overflow', () => {
    expect(refusal('<testsuites>' + '<a>'.repeat(1_000_000)).message).toMatch(/nested deeper/);
  });

  test(`names, classnames, files and suite names are capped at ${MAX_NAME_CHARS} characters`, () => {
    const long = 'n'.repeat(MAX_NAME_CHARS + 1);
    expect(
      parseReport(suite(`<testcase name="${'n'.repeat(MAX_NAME_CHARS)}"/>`), 'r.xml').cases,
    ).toHaveLength(1);
    expect(refusal(suite(`\n<testcase name="${long}"/>`)).oneLine).toBe(
      `r.xml:2: a <testcase> name of ${MAX_NAME_CHARS + 1} characters (over ${MAX_NAME_CHARS})`,
    );
    expect(refusal(suite(`<testcase name="a" classname="${long}"/>`)).message).toMatch(
      /^a <testcase> classname of/,
    );
    expect(refusal(suite(`<testcase name="a" file="${long}"/>`)).message).toMatch(
      /^a <testcase> file of/,
    );
    expect(refusal(`<testsuites name="${long}"/>`).message).toMatch(/^a <testsuites> name of/);
    expect(refusal(`<testsuite name="a" file="${long}"/>`).message).toMatch(
      /^a <testsuite> file of/,
    );
  });

  test('a 1 MB name made of references is measured after decoding', () => {
    const xml = suite(`<testcase name="${'&amp;'.repeat(MAX_NAME_CHARS + 1)}"/>`);
    expect(refusal(xml).message).toBe(
      `a <testcase> name of ${MAX_NAME_CHARS + 1} characters (over ${MAX_NAME_CHARS})`,
    );
  });

  test('__proto__ and constructor are ordinary names and attributes', () => {
    const xml = suite(
      '<testcase name="__proto__" classname="constructor" __proto__="x" constructor="y" toString="z"/>',
    );
    const [c] = cases(xml);
    expect(c).toMatchObject({ name: '__proto__', classname: 'constructor', status: 'pass' });
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'x')).toBe(false);
  });
});

describe('malformed XML is refused with the line', () => {
  test.each([
    [
      'an unclosed element',
      '<testsuites>\n<testsuite>\n</testsuites>',
      'r.xml:3: end tag </testsuites> does not match <testsuite>',
    ],
    [
      'a truncated file',
      '<testsuites>\n  <testsuite name="a">\n    <testcase name="x"',
      'r.xml:3: malformed start tag <testcase>',
    ],
    [
      'a file cut after a tag',
      '<testsuites>\n  <testsuite name="a">',
      'r.xml:2: element <testsuite> is never closed',
    ],
    [
      'an end tag without a start',
      '<testsuites/></testsuites>',
      'r.xml:1: end tag </testsuites> without a start tag',
    ],
    [
      'an unquoted attribute',
      '<testsuites name=x/>',
      "r.xml:1: attribute 'name' on <testsuites> is not quoted",
    ],
    [
      'an attribute without a value',
      '<testsuites disabled/>',
      "r.xml:1: attribute 'disabled' on <testsuites> has no value",
    ],
    [
      'attributes without a space between',
      '<testsuites a="1"b="2"/>',
      'r.xml:1: malformed start tag <testsuites>',
    ],
    [
      'a duplicate attribute',
      '<testsuites a="1" a="2"/>',
      "r.xml:1: duplicate attribute 'a' on <testsuites>",
    ],
    [
      'an attribute never closed',
      '<testsuites a="1/>',
      "r.xml:1: attribute 'a' on <testsuites> is never closed",
    ],
    [
      "'<' in an attribute",
      '<testsuites a="<x>"/>',
      "r.xml:1: '<' in attribute 'a' on <testsuites>",
    ],
    [
      "a bare '&' in text",
      suite('<testcase name="a">x & y</testcase>'),
      "r.xml:1: undefined or malformed entity reference '&' (only the five XML entities and character references are allowed)",
    ],
    [
      "a bare '<' in text",
      suite('<testcase name="a">1 < 2</testcase>'),
      "r.xml:1: '<' that starts no element (escape it as &lt;)",
    ],
    [
      "']]>' in text",
      suite('<system-out>a]]>b</system-out>'),
      "r.xml:1: ']]>' is not allowed in text",
    ],
    [
      "'--' in a comment",
      '<testsuites><!-- a -- b --></testsuites>',
      "r.xml:1: '--' inside a comment",
    ],
    ['an unterminated comment', '<testsuites><!-- a', 'r.xml:1: unterminated comment'],
    [
      'an unterminated CDATA section',
      suite('<system-out><![CDATA[abc'),
      'r.xml:1: unterminated CDATA section',
    ],
    [
      'CDATA outside the root',
      '<![CDATA[x]]><testsuites/>',
      'r.xml:1: CDATA section outside the root element',
    ],
    [
      'a malformed XML declaration',
      '<?xml version="2.0"?><testsuites/>',
      'r.xml:1: malformed XML declaration',
    ],
  ])('%s', (_what, xml, oneLine) => {
    expect(refusal(xml).oneLine).toBe(oneLine);
  });

  test('a test case without a name, or with an empty one', () => {
    expect(refusal(suite('\n<testcase classname="a"/>')).oneLine).toBe(
      'r.xml:2: a <testcase> without a name',
    );
    expect(refusal(suite('<testcase name=""/>')).oneLine).toBe(
      'r.xml:1: a <testcase> without a name',
    );
  });

  test('a test case or suite inside a test case', () => {
    expect(refusal(suite('<testcase name="a"><testcase name="b"/></testcase>')).message).toBe(
      '<testcase> inside a <testcase>',
    );
    expect(refusal(suite('<testcase name="a"><testsuite/></testcase>')).message).toBe(
      '<testsuite> inside a <testcase>',
    );
  });
});

describe('what is read', () => {
  test('a report without test cases is not an error here', () => {
    expect(parseReport('<testsuites/>', 'r.xml')).toEqual({
      file: 'r.xml',
      dialect: 'generic',
      cases: [],
    });
    expect(parseReport('<testsuite name="x" tests="0"></testsuite>', 'r.xml').cases).toEqual([]);
  });

  test('a BOM, a declaration, comments and CDATA are accepted', () => {
    const xml =
      '\ufeff<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- made by hand -->\n' +
      suite('<testcase name="a"><system-out><![CDATA[<not> & markup]]></system-out></testcase>');
    expect(cases(xml).map((c) => c.name)).toEqual(['a']);
  });

  test.each([
    ['<failure/>', 'fail', 0],
    ['<failure message="m">trace</failure>', 'fail', 0],
    ['<error/>', 'error', 0],
    ['<skipped/>', 'skip', 0],
    ['<skipped message="not on this platform"/>', 'skip', 0],
    ['<failure/><error/>', 'error', 0],
    ['<skipped/><failure/>', 'fail', 0],
    ['<flakyFailure/><flakyError/>', 'pass', 2],
    ['<failure/><rerunFailure/><rerunFailure/>', 'fail', 2],
    ['<error/><rerunError/>', 'error', 1],
    ['<rerunFailure/>', 'fail', 1],
    ['<rerunError/><rerunFailure/>', 'error', 2],
    ['<system-out>ok</system-out><properties><property name="failure"/></properties>', 'pass', 0],
    ['<system-out><failure/></system-out>', 'pass', 0],
  ])('%s → %s', (body, status, flakyAttempts) => {
    const [c] = cases(suite(`<testcase name="t">${body}</testcase>`));
    expect([c.status, c.flakyAttempts]).toEqual([status, flakyAttempts]);
  });

  test('status="disabled" and friends are skips unless a failure says otherwise', () => {
    const got = cases(
      suite(
        '<testcase name="a" status="disabled"/><testcase name="b" status="notrun"/>' +
          '<testcase name="c" result="skipped"/><testcase name="d" status="run"/>' +
          '<testcase name="e" status="disabled"><failure/></testcase>',
      ),
    );
    expect(got.map((c) => c.status)).toEqual(['skip', 'skip', 'skip', 'pass', 'fail']);
  });

  test('entities, character references and attribute whitespace are decoded', () => {
    const [c] = cases(
      suite(
        '<testcase name="a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#65;&#x42;&#x1F389; e\nf&#10;g"/>',
      ),
    );
    expect(c.name).toBe('a <b> & "c" \'d\' AB🎉 e f\ng');
  });

  test('a case takes its file from its own attribute, else from the nearest suite', () => {
    const got = cases(
      '<testsuites><testsuite name="outer" file="/abs/a.js"><testsuite name="inner">' +
        '<testcase name="x"/><testcase name="y" file="b.js" line="7"/></testsuite>' +
        '<testcase name="z" line="x1"/></testsuite><testcase name="top"/></testsuites>',
    );
    expect(got).toEqual([
      {
        name: 'x',
        status: 'pass',
        flakyAttempts: 0,
        report: 'r.xml',
        file: '/abs/a.js',
        suite: 'inner',
        suitePath: 'outer > inner',
      },
      {
        name: 'y',
        status: 'pass',
        flakyAttempts: 0,
        report: 'r.xml',
        file: 'b.js',
        line: 7,
        suite: 'inner',
        suitePath: 'outer > inner',
      },
      {
        name: 'z',
        status: 'pass',
        flakyAttempts: 0,
        report: 'r.xml',
        file: '/abs/a.js',
        suite: 'outer',
        suitePath: 'outer',
      },
      { name: 'top', status: 'pass', flakyAttempts: 0, report: 'r.xml' },
    ]);
  });

  test('pytest lines are 0-based in the report and 1-based here; others are kept', () => {
    const pytest =
      '<testsuites><testsuite name="pytest"><testcase classname="t" name="a" file="t.py" line="0"/></testsuite></testsuites>';
    expect(parseReport(pytest, 'r.xml')).toMatchObject({
      dialect: 'pytest',
      pytestHasFile: true,
      cases: [{ line: 1 }],
    });
    expect(cases(suite('<testcase name="a" file="a.c" line="44"/>'))[0].line).toBe(44);
  });

  test.each([
    ['<testsuites><testsuite name="pytest"/></testsuites>', 'pytest'],
    ['<testsuite name="pytest"/>', 'pytest'],
    // A suite's name alone, which a user sets, claims nothing: the shape each writer gives
    // its root and suites does (a renamed junit_suite_name is still pytest's).
    ['<testsuites name="jest tests"/>', 'generic'],
    ['<testsuites name="vitest tests"/>', 'generic'],
    ['<testsuites name="Mocha Tests"/>', 'generic'],
    ['<testsuite name="Mocha Tests"/>', 'generic'],
    [
      '<testsuites><testsuite name="mine" errors="0" failures="0" skipped="0" tests="0" time="0" timestamp="x" hostname="h"/></testsuites>',
      'pytest',
    ],
    [
      '<testsuites name="mine" tests="0" failures="0" errors="0" time="0"><testsuite name="f" errors="0" failures="0" skipped="0" timestamp="x" time="0" tests="0"/></testsuites>',
      'jest-junit',
    ],
    [
      '<testsuites name="mine" tests="0" failures="0" errors="0" time="0"><testsuite name="f" timestamp="x" hostname="h" tests="0" failures="0" errors="0" skipped="0" time="0"/></testsuites>',
      'vitest',
    ],
    [
      '<testsuites name="mine" time="0" tests="0" failures="0"><testsuite name="Root Suite" timestamp="x" tests="0" time="0" failures="0"/></testsuites>',
      'mocha',
    ],
    [
      '<testsuite name="mine" tests="0" failures="0" errors="0" skipped="0" timestamp="x" time="0"/>',
      'mocha',
    ],
    [
      '<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report.xsd" name="a.B"/>',
      'surefire',
    ],
    [
      '<testsuites><testsuite name="pkg"><properties><property name="go.version" value="go1.22"/></properties></testsuite></testsuites>',
      'go-junit-report',
    ],
    ['<testsuites><testcase name="a"/><!-- tests 1 --><!-- pass 1 --></testsuites>', 'node'],
    ['<testsuites><testsuite name="jest tests"/></testsuites>', 'generic'],
    ['<testsuites name="x"><!-- generated --></testsuites>', 'generic'],
  ])('%s is %s', (xml, dialect) => {
    expect(parseReport(xml, 'r.xml').dialect).toBe(dialect);
  });
});
