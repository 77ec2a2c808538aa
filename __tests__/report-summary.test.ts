// The summary is rendered with a real GFM parser (micromark, which follows cmark-gfm) and the
// HTML is checked: whatever a test name or a ledger field holds, it stays literal text.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { RULES } from '../src/decision/table.js';
import { cell, clip, code, codeCell, logLine, neutralise, text } from '../src/report/escape.js';
import { toJson } from '../src/report/json.js';
import { renderSummary } from '../src/report/summary.js';
import { renderRulesTable } from '../src/report/table-md.js';
import type { Finding, Report, Result } from '../src/types.js';

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
      '| `unclassified` | any result on an id missing from the ledger | none | reject | classify before merge | **3** |',
    );
    expect(md).toContain(
      '| `draft-pass` | pass on an agent-added draft | draft | reject | promote or drop | 0 |',
    );
  });
});

describe('renderSummary', () => {
  it('puts the decision first, then the table with counts, the notes and the findings', () => {
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
    expect(md.indexOf('### Decision table')).toBeLessThan(md.indexOf('### Notes'));
    expect(md.indexOf('### Notes')).toBeLessThan(md.indexOf('### Findings'));
    // Reject before review before admit.
    const order = ['`unclassified`', '`fixture-contract-change`', '<code>fixture-unchanged</code>'];
    const at = order.map((k) => md.indexOf(k, md.indexOf('### Findings')));
    expect(at.every((x) => x > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(md).toContain(
      '| `unclassified` | any result on an id missing from the ledger | none | reject | classify before merge | **1** |',
    );
    expect(visible(h)).toContain('tests/ledger.yaml:12');
    expect(visible(h)).toContain('base: abc (merge base)');
    expect(h).toContain('<details><summary>');
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
    const md = renderSummary({
      report: report([
        finding({ rule: 'fixture-contract-change', result: 'admit', approved_by: 'maintainer' }),
      ]),
      notes: [],
    });
    expect(md).toContain('(1 admitted by approval)');
    expect(md).toContain('| approved by |');
    expect(md).toContain('`maintainer` |');
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
    // Every findings row has the six columns of its header.
    for (const table of h.split('<table>').slice(2)) {
      const body = table.split('<tbody>')[1].split('</tbody>')[0];
      for (const tr of body.split('<tr>').slice(1)) expect(tr.match(/<td>/g)).toHaveLength(6);
    }
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
        `> **Cut to stay under ${max} bytes:** ${3000 - shown} of 3000 findings not shown`,
      );
      // The cut keeps the table well-formed.
      const h = html(md);
      const body = h.split('<table>')[2].split('<tbody>')[1];
      expect(body.match(/<tr>/g)).toHaveLength(shown);
    }
  });

  it('keeps the default under GitHub’s 1 MiB job summary limit', () => {
    const findings = Array.from({ length: 20000 }, (_, i) =>
      finding({ id: `tests/t.py::test_${i}`, message: 'n'.repeat(100) }),
    );
    const md = renderSummary({ report: report(findings), notes: [] });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(1024 * 1024);
    expect(md).toMatch(
      /> \*\*Cut to stay under 1048576 bytes:\*\* \d+ of 20000 findings not shown/,
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
