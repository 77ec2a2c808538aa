// Issue 10, item 5: the two ledger readers refuse the same characters; invalid UTF-8 is
// reported where it is; a `--collected` list outside the repository is refused unread.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { utf8ErrorAt } from '../src/adapters/fs/safe-read.js';
import { main } from '../src/cli.js';
import { YAML_READER_MAX_CHARS } from '../src/ledger/fallback.js';
import { parseLedgerWith } from '../src/ledger/parse.js';
import type { Report } from '../src/types.js';
import { pytestXunit1 } from './support/repo.js';

const F = 'tests/ledger.yaml';
const errs = (text: string, reader: 'fast' | 'yaml') =>
  (
    parseLedgerWith(text, F, reader) ?? { errors: [{ line: 0, column: 0, message: 'declined' }] }
  ).errors.map((e) => `${e.line}:${e.column} ${e.message}`);
const hex = (c: number) => 'U+' + c.toString(16).toUpperCase().padStart(4, '0');

describe('both ledger readers refuse what YAML does not allow', () => {
  // C1 controls (but NEL, a YAML line break), U+FFFE and U+FFFF, and a lone surrogate.
  const REFUSED = [
    ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i).filter((c) => c !== 0x85),
    0x7f,
    0xfffe,
    0xffff,
    0xd800,
    0xdfff,
  ];
  const row = (ch: string) =>
    `version: 1\nrows:\n  - id: t.js::ok\n    class: property\n    invariant: i${ch}x\n    seeds: seeds/\n`;

  it.each(REFUSED.map((c): [string, number] => [hex(c), c]))('%s in a value', (name, c) => {
    const text = row(String.fromCharCode(c));
    const expected = [`5:17 character ${name} is not allowed in YAML`];
    expect(errs(text, 'yaml')).toEqual(expected);
    expect(errs(text, 'fast')).toEqual(expected);
  });

  it('a ledger too large for the YAML reader is refused for the character, not its layout', () => {
    const pad = '# padding\n'.repeat(Math.ceil(YAML_READER_MAX_CHARS / 10) + 1);
    const text = pad + row('\u009b');
    const line = pad.split('\n').length - 1 + 5;
    expect(errs(text, 'fast')).toEqual([`${line}:17 character U+009B is not allowed in YAML`]);
  });

  it('NEL and the line separators still go to the YAML reader, which reads them', () => {
    expect(errs(row('\u0085'), 'fast')).toEqual(['0:0 declined']);
    expect(errs(row('\u2028'), 'fast')).toEqual(['0:0 declined']);
    expect(errs(row('\u2028'), 'yaml')).toEqual([]);
  });
});

describe('invalid UTF-8 is reported at its line and column', () => {
  const b = (...parts: Array<string | number[]>) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

  it.each<[string, Buffer, number, number]>([
    ['a lone continuation byte', b('ab\ncd', [0x80]), 2, 3],
    ['0xFF', b('x\ny\nzz', [0xff]), 3, 3],
    ['an overlong encoding', b('é', [0xc0, 0xaf]), 1, 2],
    ['an encoded surrogate', b('\n\n', [0xed, 0xa0, 0x80]), 3, 1],
    ['past U+10FFFF', b('a', [0xf4, 0x90, 0x80, 0x80]), 1, 2],
    ['a sequence cut short by a newline', b('a', [0xe2, 0x82], '\n'), 1, 2],
    ['a sequence cut short by the end', b('a😀b', [0xf0, 0x9f, 0x98]), 1, 5],
    ['after a valid U+FFFD written in the file', b('\ufffd\nok\n  x', [0xfe]), 3, 4],
  ])('%s', (_name, buf, line, column) => {
    expect(utf8ErrorAt(buf)).toEqual({ line, column });
  });
});

// ---------------------------------------------------------------- through the CLI, on files

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function workspace(files: Record<string, string | Buffer>): { base: string; repo: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'ledger-gate-strict-'));
  dirs.push(base);
  const repo = path.join(base, 'repo');
  for (const [rel, body] of Object.entries(files)) {
    const abs = path.join(base, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, body);
  }
  mkdirSync(repo, { recursive: true });
  return { base, repo };
}

async function check(repo: string, ...args: string[]) {
  const json = path.join(repo, '..', 'report.json');
  let out = '';
  const code = await main(['check', '--junit', 'build/*.xml', '--json', json, ...args], {
    cwd: repo,
    stdout: (s) => void (out += s),
    stderr: (s) => void (out += s),
  });
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  return { code, out: out + readFileSync(json, 'utf8'), report };
}

const REPORT = pytestXunit1([{ file: 'tests/test_a.py', name: 'test_a' }]);

describe('the gate on real files', () => {
  it('names the line and column of invalid UTF-8 in the ledger, not line 1', async () => {
    const ledger = Buffer.concat([
      Buffer.from('version: 1\n# a real \ufffd is fine\nrows:\n  - id: tests/test_a.py::test_a\n'),
      Buffer.from('    class: property\n    invariant: in'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\n    seeds: seeds/\n'),
    ]);
    const { repo } = workspace({ 'repo/tests/ledger.yaml': ledger, 'repo/build/r.xml': REPORT });
    const r = await check(repo);
    expect(r.code).toBe(1);
    const f = r.report.findings.find((x) => x.rule === 'ledger-invalid');
    expect(f).toMatchObject({ file: 'tests/ledger.yaml', line: 6 });
    expect(f!.message).toContain('is not valid UTF-8');
    let lint = '';
    const { run } = await import('../src/commands/lint.js');
    await run([], { cwd: repo, stdout: (s) => void (lint += s), stderr: (s) => void (lint += s) });
    expect(lint).toContain('tests/ledger.yaml:6:18');
  });

  it.each([
    ['climbing out', '../outside/collected.txt'],
    ['absolute', 'ABS'],
  ])('refuses a --collected list outside the repository (%s), unread', async (_n, given) => {
    const { base, repo } = workspace({
      'repo/tests/ledger.yaml': 'version: 1\nrows: []\n',
      'repo/build/r.xml': REPORT,
      'outside/collected.txt': 'TOP-SECRET-LINE\n',
    });
    const arg = given === 'ABS' ? path.join(base, 'outside/collected.txt') : given;
    const r = await check(repo, '--collected', arg);
    expect(r.code).toBe(1);
    expect(r.report.findings).toContainEqual(
      expect.objectContaining({
        rule: 'report-invalid',
        file: arg,
        message: 'is outside the repository: refused (write the list inside it)',
      }),
    );
    expect(r.out).not.toContain('TOP-SECRET');
  });
});
