// The pure core stays pure: the core folders (ledger/, junit/, decision/, report/, code/, conduct/) import only
// each other, src/types.ts and src/project.ts, and no module that reaches the file system, a
// process, a thread or the toolkit. Read from the sources' import statements, so a new arrow
// from the core to an adapter or an entry point fails here (and in CI, which runs jest).
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const CORE = [
  'ledger',
  'junit',
  'decision',
  'report',
  'setup',
  'mutation',
  'targets',
  'code',
  'conduct',
];
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

/** Every source under src/, repo-relative to src/ with `/` separators. */
function allFiles(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(SRC, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The arrows between sources: each file's relative imports (type-only ones included). */
export function importGraph(
  read: (file: string) => string,
  files: string[],
): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const to = specifiers(read(file))
      .filter((s) => s.startsWith('.'))
      .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)))
      .map((t) => t.replace(/\.js$/, '.ts'))
      .filter((t) => known.has(t));
    graph.set(file, [...new Set(to)]);
  }
  return graph;
}

/** One import circle per strongly connected part of the graph, as `a → b → a`; none: []. */
export function circles(graph: Map<string, string[]>): string[] {
  // Tarjan's algorithm: each part with more than one file, or a file importing itself, is a circle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (graph.get(v) ?? []).includes(v))
      out.push([...part.reverse(), part[0]].join(' → '));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

describe('the import graph of src/', () => {
  test('the circle finder finds a circle through type imports and none in a tree', () => {
    const text: Record<string, string> = {
      'a.ts': "import { b } from './b.js';",
      'b.ts': "import type { C } from './c/c.js';",
      'c/c.ts': "import { a } from '../a.js';\nimport { d } from './d.js';",
      'c/d.ts': '',
    };
    const g = importGraph((f) => text[f], Object.keys(text));
    expect(circles(g)).toEqual(['a.ts → b.ts → c/c.ts → a.ts']);
    delete text['c/c.ts'];
    text['c/c.ts'] = "import { d } from './d.js';";
    expect(circles(importGraph((f) => text[f], Object.keys(text)))).toEqual([]);
  });

  test('no source imports itself back, through any chain of imports', () => {
    const files = allFiles();
    const g = importGraph((f) => readFileSync(path.join(SRC, f), 'utf8'), files);
    expect(circles(g)).toEqual([]);
  });
});

/**
 * The packages `entry` loads before anything it imports with `import()`: its static imports,
 * followed through src/, type-only ones left out (TypeScript erases them).
 */
export function loadedPackages(read: (file: string) => string, entry: string): Set<string> {
  const statics = [
    /^\s*(?:import|export)\s+(?!type\b)[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
  ];
  const seen = new Set([entry]);
  const packages = new Set<string>();
  for (const file of seen) {
    const source = read(file);
    for (const re of statics)
      for (const [, spec] of source.matchAll(re)) {
        if (!spec.startsWith('.')) packages.add(spec);
        else
          seen.add(
            path.posix
              .normalize(path.posix.join(path.posix.dirname(file), spec))
              .replace(/\.js$/, '.ts'),
          );
      }
  }
  return packages;
}

// The gate's every run (issue 45, S): `yaml` reads only a ledger the fast reader declines
// (src/ledger/parse-lazily.ts), and the worker's modules load with a worker
// (src/worker/client.ts), which a small run starts none of: none is a static import of the
// action's or the CLI's start.
describe('what every run loads', () => {
  const read = (f: string) => readFileSync(path.join(SRC, f), 'utf8');
  test('the walker follows static imports, not import() or type-only ones', () => {
    const text: Record<string, string> = {
      'a.ts': "import { b } from './b.js';\nconst c = await import('./c.js');",
      'b.ts': "import type { Y } from 'yaml';\nexport { z } from 'zed';\nimport 'side';",
      'c.ts': "import { parse } from 'yaml';",
    };
    expect([...loadedPackages((f) => text[f], 'a.ts')].sort()).toEqual(['side', 'zed']);
    expect(loadedPackages(read, 'ledger/parse.ts')).toContain('yaml');
  });

  test.each(['index.ts', 'main.ts', 'cli-entry.ts', 'cli.ts', 'commands/check.ts'])(
    '%s loads no `yaml`, node:worker_threads or node:v8 before they are needed',
    (entry) => {
      const loaded = loadedPackages(read, entry);
      for (const late of ['yaml', 'node:worker_threads', 'node:v8'])
        expect(loaded).not.toContain(late);
    },
  );
});
