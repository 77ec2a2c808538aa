// The conduct report's reader and the production-conduct rule (pure: src/conduct/report.ts,
// src/decision/conduct.ts), over reports as the recorder writes them and as an attacker might.
import { describe, expect, test } from '@jest/globals';
import { parseConductReport, type ConductReport } from '../src/conduct/report.js';
import { conductFindings, MAX_CONDUCT_FINDINGS } from '../src/decision/conduct.js';
import type { PathKind } from '../src/types.js';

const SHA = 'a'.repeat(64);
const header = (run: { id: string | null; attempt: string | null } = { id: '7', attempt: '1' }) =>
  JSON.stringify({
    type: 'header',
    tool: 'ledger-gate-conduct',
    version: 1,
    runner: 'pytest',
    run,
    junit: 'reports/junit.xml',
    report: 'reports/conduct.jsonl',
  });
const site = (o: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'site',
    kind: 'open',
    file: 'src/calc.py',
    line: 3,
    events: ['open'],
    targets: ['tests/test_calc.py'],
    writes: [],
    ...o,
  });
const complete = (sites: number, o: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'complete',
    sites,
    dropped: 0,
    errors: 0,
    junit: { path: 'reports/junit.xml', sha256: SHA },
    ...o,
  });
const lines = (...l: string[]) => l.join('\n') + '\n';

const parsed = (text: string): ConductReport => {
  const r = parseConductReport(text);
  if ('error' in r) throw new Error(r.error);
  return r;
};

describe('parseConductReport', () => {
  test('reads a header, its sites and the complete record', () => {
    const r = parsed(
      lines(
        header(),
        site(),
        site({ kind: 'process', line: 4, targets: ['sh -c ls'] }),
        complete(2),
      ),
    );
    expect(r.run).toEqual({ id: '7', attempt: '1' });
    expect(r.junitSha256).toBe(SHA);
    expect(r.sites.map((s) => `${s.kind}@${s.file}:${s.line}`)).toEqual([
      'open@src/calc.py:3',
      'process@src/calc.py:4',
    ]);
  });

  test.each([
    ['empty', '', 'empty'],
    ['cut mid-line', lines(header(), site()).slice(0, -3), 'cut'],
    ['no complete record', lines(header(), site()), 'no complete record'],
    ['not a header first', lines(site(), complete(1)), 'header'],
    [
      'another version',
      lines(header().replace('"version":1', '"version":2'), complete(0)),
      'version',
    ],
    ['a count that does not match', lines(header(), site(), complete(2)), 'counts 2 sites'],
    [
      'a site after the complete record',
      lines(header(), complete(0), site()),
      'after the complete',
    ],
    ['two complete records', lines(header(), complete(0), complete(0)), 'second complete'],
    ['not JSON', lines(header(), '{nope', complete(0)), 'not JSON'],
    [
      'a path that leaves the repository',
      lines(header(), site({ file: '../x.py' }), complete(1)),
      'plain repository path',
    ],
    [
      'an absolute path',
      lines(header(), site({ file: '/etc/x.py' }), complete(1)),
      'plain repository path',
    ],
    [
      'a control character in a path',
      lines(header(), site({ file: 'src/a\u001b[2J.py' }), complete(1)),
      'plain repository path',
    ],
    ['an unknown kind', lines(header(), site({ kind: 'magic' }), complete(1)), 'unknown kind'],
    [
      'a line that is not a count',
      lines(header(), site({ line: 1.5 }), complete(1)),
      'line is not a count',
    ],
    [
      'a huge list',
      lines(header(), site({ targets: Array(40).fill('x') }), complete(1)),
      'at most',
    ],
    [
      'a huge string',
      lines(header(), site({ targets: ['x'.repeat(5000)] }), complete(1)),
      'longer than',
    ],
    [
      'a junit digest that is not one',
      lines(header(), complete(0, { junit: { sha256: 'zz' } })),
      'not a sha256',
    ],
    ['an array for a record', lines(header(), '[1,2]', complete(0)), 'not an object'],
    [
      'a __proto__ run',
      lines(
        header().replace('"run":{"id":"7","attempt":"1"}', '"run":{"__proto__":{"id":"7"}}'),
        complete(0),
      ),
      '',
    ],
  ])('refuses %s, in one line', (_name, text, why) => {
    const r = parseConductReport(text);
    if (why === '') {
      // A __proto__ key is an own property of the parsed object, never a prototype: no run id.
      expect(r).toEqual(expect.objectContaining({ run: { id: null, attempt: null } }));
      return;
    }
    expect(r).toEqual({ error: expect.stringContaining(why) });
    expect((r as { error: string }).error).not.toContain('\n');
  });
});

const kindOf = (p: string): PathKind =>
  p.startsWith('tests/')
    ? 'tests'
    : p.startsWith('reports/')
      ? 'reports'
      : p === 'tests/ledger.yaml'
        ? 'ledger'
        : 'production';

const judge = (text: string, o: Partial<Parameters<typeof conductFindings>[0]> = {}) =>
  conductFindings({
    file: 'reports/conduct.jsonl',
    report: parsed(text),
    run: { id: '7', attempt: '1' },
    junitDigests: new Set([SHA]),
    judged: new Map([['src/calc.py', [3, 4, 5]]]),
    kindOf,
    ...o,
  }).map((f) => `${f.rule}:${f.result}${f.line ? `@${f.file}:${f.line}` : ''}`);

describe('conductFindings', () => {
  test('an agent line that read a test file asks for review; other lines and files do not count', () => {
    const text = lines(
      header(),
      site(),
      site({ line: 9 }),
      site({ file: 'src/other.py' }),
      site({ file: 'tests/test_calc.py', line: 4 }),
      complete(4),
    );
    expect(judge(text)).toEqual(['production-conduct:review@src/calc.py:3']);
  });

  test('a write to a test, report or ledger path rejects; to a production file it asks for review', () => {
    const text = lines(
      header(),
      site({ writes: ['reports/junit.xml'], targets: [] }),
      site({
        line: 4,
        kind: 'write',
        events: ['os.rename'],
        writes: ['/tmp/x -> tests/test_calc.py'],
        targets: [],
      }),
      site({ line: 5, writes: ['src/cache.txt'], targets: [] }),
      complete(3),
    );
    expect(judge(text)).toEqual([
      'production-conduct:reject@src/calc.py:3',
      'production-conduct:reject@src/calc.py:4',
      'production-conduct:review@src/calc.py:5',
    ]);
  });

  test('an import line reading a production module is how Python runs; reading a test module is not', () => {
    const text = lines(
      header(),
      site({ targets: ['src/helper.py'], via: 'import' }),
      site({ line: 4, targets: ['tests/test_calc.py'], via: 'import' }),
      complete(2),
    );
    expect(judge(text)).toEqual(['production-conduct:review@src/calc.py:4']);
  });

  test("another run's report, or one with no JUnit report tied to it, is report-invalid alone", () => {
    expect(judge(lines(header({ id: '6', attempt: '1' }), site(), complete(1)))).toEqual([
      'report-invalid:reject',
    ]);
    expect(judge(lines(header(), site(), complete(1, { junit: null })))).toEqual([
      'report-invalid:reject',
    ]);
    expect(judge(lines(header({ id: '7', attempt: '2' }), site(), complete(1)))).toEqual([
      'report-invalid:reject',
    ]);
  });

  test('a JUnit report changed after the session is report-invalid, and what the agent lines did is still shown', () => {
    expect(
      judge(lines(header(), site(), complete(1)), { junitDigests: new Set(['b'.repeat(64)]) }),
    ).toEqual(['report-invalid:reject', 'production-conduct:review@src/calc.py:3']);
  });

  test('a local run (no run id) checks the JUnit digest only', () => {
    expect(
      judge(lines(header({ id: null, attempt: null }), complete(0)), { run: undefined }),
    ).toEqual([]);
  });

  test('sites dropped past the caps, and findings past the cap, are said', () => {
    const many = Array.from({ length: MAX_CONDUCT_FINDINGS + 5 }, (_, i) => site({ line: i + 1 }));
    const judged = new Map([['src/calc.py', many.map((_, i) => i + 1)]]);
    const out = judge(lines(header(), ...many, complete(many.length, { dropped: 3 })), { judged });
    expect(out.length).toBe(MAX_CONDUCT_FINDINGS + 2);
    expect(out.slice(-2)).toEqual(['production-conduct:review', 'production-conduct:review']);
  });
});
