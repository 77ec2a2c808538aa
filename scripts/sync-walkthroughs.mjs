// Writes the README's walkthrough output blocks from real runs.
//
//   node scripts/sync-walkthroughs.mjs [pytest|jest|vitest|keeping…]
//     runs `bash docs/walkthroughs/NAME.sh` (the built CLI in dist/, pytest, and jest/vitest
//     installed from the npm registry into a throwaway folder), records its output as
//     docs/walkthroughs/NAME.txt, then writes every transcript into README.md;
//   --readme-only   writes the committed transcripts into README.md, running nothing;
//   --check         writes nothing and exits 1 naming each README block that differs from
//                   its transcript (__tests__/walkthroughs.test.ts runs it; no runner needed).
//
// A README block sits between `<!-- walkthrough:NAME:start -->` and
// `<!-- walkthrough:NAME:end -->`, as a ```console fence holding the transcript as printed.
// The transcripts are committed so that a reader (and the test) can see what the README
// claims without the runners or the registry; re-run this script after changing a
// walkthrough or the CLI's output.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const WALKTHROUGHS = ['pytest', 'jest', 'vitest', 'keeping'];

const transcriptPath = (name) => `docs/walkthroughs/${name}.txt`;

/** The README block for one transcript: a console fence between the walkthrough's markers. */
function block(name, transcript) {
  return `<!-- walkthrough:${name}:start -->\n\`\`\`console\n${transcript}\`\`\`\n<!-- walkthrough:${name}:end -->`;
}

const markers = (name) =>
  new RegExp(`<!-- walkthrough:${name}:start -->\\n[\\s\\S]*?<!-- walkthrough:${name}:end -->`);

/** README text with NAME's block replaced by TRANSCRIPT; throws when the markers are missing. */
function splice(readme, name, transcript) {
  if (!markers(name).test(readme)) {
    throw new Error(`README.md has no <!-- walkthrough:${name}:start/end --> markers`);
  }
  return readme.replace(markers(name), () => block(name, transcript));
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
  const before = readFileSync('README.md', 'utf8');
  let readme = before;
  let stale = 0;
  for (const name of WALKTHROUGHS) {
    const next = splice(readme, name, readFileSync(transcriptPath(name), 'utf8'));
    if (opt.check && next !== readme) {
      process.stderr.write(
        `README.md: the ${name} walkthrough differs from ${transcriptPath(name)}: run node scripts/sync-walkthroughs.mjs --readme-only\n`,
      );
      stale++;
    }
    readme = next;
  }
  if (!opt.check && readme !== before) writeFileSync('README.md', readme);
  process.exitCode = stale ? 1 : 0;
}

try {
  main();
} catch (e) {
  process.stderr.write(`sync-walkthroughs: ${e.message}\n`);
  process.exitCode = 1;
}
