// The pure core stays pure: the core folders (ledger/, junit/, decision/, report/) import only
// each other, src/types.ts and src/project.ts, and no module that reaches the file system, a
// process, a thread or the toolkit. Read from the sources' import statements, so a new arrow
// from the core to an adapter or an entry point fails here (and in CI, which runs jest).
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const CORE = ['ledger', 'junit', 'decision', 'report'];
/** Modules outside the core folders that the core may import: plain data and types. */
const SHARED = ['types.ts', 'project.ts'];
/** Packages that do I/O, start processes or threads, or talk to GitHub. */
const IO_PACKAGE =
  /^(node:)?(fs|fs\/promises|child_process|worker_threads|cluster|net|http|https|http2|dgram|dns|tls|readline|inspector)$|^@actions\/|^@octokit\//;

/** Every module specifier a source imports or re-exports, statically or dynamically. */
export function specifiers(source: string): string[] {
  const out: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) out.push(m[1]);
  return out;
}

/** Why `spec`, imported by the core file `from` (relative to src/), is not allowed; null if it is. */
export function forbidden(from: string, spec: string): string | null {
  if (spec.startsWith('.')) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    const ts = target.replace(/\.js$/, '.ts');
    if (SHARED.includes(ts)) return null;
    if (CORE.some((c) => ts.startsWith(c + '/'))) return null;
    return `${target} is outside the core (an adapter, an entry point or glue)`;
  }
  if (IO_PACKAGE.test(spec)) return `${spec} does I/O`;
  return null;
}

function coreFiles(): string[] {
  const out: string[] = [];
  for (const dir of CORE) {
    for (const e of readdirSync(path.join(SRC, dir), { withFileTypes: true, recursive: true })) {
      if (!e.isFile() || !e.name.endsWith('.ts')) continue;
      const abs = path.join(e.parentPath, e.name);
      out.push(path.relative(SRC, abs).split(path.sep).join('/'));
    }
  }
  return out.sort();
}

describe('the import graph of the core', () => {
  test('the checker sees every kind of import and refuses each kind of arrow', () => {
    const text = [
      "import fs from 'node:fs';",
      "import { readFile } from 'fs/promises';",
      'import type { X } from "../adapters/files.js";',
      "export { y } from '../gate.js';",
      "import '../main.js';",
      "const w = await import('node:worker_threads');",
      'import {',
      '  a,',
      '  b,',
      "} from '../commands/upkeep.js';",
      "import { parseLedger } from './parse.js';",
      "import type { Ledger } from '../types.js';",
      "import path from 'node:path';",
    ].join('\n');
    const found = specifiers(text);
    expect(found.sort()).toEqual(
      [
        'node:fs',
        'fs/promises',
        '../adapters/files.js',
        '../gate.js',
        '../main.js',
        'node:worker_threads',
        '../commands/upkeep.js',
        './parse.js',
        '../types.js',
        'node:path',
      ].sort(),
    );
    const refused = found.filter((s) => forbidden('ledger/x.ts', s) !== null);
    expect(refused.sort()).toEqual(
      [
        'node:fs',
        'fs/promises',
        '../adapters/files.js',
        '../gate.js',
        '../main.js',
        'node:worker_threads',
        '../commands/upkeep.js',
      ].sort(),
    );
    expect(forbidden('report/x.ts', '../reports.js')).not.toBeNull();
    expect(forbidden('decision/x.ts', '../junit/pytest.js')).toBeNull();
  });

  const files = coreFiles();
  test('the core folders hold sources', () => {
    for (const dir of CORE) expect(files.some((f) => f.startsWith(dir + '/'))).toBe(true);
  });

  test.each(files)('%s imports no adapter, entry point or I/O module', (file) => {
    const source = readFileSync(path.join(SRC, file), 'utf8');
    const arrows = specifiers(source)
      .map((s) => forbidden(file, s))
      .filter((why) => why !== null);
    expect(arrows).toEqual([]);
  });
});
