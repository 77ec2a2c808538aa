// The summary is rendered with a real GFM parser (micromark, which follows cmark-gfm) and the
// HTML is checked: whatever a test name or a ledger field holds, it stays literal text.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { RULES } from '../src/decision/table.js';
import { cell, clip, code, codeCell, logLine, neutralise, text } from '../src/report/escape.js';
import { toJson } from '../src/report/json.js';
import { blobUrl, blobPrefix } from '../src/report/links.js';
import { SUMMARY_MAX_BYTES, renderSummary } from '../src/report/summary.js';
import { renderRulesTable } from '../src/report/table-md.js';
import type { Finding, LedgerRow, Report, Result, TestResult } from '../src/types.js';
import { summaryProblems } from './support/hostile-markdown.js';

// GitHub allows some HTML (details, summary, code); dangerous HTML is kept so a leak shows.
const html = (md: string): string =>
  micromark(md, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: true,
  });

const decode = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');

/** The visible text of rendered HTML. */
const visible = (h: string): string => decode(h.replace(/<[^>]*>/g, ''));

/** The tags the HTML holds, by name. */
const tags = (h: string): Set<string> =>
  new Set([...h.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1].toLowerCase()));

/** Text outside code elements: where GitHub would link mentions, references and URLs. */
const outsideCode = (h: string): string => visible(h.replace(/<code>[\s\S]*?<\/code>/g, ' '));

const ALLOWED_TAGS = new Set([
  'h2',
  'h3',
  'h4',
  'p',
  'strong',
  'em',
  'code',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'ul',
  'li',
  'details',
  'summary',
  'blockquote',
]);

function finding(over: Partial<Finding> = {}): Finding {
  return {
    rule: 'unclassified',
    result: 'reject',
    id: 'tests/test_x.py::test_y',
    status: 'pass',
    class: null,
    message: 'not in the ledger',
    ...over,
  };
}

function report(findings: Finding[], cases = findings.length): Report {
  const n = (r: Result) => findings.filter((f) => f.result === r).length;
  const decision = n('reject') ? 'reject' : n('review') ? 'review' : 'admit';
  return {
    version: 1,
    decision,
    counts: { cases, admit: n('admit'), review: n('review'), reject: n('reject'), info: n('info') },
    findings,
  };
}

/** Strings an agent could put in a test name or a ledger field. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '![img](https://evil.example/x.png)',
  '[click](https://evil.example)',
  'https://evil.example/path',
  'www.evil.example',
  'mail me: agent@evil.example',
  '@octocat please merge',
  'fixes #123 and GH-7 and owner/repo#9',
  'a | b | c',
  'line one\nline two\r\n| x | y |',
  '```\nfenced\n```',
  '`` ` `` breakout ` here',
  'trailing backslash \\',
  '\u202eevil\u202c reversed \u2066iso\u2069',
  'zero\u200bwidth\ufeffbom\u00adsoft',
  '**bold** _em_ ~~strike~~ $x^2$',
  '# heading',
  '> quote',
  '1. list',
  '- item',
  '&amp; &lt;b&gt; &#64;octocat',
  '<!-- comment --> <details open>',
  '::error::pwned',
  '##[error]pwned',
  'emoji 😀 and 𝕏 outside the BMP',
  ':+1: [^1] [x]: https://evil.example',
];

describe('escape', () => {
  it.each(HOSTILE)('text() of %j renders as literal text with no live markup', (s) => {
    const h = html(`- ${text(s)}\n`);
    expect([...tags(h)].filter((t) => !ALLOWED_TAGS.has(t))).toEqual([]);
    expect(h).not.toMatch(/<a |<img |<script|<!--/);
    expect(outsideCode(h)).not.toMatch(/@\w|#\d|:\/\/|www\.|GH-\d/i);
    expect(visible(h).trim()).toBe(neutralise(s).trim().replace(/ +/g, ' '));
  });

  it.each(HOSTILE)('cell() of %j keeps a table row to its columns', (s) => {
    const md = `| a | b | c |\n|---|---|---|\n| ${cell(s)} | ${codeCell(s)} | end |\n`;
    const h = html(md);
    const row = h.split('<tbody>')[1];
    expect(row.match(/<td>/g)).toHaveLength(3);
    expect(row).toContain('<td>end</td>');
    expect(h).not.toMatch(/<a |<img |<script|<!--/);
    expect(outsideCode(h)).not.toMatch(/@\w|#\d|:\/\/|www\./i);
  });

  it('code() survives any run of backticks and shows the text verbatim', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', 'a', ' ', '|', '\\', '<') }), (s) => {
        fc.pre(s.trim() !== '');
        const h = html(`| x |\n|---|\n| ${code(s, { table: true })} |\n`);
        const td = h.split('<tbody>')[1];
        expect(td.match(/<td>/g)).toHaveLength(1);
        // A code span keeps inner spaces but the outermost one of each side may be stripped;
        // a pipe right after a backslash is shown as a broken bar (renderers disagree there).
        expect(visible(td).trim()).toBe(s.trim().replace(/\\\|/g, '\\\u00a6'));
      }),
    );
  });

  it('any string in a cell stays one cell, with nothing live outside code', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const h = html(`| a | b |\n|---|---|\n| ${cell(s)} | ${codeCell(s)} |\n`);
        const body = h.split('<tbody>')[1] ?? '';
        expect(body.match(/<td>/g)).toHaveLength(2);
        expect([...tags(h)].filter((t) => !ALLOWED_TAGS.has(t))).toEqual([]);
        expect(outsideCode(h)).not.toMatch(/@\w|#\d|:\/\/|www\./i);
      }),
      { numRuns: 500 },
    );
  });

  it('names hidden and bidi characters instead of passing them on', () => {
    expect(neutralise('a\u202eb\u200bc\u2066d')).toBe('a<U+202E>b<U+200B>c<U+2066>d');
    expect(neutralise('tag\u{e0041}')).toBe('tag<U+E0041>');
    expect(neutralise('lone \ud800 surrogate')).toBe('lone <U+D800> surrogate');
    expect(neutralise('a\nb\tc\u2028d')).toBe('a b c<U+2028>d');
    // A surrogate pair is a real character, not a hidden one.
    expect(neutralise('𝕏')).toBe('𝕏');
  });

  it('clip() counts code points, never splits a surrogate pair', () => {
    expect(clip('😀😀😀', 2)).toBe('😀…');
    expect(clip('😀😀', 2)).toBe('😀😀');
    expect(Array.from(clip('x'.repeat(10) + '😀'.repeat(10), 12))).toHaveLength(12);
  });

  it('logLine() leaves no workflow command in a log line', () => {
    for (const s of HOSTILE) {
      const line = logLine(s);
      expect(line).not.toMatch(/[\r\n]/);
      expect(line.trimStart().startsWith('::')).toBe(false);
      expect(line).not.toContain('::');
      expect(line).not.toContain('##[');
    }
    expect(logLine('  ::set-output name=x::y')).toBe('  :\u2236set-output name=x:\u2236y');
    expect(logLine('a\n::error::b')).toBe('a :\u2236error:\u2236b');
  });
});

describe('renderRulesTable', () => {
  it('has one row per rule, in table order, with the contract columns', () => {
    const md = renderRulesTable();
    const lines = md.trim().split('\n');
    expect(lines[0]).toBe('| rule | signal | class | result | human action |');
    expect(lines).toHaveLength(RULES.length + 2);
    expect(lines[2]).toBe(
      '| `fixture-unchanged` | pass, artifact digest matches, golden not touched in this change | locked_fixture | admit | none |',
    );
    const h = html(md);
    expect(h.match(/<tr>/g)).toHaveLength(RULES.length + 1);
  });

  it('adds a count column, bold where a rule fired', () => {
    const md = renderRulesTable({ unclassified: 3 });
    expect(md.split('\n')[0]).toBe('| rule | signal | class | result | human action | count |');
    expect(md).toContain(
      '| `unclassified` | any result on an id missing from the ledger | none | reject | give the test a row: lock it to its own file (or a golden), or make it a property | **3** |',
    );
    expect(md).toContain(
      "| `draft-pass` | pass on an agent-added draft | draft | reject | a human promotes the agent's draft to the class it proposes, or drops it | 0 |",
    );
  });
});

describe('renderSummary', () => {
  it('puts the verdict, the counts and the reject/review findings first, the decision table folded last', () => {
    const r = report([
      finding(),
      finding({
        id: 'tests/a.py::b',
        rule: 'fixture-unchanged',
        result: 'admit',
        class: 'locked_fixture',
      }),
      finding({
        id: 'tests/c.py::d',
        rule: 'fixture-contract-change',
        result: 'review',
        class: 'locked_fixture',
        file: 'tests/ledger.yaml',
        line: 12,
      }),
    ]);
    const md = renderSummary({ report: r, notes: ['base: abc (merge base)'] });
    const h = html(md);
    expect(md.split('\n')[0]).toBe('## ❌ ledger-gate: reject');
    // Reject, then review, then the notes, then what needs no action, then the table.
    const order = [
      '### ❌ `unclassified`',
      '### ⚠️ `fixture-contract-change`',
      '### Notes',
      '- ✅ `fixture-unchanged` — admit · 1\n',
      '<details><summary>Decision table',
    ];
    const at = order.map((k) => md.indexOf(k));
    expect(at.every((x) => x > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The decision table is folded, and counts each rule that matched (only those).
    expect(h).toMatch(/<details><summary>Decision table[^<]*<\/summary>\n<table>/);
    expect(md).not.toContain('`draft-pass`');
    expect(md).toContain(
      '| `unclassified` | any result on an id missing from the ledger | none | reject | give the test a row: lock it to its own file (or a golden), or make it a property | **1** |',
    );
    expect(md.trimEnd().endsWith('</details>')).toBe(true);
    expect(visible(h)).toContain('tests/ledger.yaml:12');
    expect(visible(h)).toContain('base: abc (merge base)');
  });

  it('counts test cases by status and findings by result, each labelled, never mixed', () => {
    const r = report([
      finding(),
      finding({ rule: 'quarantine-fail', result: 'info', status: 'fail' }),
      finding({ rule: 'ledger-contract-change', result: 'review', status: null }),
    ]);
    r.counts.cases = 4; // three mapped tests and one unmapped case
    const tests: TestResult[] = [
      test('a'),
      { ...test('b'), status: 'fail' },
      { ...test('c'), status: 'skip' },
    ];
    const md = renderSummary({ report: r, notes: [], tests });
    expect(md).toContain(
      '- **4 test cases by status: 1 pass · 1 fail · 1 skip · 1 unmapped**\n' +
        '- **3 findings by result: 1 reject · 1 review · 0 admit · 1 info**\n',
    );
    // Without the results only the number of cases is known.
    expect(renderSummary({ report: r, notes: [] })).toContain('- **4 test cases**\n');
  });

  it('says review and admit plainly', () => {
    const review = renderSummary({
      report: report([finding({ rule: 'ledger-contract-change', result: 'review' })]),
      notes: [],
    });
    expect(review).toMatch(/^## ⚠️ ledger-gate: review\n\n1 finding needs a human review/);
    const admit = renderSummary({
      report: report([finding({ rule: 'property-seeded', result: 'admit' })]),
      notes: [],
    });
    expect(admit).toMatch(/^## ✅ ledger-gate: admit\n\nEvery finding admits/);
  });

  it('shows who approved a review finding', () => {
    const approved = finding({
      rule: 'fixture-contract-change',
      result: 'admit',
      approved_by: 'maintainer',
    });
    // Admitted by approval, it needs no action: counted, with who approved.
    const md = renderSummary({ report: report([approved]), notes: [] });
    expect(md).toContain(
      '- ⚠️ `fixture-contract-change` — review · 1 (1 admitted by approval: `maintainer`)\n',
    );
    // Beside a review still open, it is an entry of the rule's list, with its approver.
    const open = finding({
      rule: 'fixture-contract-change',
      result: 'review',
      id: 'tests/o.py::t',
    });
    const both = renderSummary({ report: report([approved, open]), notes: [] });
    expect(both).toContain('(1 admitted by approval)');
    expect(both).toContain('| approved by |');
    expect(both).toContain('`maintainer` |');
  });

  it('renders hostile ids, messages, notes and warnings inert', () => {
    const findings = HOSTILE.map((s, i) =>
      finding({
        id: s,
        message: s,
        file: s,
        line: i + 1,
        rule: i % 2 ? 'unclassified' : 'draft-pass',
      }),
    );
    const md = renderSummary({
      report: report(findings),
      notes: HOSTILE,
      warnings: HOSTILE.map((s, i) => ({ message: s, file: s, line: i })),
    });
    const h = html(md);
    expect([...tags(h)].filter((t) => !ALLOWED_TAGS.has(t))).toEqual([]);
    expect(h).not.toMatch(/<a |<img |<script|<!--/);
    expect(outsideCode(h)).not.toMatch(/@\w|#\d|:\/\/|www\./i);
    expect(h).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b\ufeff]/);
    // Every findings row has the columns of its header: six, and no command in a cell.
    for (const table of h.split('<table>').slice(1, -1)) {
      const body = table.split('<tbody>')[1].split('</tbody>')[0];
      for (const tr of body.split('<tr>').slice(1)) expect(tr.match(/<td>/g)).toHaveLength(6);
    }
  });

  it('keeps hostile approvers inert on a count line, and hostile findings under the bound', () => {
    const approved = HOSTILE.map((s, i) =>
      finding({ id: `${s}${i}`, rule: 'harness-change', result: 'admit', approved_by: s }),
    );
    const many = Array.from({ length: 5000 }, (_, i) =>
      finding({ id: HOSTILE[i % HOSTILE.length] + i, message: HOSTILE[(i + 3) % HOSTILE.length] }),
    );
    const md = renderSummary(
      { report: report([...approved, ...many]), notes: HOSTILE },
      { links: LINKS },
    );
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(md).toContain(`(${HOSTILE.length} admitted by approval: `);
    expect(md).toContain(`and ${HOSTILE.length - 5} more)`);
    expect(md).toMatch(/_… and \d+ more entries \(\d+ findings\) of `unclassified` not shown here/);
    expect(summaryProblems(md, { linkPrefix: PREFIX })).toEqual([]);
  });

  it('cuts findings to stay under maxBytes, and counts what it cut', () => {
    const findings = Array.from({ length: 3000 }, (_, i) =>
      finding({
        id: `tests/test_${i}.py::test_${'x'.repeat(80)}`,
        message: '😀 ' + 'm'.repeat(200),
      }),
    );
    for (const max of [65535, 20000]) {
      const md = renderSummary({ report: report(findings), notes: ['a note'] }, { maxBytes: max });
      expect(Buffer.byteLength(md)).toBeLessThanOrEqual(max);
      expect(md.length).toBeLessThanOrEqual(max);
      const shown = (md.match(/\| reject \| `tests\/test_/g) ?? []).length;
      expect(shown).toBeGreaterThan(0);
      expect(md).toContain(
        `> **Cut to stay under ${max} bytes:** ${3000 - shown} of 3000 reject and review findings not shown`,
      );
      // The rule's list says how many of its entries it could not show, and where they are.
      expect(md).toContain(
        `_… and ${3000 - shown} more entries (${3000 - shown} findings) of \`unclassified\` not shown here: the JSON report lists every one._`,
      );
      // The cut keeps the table well-formed.
      const h = html(md);
      const body = h.split('<table>')[1].split('<tbody>')[1];
      expect(body.match(/<tr>/g)).toHaveLength(shown);
    }
  });

  it('keeps the default under the documented bound, SUMMARY_MAX_BYTES (16 KiB)', () => {
    expect(SUMMARY_MAX_BYTES).toBe(16 * 1024);
    const findings = Array.from({ length: 20000 }, (_, i) =>
      finding({ id: `tests/t${i}.py::test`, message: 'n'.repeat(100) }),
    );
    const md = renderSummary({ report: report(findings), notes: [] });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(md).toMatch(
      /> \*\*Cut to stay under 16384 bytes:\*\* \d+ of 20000 reject and review findings not shown/,
    );
  });

  it('counts warnings cut for size', () => {
    const warnings = Array.from({ length: 500 }, (_, i) => ({
      message: 'quarantined for too long '.repeat(4),
      file: 'tests/ledger.yaml',
      line: i + 1,
    }));
    const md = renderSummary(
      {
        report: report([finding({ rule: 'quarantine-fail', result: 'info' })]),
        notes: [],
        warnings,
      },
      { maxBytes: 12000 },
    );
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(12000);
    expect(md).toMatch(
      /\d+ of 1 findings and \d+ of 500 warnings not shown|\d+ of 500 warnings not shown/,
    );
  });
});

const SHA = 'a'.repeat(40);
const LINKS = { server: 'https://github.com', repository: 'octo/repo', sha: SHA };
const PREFIX = `https://github.com/octo/repo/blob/${SHA}/`;
const hrefs = (h: string) => [...h.matchAll(/<a href="([^"]*)">/g)].map((m) => m[1]);

function row(id: string, artifact: string, line: number): LedgerRow {
  return { id, class: 'locked_fixture', artifact, line, keyOffsets: {} };
}
const ledgerOf = (rows: LedgerRow[]) => ({ byId: new Map(rows.map((r) => [r.id, r])) });
const test = (id: string, file?: string, line?: number): TestResult => ({
  id,
  status: 'pass',
  flaky: false,
  reports: [],
  ...(file ? { file } : {}),
  ...(line ? { line } : {}),
});

describe('links to the ledger line and the test file at the head', () => {
  it('links each reject/review finding to its ledger line and its test file', () => {
    const r = report([
      finding({
        rule: 'draft-pass',
        id: 'tests/test_x.py::test_y',
        class: 'draft',
        file: 'tests/ledger.yaml',
        line: 18,
      }),
      finding({ id: 'tests/new test.py::test_z', file: 'tests/new test.py', line: 7 }),
    ]);
    const md = renderSummary(
      { report: r, notes: [], tests: [test('tests/test_x.py::test_y', 'tests/test_x.py', 40)] },
      { links: LINKS },
    );
    const h = html(md);
    expect(hrefs(h)).toEqual([
      `${PREFIX}tests/ledger.yaml#L18`,
      `${PREFIX}tests/test_x.py#L40`,
      // The unclassified test's file entry: the file, then the test at its line.
      `${PREFIX}tests/new%20test.py`,
      `${PREFIX}tests/new%20test.py#L7`,
    ]);
    expect(summaryProblems(md, { linkPrefix: PREFIX })).toEqual([]);
    // The CLI passes no link base: then nothing is linked, and the places are still shown.
    const plain = renderSummary({ report: r, notes: [] });
    expect(hrefs(html(plain))).toEqual([]);
    expect(visible(html(plain))).toContain('tests/ledger.yaml:18');
  });

  it('builds no link from an odd server, repository or sha', () => {
    for (const bad of [
      { ...LINKS, server: 'javascript:alert(1)//' },
      { ...LINKS, server: 'https://github.com/"><script>' },
      { ...LINKS, server: 'https://evil.example/x y' },
      { ...LINKS, repository: 'octo/repo/../../x' },
      { ...LINKS, repository: 'octo/..' },
      { ...LINKS, repository: 'octo/re)po' },
      { ...LINKS, sha: 'main' },
      { ...LINKS, sha: SHA + ')' },
    ]) {
      expect(blobPrefix(bad)).toBeUndefined();
      const md = renderSummary(
        { report: report([finding({ file: 'tests/ledger.yaml', line: 3 })]), notes: [] },
        { links: bad },
      );
      expect(hrefs(html(md))).toEqual([]);
    }
    expect(blobPrefix({ ...LINKS, server: 'https://ghe.example.com:8443/' })).toBe(
      `https://ghe.example.com:8443/octo/repo/blob/${SHA}/`,
    );
  });

  it('percent-encodes a path and refuses one that leaves the repository', () => {
    expect(blobUrl(PREFIX, 'a b/(x)[y]#z?.py', 3)).toBe(
      `${PREFIX}a%20b/%28x%29%5By%5D%23z%3F.py#L3`,
    );
    expect(blobUrl(PREFIX, 'tests/ünï.py')).toBe(`${PREFIX}tests/%C3%BCn%C3%AF.py`);
    for (const p of ['/etc/passwd', '../x', 'a/../../x', 'C:/x', 'a\nb', 'a//b', 'a/./b', ''])
      expect(blobUrl(PREFIX, p, 1)).toBeUndefined();
    expect(blobUrl(PREFIX, 'x.py', 0)).toBe(`${PREFIX}x.py`);
    expect(blobUrl(undefined, 'x.py', 1)).toBeUndefined();
  });

  it('keeps hostile ids, paths and messages inert with links on, every link under the head prefix', () => {
    const findings = HOSTILE.flatMap((s, i) => [
      finding({ id: s, message: s, file: s, line: i + 1, rule: 'unclassified' }),
      finding({
        id: `${s}::t`,
        message: s,
        file: 'tests/ledger.yaml',
        line: i + 1,
        rule: 'draft-pass',
      }),
    ]);
    const md = renderSummary(
      {
        report: report(findings),
        notes: HOSTILE,
        tests: HOSTILE.map((s, i) => test(`${s}::t`, s, i + 1)),
      },
      { links: LINKS },
    );
    expect(summaryProblems(md, { linkPrefix: PREFIX })).toEqual([]);
    const h = html(md);
    expect(hrefs(h).length).toBeGreaterThan(HOSTILE.length);
    expect(outsideCode(h)).not.toMatch(/@\w|#\d|:\/\/|www\./i);
  });

  it('any path a report or the ledger names becomes a safe link or none', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        (file, id) => {
          const md = renderSummary(
            {
              report: report([
                finding({ id, file, line: 5 }),
                finding({ id: `${id}::x`, rule: 'draft-pass', file: 'tests/ledger.yaml', line: 2 }),
              ]),
              notes: [],
              tests: [test(`${id}::x`, file, 9)],
            },
            { links: LINKS },
          );
          expect(summaryProblems(md, { linkPrefix: PREFIX })).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stays under the check run and job summary limits with every finding linked', () => {
    const findings = Array.from({ length: 20000 }, (_, i) =>
      finding({
        id: `tests/t${i}.py::test_${i}`,
        file: 'tests/ledger.yaml',
        line: i + 1,
        rule: 'draft-pass',
      }),
    );
    for (const max of [SUMMARY_MAX_BYTES, 65535]) {
      const md = renderSummary(
        { report: report(findings), notes: ['n'] },
        { maxBytes: max, links: LINKS },
      );
      expect(Buffer.byteLength(md)).toBeLessThanOrEqual(max);
      expect(md).toMatch(/\d+ of 20000 reject and review findings not shown/);
      expect(md).toContain('<details><summary>Decision table');
      expect(md).toContain('### Notes');
    }
  });
});

describe('fixture findings grouped by golden', () => {
  const ids = Array.from({ length: 94 }, (_, i) => `tests/test_render.py::test_case_${i}`);
  const shared = 'tests/goldens/page.html';
  const rows = [
    ...ids.map((id, i) => row(id, shared, 10 + i * 4)),
    row('tests/o.py::t', 'tests/goldens/o.txt', 500),
  ];
  const mismatch = (id: string, artifact: string, i: number) =>
    finding({
      id,
      rule: 'fixture-digest-mismatch',
      class: 'locked_fixture',
      message: `artifact ${artifact} is sha256:${'1'.repeat(64)}, the ledger says sha256:${'0'.repeat(64)}`,
      file: 'tests/ledger.yaml',
      line: 10 + i * 4,
    });
  const findings = [
    ...ids.map((id, i) => mismatch(id, shared, i)),
    mismatch('tests/o.py::t', 'tests/goldens/o.txt', 0),
  ];

  it("heads a rule with its findings' worst result: require-killed-mutants' reject is not shown as review", () => {
    const survived = finding({
      rule: 'mutant-survived',
      id: null,
      status: null,
      file: 'src/price.js',
      line: 8,
      message: 'src/price.js:8: 2 mutant(s) survived',
    });
    const md = renderSummary({ report: report([survived]), notes: [] });
    expect(md).toContain('### ❌ `mutant-survived` — reject · 1');
    const asTable = renderSummary({
      report: report([{ ...survived, result: 'review' }]),
      notes: [],
    });
    expect(asTable).toContain('### ⚠️ `mutant-survived` — review · 1');
  });

  it('gives a golden shared by 94 tests one line naming the tests, while the JSON keeps 94 findings', () => {
    const r = report(findings);
    const md = renderSummary({ report: r, notes: [], ledger: ledgerOf(rows) });
    expect(md).toContain('### ❌ `fixture-digest-mismatch` — reject · 95 tests on 2 goldens');
    const lines = md.split('\n').filter((l) => l.startsWith('| reject |'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(
      '| `tests/goldens/page.html` | 94 tests: `tests/test_render.py::test_case_0` at `tests/ledger.yaml:10`',
    );
    expect(lines[0]).toContain('and 91 more |');
    expect(lines[1]).toContain('| `tests/goldens/o.txt` | 1 test: `tests/o.py::t`');
    expect(summaryProblems(md)).toEqual([]);
    expect(JSON.parse(toJson(r)).findings).toHaveLength(95);
  });

  it('links the golden and each listed test’s ledger line', () => {
    const md = renderSummary(
      { report: report(findings), notes: [], ledger: ledgerOf(rows) },
      { links: LINKS },
    );
    const first = md.split('\n').find((l) => l.startsWith('| reject |'))!;
    expect(
      hrefs(html(first.replace(/^/, '| a | b | c | d | e |\n|---|---|---|---|---|\n'))),
    ).toEqual([
      `${PREFIX}tests/goldens/page.html`,
      ...ids.slice(0, 3).map((_, i) => `${PREFIX}tests/ledger.yaml#L${10 + i * 4}`),
    ]);
    expect(summaryProblems(md, { linkPrefix: PREFIX })).toEqual([]);
  });

  it('keeps apart what differs on one golden: another recorded digest is another line', () => {
    const other = {
      ...findings[1],
      message: findings[1].message.replace('0'.repeat(64), 'f'.repeat(64)),
    };
    const md = renderSummary({
      report: report([findings[0], other, findings[2]]),
      notes: [],
      ledger: ledgerOf(rows),
    });
    expect(md.split('\n').filter((l) => l.startsWith('| reject |'))).toHaveLength(2);
    expect(md).toContain('reject · 3 tests on 1 golden');
  });

  it('does not group without the ledger, nor rules that are not about a golden', () => {
    const md = renderSummary({ report: report(findings.slice(0, 3)), notes: [] });
    expect(md.split('\n').filter((l) => l.startsWith('| reject |'))).toHaveLength(3);
    const drafts = findings.slice(0, 3).map((f) => ({ ...f, rule: 'draft-pass' as const }));
    const md2 = renderSummary({ report: report(drafts), notes: [], ledger: ledgerOf(rows) });
    expect(md2.split('\n').filter((l) => l.startsWith('| reject |'))).toHaveLength(3);
  });
});

describe('toJson', () => {
  it('writes the contract keys in order and omits what is absent', () => {
    const r = report([
      finding({ file: 'tests/ledger.yaml', line: 3 }),
      finding({
        rule: 'fixture-contract-change',
        result: 'admit',
        approved_by: 'alice',
        id: null,
        status: null,
      }),
    ]);
    const text = toJson(r);
    expect(text.endsWith('\n')).toBe(true);
    const back = JSON.parse(text);
    expect(Object.keys(back)).toEqual(['version', 'decision', 'counts', 'findings']);
    expect(Object.keys(back.counts)).toEqual(['cases', 'admit', 'review', 'reject', 'info']);
    expect(Object.keys(back.findings[0])).toEqual([
      'rule',
      'result',
      'id',
      'status',
      'class',
      'message',
      'file',
      'line',
    ]);
    expect(back.findings[1]).toEqual({
      rule: 'fixture-contract-change',
      result: 'admit',
      id: null,
      status: null,
      class: null,
      message: 'not in the ledger',
      approved_by: 'alice',
    });
  });
});
