// Synthetic monorepo-scale workloads for `npm run bench`: a ledger, goldens, seed folders and
// jest-junit reports in which every row is valid and every pass admissible, so the gate does
// all its work and must decide admit. Deterministic; cached under bench/out/<size>/.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * cases: test cases; goldens: distinct golden files of goldenBytes each; shards: also the cases
 * in that many report files. XS, S, M and L have one exact row per case (perFile cases per test
 * file). XL (fileRows) has a file row (`FILE::*`, CONTRACT §2) per test file, locked to the
 * file's bytes, and beside it one exact row per golden, locking the first case of a file to
 * it: the layout that keeps a monorepo's ledger a few MB. Its cases come only in shards.
 */
export const SIZES = {
  // What a run costs before its work: one test file's cases, beside the peers' start.
  XS: { cases: 100, goldens: 10, goldenBytes: 4 * 1024 },
  S: { cases: 5_000, goldens: 500, goldenBytes: 4 * 1024 },
  M: { cases: 20_000, goldens: 2_000, goldenBytes: 16 * 1024 },
  L: { cases: 100_000, goldens: 5_000, goldenBytes: 64 * 1024, shards: 50 },
  XL: {
    cases: 1_000_000,
    goldens: 10_000,
    goldenBytes: 32 * 1024,
    shards: 50,
    perFile: 50,
    fileRows: true,
  },
};

// Bump when the layout changes, so cached workloads are regenerated.
const LAYOUT = 3;
const CASES_PER_FILE = 100;
const SEED_FILES = 2;

const pad = (n, w) => String(n).padStart(w, '0');

/** Deterministic bytes (xorshift32): goldens that do not compress or repeat. */
function bytes(seed, size) {
  const words = new Uint32Array(size / 4);
  let x = (seed * 2654435761 + 1) >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    words[i] = x;
  }
  return Buffer.from(words.buffer);
}

/** Test file `f`'s path: mod0000 … (S–L), mod00000 … (XL's 20 000 files). */
function fileOf(f, perFile) {
  return `tests/pkg${pad(f % 50, 2)}/mod${pad(f, perFile === CASES_PER_FILE ? 4 : 5)}.test.js`;
}

function caseOf(i, perFile = CASES_PER_FILE) {
  const f = Math.floor(i / perFile);
  return { file: fileOf(f, perFile), name: `suite ${f} case ${pad(i, 6)} holds` };
}

/** A test file's bytes, which its file row is locked to: a jest file naming its cases. */
function testFileText(f, perFile) {
  const out = [`describe('suite ${f}', () => {\n`];
  for (let i = f * perFile; i < (f + 1) * perFile; i++) {
    out.push(`  test('${caseOf(i, perFile).name}', () => expect(holds(${i})).toBe(true));\n`);
  }
  out.push('});\n');
  return out.join('');
}

function reportXml(from, to, perFile = CASES_PER_FILE) {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  out.push(
    `<testsuites name="jest tests" tests="${to - from}" failures="0" errors="0" time="1">\n`,
  );
  for (let i = from; i < to;) {
    const f = Math.floor(i / perFile);
    const end = Math.min(to, (f + 1) * perFile);
    out.push(
      `  <testsuite name="mod${pad(f, perFile === CASES_PER_FILE ? 4 : 5)}" errors="0" failures="0" skipped="0" timestamp="2026-01-01T00:00:00" time="1" tests="${end - i}">\n`,
    );
    for (; i < end; i++) {
      const c = caseOf(i, perFile);
      out.push(
        `    <testcase classname="${c.name}" name="${c.name}" time="0.004" file="${c.file}">\n    </testcase>\n`,
      );
    }
    out.push('  </testsuite>\n');
  }
  out.push('</testsuites>\n');
  return out.join('');
}

/** Writes the workload for `size` into `dir` unless an identical one is already there. */
export function generate(size, dir) {
  const p = SIZES[size];
  const stamp = path.join(dir, 'workload.json');
  const want = JSON.stringify({ layout: LAYOUT, size, ...p });
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return false;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'tests/goldens'), { recursive: true });
  mkdirSync(path.join(dir, 'reports'), { recursive: true });

  const digests = [];
  for (let g = 0; g < p.goldens; g++) {
    const b = bytes(g + 1, p.goldenBytes);
    writeFileSync(path.join(dir, `tests/goldens/g${pad(g, 5)}.bin`), b);
    digests.push(createHash('sha256').update(b).digest('hex'));
  }
  const perFile = p.perFile ?? CASES_PER_FILE;
  const rows = ['# synthetic ledger for bench/run.mjs\nversion: 1\nrows:\n'];
  if (p.fileRows) fileRowLedger(p, dir, perFile, digests, rows);
  else exactRowLedger(p, dir, digests, rows);
  writeFileSync(path.join(dir, 'tests/ledger.yaml'), rows.join(''));
  if (!p.fileRows) writeFileSync(path.join(dir, 'reports/junit.xml'), reportXml(0, p.cases));
  if (p.shards) {
    mkdirSync(path.join(dir, 'shards'), { recursive: true });
    const per = Math.ceil(p.cases / p.shards);
    for (let k = 0; k < p.shards; k++) {
      writeFileSync(
        path.join(dir, `shards/junit-${pad(k, 2)}.xml`),
        reportXml(k * per, Math.min(p.cases, (k + 1) * per), perFile),
      );
    }
  }
  writeFileSync(stamp, want);
  return true;
}

/** S–L: half the rows locked fixtures sharing the goldens, half properties sharing seeds. */
function exactRowLedger(p, dir, digests, rows) {
  const seedFolders = Math.max(1, p.cases / CASES_PER_FILE);
  for (let s = 0; s < seedFolders; s++) {
    const d = path.join(dir, `tests/seeds/s${pad(s, 4)}`);
    mkdirSync(d, { recursive: true });
    for (let k = 0; k < SEED_FILES; k++)
      writeFileSync(path.join(d, `seed${k}.json`), `[${s},${k}]\n`);
  }
  for (let i = 0; i < p.cases; i++) {
    const c = caseOf(i);
    rows.push(`  - id: ${c.file}::${c.name}\n`);
    if (i % 2 === 0) {
      const g = (i / 2) % p.goldens;
      rows.push(
        `    class: locked_fixture\n    digest: sha256:${digests[g]}\n    artifact: tests/goldens/g${pad(g, 5)}.bin\n`,
      );
    } else {
      const s = Math.floor(i / CASES_PER_FILE) % seedFolders;
      rows.push(
        `    class: property\n    invariant: holds_${pad(s, 4)}\n    seeds: tests/seeds/s${pad(s, 4)}/\n`,
      );
    }
  }
}

/** XL: a file row per test file; the first case of every other file locked to its golden. */
function fileRowLedger(p, dir, perFile, digests, rows) {
  const files = p.cases / perFile;
  const every = files / p.goldens;
  for (let f = 0; f < files; f++) {
    const file = fileOf(f, perFile);
    const text = testFileText(f, perFile);
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
    const digest = createHash('sha256').update(text).digest('hex');
    rows.push(`  - id: ${file}::*\n    class: locked_fixture\n    digest: sha256:${digest}\n`);
    if (f % every === 0) {
      const g = f / every;
      rows.push(
        `  - id: ${file}::${caseOf(f * perFile, perFile).name}\n    class: locked_fixture\n    digest: sha256:${digests[g]}\n    artifact: tests/goldens/g${pad(g, 5)}.bin\n`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = path.resolve(import.meta.dirname, 'out');
  for (const size of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SIZES)) {
    const t = Date.now();
    const made = generate(size, path.join(out, size));
    console.log(`${size}: ${made ? `generated in ${Date.now() - t} ms` : 'cached'}`);
  }
}
