// The gaming scan's cost on a 10,000-line agent diff (issue 36: within 2 s on the project's
// machine): 50 Python and 50 TypeScript files of 100 added lines each, every line added, run
// through what src/gather/evidence-gaming.ts does per commit minus git: the diff read, then
// each file parsed whole and matched (src/code). Prints the wall time of each stage.
//   node --import ./scripts/worker-ts-hooks.mjs bench/gaming/parser-bench.mjs [--lines 10000]
import { parseArgs } from 'node:util';
import { parserFor } from '../../src/adapters/code/grammars.ts';
import { codeLanguageOf } from '../../src/code/language.ts';
import { scanTree } from '../../src/code/scan.ts';
import { parseAddedLines } from '../../src/code/added-lines.ts';

const { values: o } = parseArgs({ options: { lines: { type: 'string', default: '10000' } } });
const total = Number(o.lines);
const PY = [
  'import os',
  'from collections import OrderedDict as OD',
  '',
  'class Item{n}:',
  '    """A record."""',
  '    def __init__(self, a, b):',
  '        self.a = a',
  '        self.b = b',
  '    def total(self):',
  '        seen = OD()',
  '        for k in range(self.a):',
  '            seen[k] = os.path.join("x", str(k))',
  '        return sum(len(v) for v in seen.values()) + self.b',
  '',
];
const TS = [
  "import { join } from 'node:path';",
  'export interface Row{n} { a: number; b: string }',
  'export function total{n}(rows: Row{n}[]): number {',
  '  let s = 0;',
  '  for (const r of rows) {',
  '    const p = join(r.b, String(r.a));',
  '    s += p.length > 3 ? r.a : -r.a;',
  '  }',
  '  return s;',
  '}',
  'export const twice{n} = (x: number) => x * 2;',
  '',
];
const files = [];
let count = 0;
// Whole templates (about 100 lines a file), so every file parses.
for (let f = 0; count < total; f++) {
  const tpl = f % 2 ? TS : PY;
  const lines = [];
  for (let i = 0; lines.length + tpl.length <= 100 && count + lines.length < total; i++)
    for (const l of tpl) lines.push(l.replaceAll('{n}', String(i)));
  count += lines.length;
  files.push({
    path: `src/m${f}.${f % 2 ? 'ts' : 'py'}`,
    text: lines.join('\n') + '\n',
    n: lines.length,
  });
}
const diff = files
  .map(
    (f) =>
      `diff --git a/${f.path} b/${f.path}\n--- /dev/null\n+++ b/${f.path}\n@@ -0,0 +1,${f.n} @@\n` +
      f.text
        .split('\n')
        .slice(0, f.n)
        .map((l) => '+' + l)
        .join('\n') +
      '\n',
  )
  .join('');

const c0 = process.cpuUsage();
const t0 = performance.now();
const added = parseAddedLines(diff);
const t1 = performance.now();
const parsers = new Map();
let hits = 0;
let problems = 0;
let parseMs = 0;
for (const f of files) {
  const lang = codeLanguageOf(f.path);
  if (!parsers.has(lang)) parsers.set(lang, await parserFor(lang));
  const p0 = performance.now();
  const tree = parsers.get(lang)(f.text);
  parseMs += performance.now() - p0;
  const lines = added.filter((a) => a.path === f.path).map((a) => a.line);
  const v = scanTree(lang, tree.rootNode, lines);
  tree.delete();
  hits += v.hits.length;
  if (v.problem) problems++;
}
const t2 = performance.now();
const cpu = process.cpuUsage(c0);
console.log(
  `${added.length} added lines in ${files.length} files: diff read ${(t1 - t0).toFixed(0)} ms, parse and match ${(t2 - t1).toFixed(0)} ms (of which parsing ${parseMs.toFixed(0)} ms; ${hits} hits, ${problems} unreadable), total ${(t2 - t0).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`,
);
