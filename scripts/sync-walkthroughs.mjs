// Writes the output blocks of README.md and docs/ from real runs.
//
//   node scripts/sync-walkthroughs.mjs [NAME…]
//     runs `bash docs/walkthroughs/NAME.sh` (the built CLI in dist/, pytest, and jest/vitest
//     installed from the npm registry into a throwaway folder), records its output as
//     docs/walkthroughs/NAME.txt, then writes every transcript into the documents;
//   --readme-only   writes the committed transcripts into the documents, running nothing;
//   --check         writes nothing and exits 1 naming each block that differs from its
//                   transcript, and each walkthrough no document shows
//                   (__tests__/walkthroughs.test.ts runs it; no runner needed).
//
// A block sits between `<!-- walkthrough:NAME:start -->` and `<!-- walkthrough:NAME:end -->`
// in README.md or any page under docs/, as a ```console fence holding the transcript as
// printed. A walkthrough may print `#= PART` lines (its `part` function): the block
// `<!-- walkthrough:NAME#PART:start -->` then holds what follows that line up to the next
// one, so one run can feed several blocks of a page; a whole-transcript block leaves those
// lines out. The transcripts are committed so that a reader (and the test) can see what the
// documents claim without the runners or the registry; re-run this script after changing a
// walkthrough or the CLI's output.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const WALKTHROUGHS = ['pytest', 'jest', 'vitest', 'keeping', 'setup', 'demo', 'ledger'];

const transcriptPath = (name) => `docs/walkthroughs/${name}.txt`;

/** README.md and every Markdown page under docs/. */
function documents() {
  const docs = readdirSync('docs', { recursive: true })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f).split(path.sep).join('/'))
    .sort();
  return ['README.md', ...docs];
}

const BLOCK =
  /<!-- walkthrough:([\w-]+)(?:#([\w-]+))?:start -->\n[\s\S]*?<!-- walkthrough:\1(?:#\2)?:end -->/g;

/** The text a block shows: the whole transcript without its part lines, or one part. */
function shown(transcript, part) {
  const lines = transcript.split('\n');
  if (part === undefined) return lines.filter((l) => !l.startsWith('#= ')).join('\n');
  const at = lines.indexOf(`#= ${part}`);
  if (at < 0) throw new Error(`no part ${part}`);
  const end = lines.findIndex((l, i) => i > at && l.startsWith('#= '));
  const text = lines.slice(at + 1, end < 0 ? undefined : end).join('\n');
  return `${text.replace(/^\n+/, '').replace(/\n*$/, '')}\n`;
}

/** A walkthrough's output as a transcript: no leading blank line, one final newline. */
function transcriptOf(stdout) {
  return `${stdout.replace(/^\n+/, '').replace(/\n*$/, '')}\n`;
}

function run(name) {
  process.stderr.write(`running docs/walkthroughs/${name}.sh\n`);
  const r = spawnSync('bash', [`docs/walkthroughs/${name}.sh`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (r.status !== 0) {
    throw new Error(`docs/walkthroughs/${name}.sh exited ${r.status}: ${r.stderr.trim()}`);
  }
  return transcriptOf(r.stdout);
}

function main() {
  const { values: opt, positionals } = parseArgs({
    options: { check: { type: 'boolean' }, 'readme-only': { type: 'boolean' } },
    allowPositionals: true,
  });
  const unknown = positionals.filter((n) => !WALKTHROUGHS.includes(n));
  if (unknown.length) throw new Error(`unknown walkthrough ${unknown.join(', ')}`);
  if (!opt.check && !opt['readme-only']) {
    for (const name of positionals.length ? positionals : WALKTHROUGHS) {
      writeFileSync(transcriptPath(name), run(name));
    }
  }
  const transcripts = new Map(
    WALKTHROUGHS.map((n) => [n, readFileSync(transcriptPath(n), 'utf8')]),
  );
  const seen = new Set();
  let stale = 0;
  for (const file of documents()) {
    const before = readFileSync(file, 'utf8');
    const after = before.replace(BLOCK, (_, name, part) => {
      const label = part === undefined ? name : `${name}#${part}`;
      if (!transcripts.has(name)) throw new Error(`${file}: no walkthrough ${name}`);
      let text;
      try {
        text = shown(transcripts.get(name), part);
      } catch (e) {
        throw new Error(`${file}: the ${label} block: ${e.message} in ${transcriptPath(name)}`, {
          cause: e,
        });
      }
      seen.add(name);
      const block = `<!-- walkthrough:${label}:start -->\n\`\`\`console\n${text}\`\`\`\n<!-- walkthrough:${label}:end -->`;
      if (opt.check && block !== _) {
        process.stderr.write(
          `${file}: the ${label} walkthrough differs from ${transcriptPath(name)}: run node scripts/sync-walkthroughs.mjs --readme-only\n`,
        );
        stale++;
      }
      return block;
    });
    if (!opt.check && after !== before) writeFileSync(file, after);
  }
  for (const name of WALKTHROUGHS) {
    if (seen.has(name)) continue;
    process.stderr.write(`no document shows the ${name} walkthrough (${transcriptPath(name)})\n`);
    stale++;
  }
  process.exitCode = stale ? 1 : 0;
}

try {
  main();
} catch (e) {
  process.stderr.write(`sync-walkthroughs: ${e.message}\n`);
  process.exitCode = 1;
}
