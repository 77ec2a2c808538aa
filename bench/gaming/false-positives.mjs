// The gaming-shape scan's false positives on histories no agent wrote (issue 24, item 3):
// every first-parent commit of a window (a merge is one pull request, its diff against its
// first parent) is treated as an agent's, and its added lines in production code (kinds
// `production` and `other` under the default path sets, as the gate classes them) are read
// as the gate reads them: each Python and JS/TS file parsed whole at the commit and matched
// with the parser's rules (src/code). Reports, per shape, how many commits it would have sent
// to review, and every hit (commit, file:line, the line) for tuning.
//
//   node --import ./scripts/worker-ts-hooks.mjs bench/gaming/false-positives.mjs \
//     --repo GIT_DIR --head REF --commits N --production GLOB [--tests GLOB] [--label NAME]
//   node --import ./scripts/worker-ts-hooks.mjs bench/gaming/false-positives.mjs \
//     --walkthrough docs/walkthroughs/pytest.sh   (each heredoc it writes is one change)
//
// Runs from the TypeScript sources (scripts/worker-ts-hooks.mjs), reads git only.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import picomatch from 'picomatch';
import { EvidencePaths } from '../../src/decision/evidence.ts';
import {
  DEFAULT_DRAFT_PATHS,
  DEFAULT_HARNESS_PATHS,
  DEFAULT_TEST_PATHS,
  globsOf,
} from '../../src/decision/evidence-paths.ts';
import { parseAddedLines } from '../../src/code/added-lines.ts';
import { SHAPES } from '../../src/code/shapes.ts';
import { parserFor } from '../../src/adapters/code/grammars.ts';
import { codeLanguageOf } from '../../src/code/language.ts';
import { scanTree } from '../../src/code/scan.ts';

const { values: o } = parseArgs({
  options: {
    repo: { type: 'string' },
    head: { type: 'string', default: 'HEAD' },
    commits: { type: 'string', default: '32' },
    production: { type: 'string', multiple: true, default: [] },
    tests: { type: 'string', multiple: true, default: [] },
    label: { type: 'string' },
    walkthrough: { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean' },
  },
});

const isProduction = o.production.length ? picomatch(o.production, { dot: true }) : () => false;
const paths = new EvidencePaths(
  {
    testPaths: [...globsOf(DEFAULT_TEST_PATHS), ...o.tests],
    harnessPaths: globsOf(DEFAULT_HARNESS_PATHS),
    draftPaths: [...DEFAULT_DRAFT_PATHS],
    reports: [],
  },
  { ledgerFile: 'tests/ledger.yaml', baseRows: [], isProduction, isGolden: () => false },
);
const scanned = (p) =>
  codeLanguageOf(p) !== undefined &&
  ['production', 'other'].includes(paths.kind({ path: p, status: 'M' }));

const parsers = new Map();
/** One change: its added lines, scanned; `fileAt(path)` gives a file's whole text at the change. */
async function judge(id, lines, fileAt) {
  const mine = lines.filter((l) => scanned(l.path));
  const text = new Map(mine.map((l) => [`${l.path}:${l.line}`, l.text]));
  const found = [];
  const byPath = new Map();
  for (const l of mine) byPath.set(l.path, [...(byPath.get(l.path) ?? []), l.line]);
  for (const [path, added] of byPath) {
    const lang = codeLanguageOf(path);
    if (!parsers.has(lang)) parsers.set(lang, await parserFor(lang));
    const src = fileAt(path);
    const tree = parsers.get(lang)(src);
    const v = scanTree(lang, tree.rootNode, added, undefined, path);
    tree.delete();
    if (v.problem) found.push({ shape: 'unreadable', path, line: 0, why: v.problem });
    for (const h of v.hits) {
      found.push({ shape: h.shape, path, line: h.line, rule: h.rule });
      if (!text.has(`${path}:${h.line}`))
        text.set(`${path}:${h.line}`, src.split('\n')[h.line - 1] ?? '');
    }
  }
  const hits = found.map((h) => ({
    ...h,
    text: h.why ?? text.get(`${h.path}:${h.line}`)?.trim().slice(0, 120),
  }));
  return { id, lines: mine.length, hits };
}

const changes = [];
if (o.repo) {
  const git = (...a) =>
    execFileSync('git', ['--git-dir', o.repo, ...a], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const list = git('rev-list', '--first-parent', `--max-count=${o.commits}`, o.head)
    .trim()
    .split('\n')
    .reverse();
  for (const sha of list) {
    const parents = git('rev-list', '--parents', '-n1', sha).trim().split(' ').slice(1);
    const diff = parents.length
      ? git(
          'diff',
          '--no-color',
          '--no-ext-diff',
          '--no-textconv',
          '--no-renames',
          '-U0',
          parents[0],
          sha,
          '--',
        )
      : '';
    const fileAt = (p) => git('show', `${sha}:${p}`);
    changes.push(await judge(sha.slice(0, 7), parseAddedLines(diff), fileAt));
  }
}
for (const file of o.walkthrough) {
  // `cat > PATH <<'END'` … `END`: the lines the walkthrough writes to PATH.
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^cat >>? ?(\S+) <<-?'?(\w+)'?\s*$/.exec(lines[i]);
    if (!m) continue;
    const body = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) body.push(lines[i]);
    const added = body.map((text, n) => ({ path: m[1], line: n + 1, text }));
    changes.push(await judge(`${file.split('/').pop()}:${m[1]}`, added, () => body.join('\n')));
  }
}

const perShape = Object.fromEntries([...SHAPES.map((s) => s.id), 'unreadable'].map((s) => [s, 0]));
for (const c of changes) for (const id of new Set(c.hits.map((h) => h.shape))) perShape[id] += 1;
const flagged = changes.filter((c) => c.hits.length > 0);
const result = {
  label: o.label ?? (o.repo ? `${o.repo} ${o.head}` : o.walkthrough.join(' ')),
  changes: changes.length,
  scannedLines: changes.reduce((n, c) => n + c.lines, 0),
  flagged: flagged.length,
  perShape,
  hits: flagged.map((c) => ({ change: c.id, hits: c.hits })),
};
if (o.json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
else {
  const shapes = Object.entries(perShape)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  process.stdout.write(
    `${result.label}: ${result.changes} changes, ${result.scannedLines} added production lines scanned, ${result.flagged} would go to review (${shapes})\n`,
  );
  for (const f of result.hits)
    for (const h of f.hits)
      process.stdout.write(
        `  ${f.change} ${h.shape}${h.rule ? ` (${h.rule})` : ''} ${h.path}:${h.line}: ${h.text}\n`,
      );
}
