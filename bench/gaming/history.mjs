// The parser's false positives and cost on a real project's history (issue 45): each of the
// last N non-merge commits' Go, Java and Ruby files outside test folders, read whole at that
// commit and matched on the lines that commit added, as if an agent had written them. Prints
// the counts, the cost and every hit. (Its first figures, in docs/gaming-shapes.md, had the line
// scan beside it; the line scan went with issue 45.)
//   node --import ./scripts/worker-ts-hooks.mjs bench/gaming/history.mjs GIT_DIR [N]
import { execFileSync } from 'node:child_process';
import { parserFor } from '../../src/adapters/code/grammars.ts';
import { codeLanguageOf } from '../../src/code/language.ts';
import { scanTree } from '../../src/code/scan.ts';
import { parseAddedLines } from '../../src/code/added-lines.ts';

const [gitDir, n = '100'] = process.argv.slice(2);
if (!gitDir) throw new Error('usage: history.mjs GIT_DIR [N]');
const git = (...a) =>
  execFileSync('git', ['--git-dir', gitDir, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 });
/** Test files by the three ecosystems' conventions: not production, never scanned. */
const TEST =
  /(^|\/)(tests?|spec|specs|testdata|src\/test)\/|_test\.go$|_(spec|test)\.rb$|Tests?\.java$/;
const commits = git('log', '--no-merges', '--format=%H', `-${n}`).trim().split('\n');
const parsers = new Map();
const hits = [];
const times = [];
let bytes = 0;
let problems = 0;
for (const c of commits) {
  const byPath = new Map();
  for (const l of parseAddedLines(git('show', '--format=', '-U0', '--no-renames', c))) {
    if (!byPath.has(l.path)) byPath.set(l.path, []);
    byPath.get(l.path).push(l);
  }
  for (const [path, lines] of byPath) {
    const lang = codeLanguageOf(path);
    if (!['go', 'java', 'ruby'].includes(lang) || TEST.test(path)) continue;
    if (!parsers.has(lang)) parsers.set(lang, await parserFor(lang));
    const text = git('show', `${c}:${path}`);
    const rows = text.split('\n');
    const t0 = performance.now();
    const tree = parsers.get(lang)(text);
    const v = scanTree(
      lang,
      tree.rootNode,
      lines.map((l) => l.line),
      undefined,
      path,
    );
    times.push(performance.now() - t0);
    tree.delete();
    bytes += Buffer.byteLength(text);
    const at = (line) =>
      `${c.slice(0, 8)} ${path}:${line} | ${(rows[line - 1] ?? '').trim().slice(0, 90)}`;
    if (v.problem) problems++;
    for (const h of v.hits) hits.push({ commit: c, text: `${h.shape} ${h.rule} ${at(h.line)}` });
  }
}
const sum = times.reduce((a, b) => a + b, 0);
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `${commits.length} commits, ${times.length} files (${(bytes / 1024).toFixed(0)} KiB); parser: ${hits.length} hits in ${new Set(hits.map((h) => h.commit)).size} commits, ${problems} unread`,
);
console.log(
  `parse + read + match: ${(sum / times.length).toFixed(1)} ms per file, median ${sorted[sorted.length >> 1]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(0)} ms, ${(sum / (bytes / 1024)).toFixed(2)} ms per KiB`,
);
for (const h of hits) console.log(`  parser ${h.text}`);
