// Report globs (src/adapters/fs/report-globs.ts) against a real folder: a glob that walks
// nested folders yields their files and never the folders themselves; what a glob skips
// (a symlink, a FIFO) is still listed by name, to be refused when read; so is a folder named
// literally or by a pattern that spells part of its name; a glob that matches nothing is a
// problem.
import { afterAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expandReports } from '../src/adapters/fs/report-globs.js';

const root = mkdtempSync(path.join(tmpdir(), 'ledger-gate-report-globs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
for (const f of ['reports/unit/junit.xml', 'reports/e2e/deep/junit.xml', 'reports/top.xml']) {
  mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
  writeFileSync(path.join(root, f), '<testsuite/>');
}
mkdirSync(path.join(root, 'reports/empty'));
symlinkSync('top.xml', path.join(root, 'reports/link.xml'));
execFileSync('mkfifo', [path.join(root, 'reports/pipe.xml')]);

const shown = async (patterns: string[]) => {
  const r = await expandReports(root, patterns);
  return { files: r.files.map((f) => f.shown).sort(), problems: r.problems };
};

describe('expandReports', () => {
  test('`**/*` yields the files of every nested folder, not the folders', async () => {
    expect(await shown(['reports/**/*'])).toEqual({
      files: [
        'reports/e2e/deep/junit.xml',
        'reports/link.xml',
        'reports/pipe.xml',
        'reports/top.xml',
        'reports/unit/junit.xml',
      ],
      problems: [],
    });
  });

  test('a folder named literally, or by a pattern that spells part of its name, is listed (to be refused when read); a bare `*` over folders matches nothing', async () => {
    expect(await shown(['reports/unit'])).toEqual({ files: ['reports/unit'], problems: [] });
    expect(await shown(['reports/e*'])).toEqual({
      files: ['reports/e2e', 'reports/empty'],
      problems: [],
    });
    expect(await shown(['reports/e2e/*'])).toEqual({
      files: [],
      problems: [{ file: 'reports/e2e/*', message: 'no report file matches this pattern' }],
    });
  });
});
