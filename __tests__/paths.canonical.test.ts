// One canonical form for ledger paths (issue 10, item 1). The change facts compare ledger
// paths with git's paths, so a spelling git never writes (`./x`, `x//y`, `x/.`, `x/a/../y`)
// could hide a deleted seed or a rewritten golden. The change's ledger must be written in the
// canonical form (lint refuses other spellings and suggests the canonical one); the base
// ledger, which may predate the rule, is normalised. Properties: whatever spelling is
// accepted, the findings are those of the canonical spelling. Plus the false admit itself,
// on a real git repository.
import { afterAll, describe, expect, it, test } from '@jest/globals';
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { main } from '../src/cli.js';
import { decide } from '../src/decision/decide.js';
import { SortedPaths } from '../src/decision/pathIndex.js';
import { parseLedger } from '../src/ledger/parse.js';
import { canonicalPath, canonicalSpelling } from '../src/ledger/pathRules.js';
import type { Change, ChangedPath, ChangeStatus, LedgerParse, Report } from '../src/types.js';
import { AGENT, HUMAN, Repo, ledgerYaml, pytestXunit1, sha256 } from './support/repo.js';

const SEED = Number(
  readFileSync(
    path.join(
      '__fixtures__/properties/seeds',
      readdirSync('__fixtures__/properties/seeds').sort().at(-1)!,
    ),
    'utf8',
  ).trim(),
);
const RUNS = { seed: SEED, numRuns: 150 };

// ---------------------------------------------------------------- spellings of one path

/** A spelling of canonical `p` that names the same path lexically. */
function spellingArb(p: string, folder: boolean): fc.Arbitrary<string> {
  const segs = p.split('/');
  const piece = fc.constantFrom('', '', '', './', '/', 'x/../', './x/../');
  return fc
    .tuple(
      fc.constantFrom('', '', './', '././'),
      fc.array(piece, { minLength: segs.length, maxLength: segs.length }),
      folder ? fc.constantFrom('', '/', '/.', '/./', '//') : fc.constantFrom('', '', '/.', '/x/..'),
    )
    .map(
      ([lead, extra, tail]) =>
        lead + segs.map((s, i) => (i > 0 ? extra[i] : '') + s).join('/') + tail,
    );
}

const SEEDS = 'tests/seeds/disc';
const OTHER_SEEDS = 'tests/seeds/other';
const GOLDEN = 'tests/goldens/a.txt';
const D1 = 'sha256:' + '1'.repeat(64);
const D2 = 'sha256:' + '2'.repeat(64);

function ledgerText(seeds: string, other: string, golden: string, digest = D1): string {
  return ledgerYaml([
    { id: 't::disc', class: 'property', invariant: 'inv', seeds },
    { id: 't::other', class: 'property', invariant: 'inv', seeds: other },
    { id: 't::golden', class: 'locked_fixture', digest, artifact: golden },
  ]);
}

// Paths a change may touch: files in the folders, the golden, production code, and paths that
// share a prefix with a folder without being below it.
const POOL = [
  `${SEEDS}/one.json`,
  `${SEEDS}/deep/two.json`,
  `${OTHER_SEEDS}/x.json`,
  `${SEEDS}x/decoy.json`,
  `${SEEDS}.json`,
  GOLDEN,
  'src/lib.ts',
];
const changeArb = fc.uniqueArray(
  fc.tuple(fc.constantFrom(...POOL), fc.constantFrom<ChangeStatus>('A', 'M', 'D', 'T')),
  { selector: ([p]) => p, maxLength: POOL.length },
);

function findings(head: LedgerParse, base: LedgerParse, changed: ChangedPath[]): string[] {
  const ledger = head.ledger;
  const rows = ledger?.rows ?? [];
  const change: Change = {
    baseSha: 'b'.repeat(40),
    changed,
    baseLedger: base,
    agentAuthored: true,
    authorship: 'test',
    source: 'git',
  };
  const report = decide({
    ledgerFile: 'tests/ledger.yaml',
    ledger,
    ledgerErrors: head.errors,
    tests: rows.map((r) => ({ id: r.id, status: 'pass', flaky: false, reports: ['r.xml'] })),
    unmapped: [],
    reportProblems: [],
    // Keyed as the gate keys them: by the rows' own values.
    artifacts: new Map(
      rows.flatMap((r) => (r.artifact ? [[r.artifact, { digest: r.digest }]] : [])),
    ),
    seeds: new Map(rows.flatMap((r) => (r.seeds ? [[r.seeds, { files: 2 }]] : []))),
    change,
    isProduction: (p) => p.startsWith('src/'),
    expect: 'all',
  });
  return report.findings.map((f) => `${f.rule}:${f.id ?? '-'}:${f.message}`).sort();
}

const yamlRows = (text: string): unknown => parseDocument(text, { version: '1.2' }).toJS();
const parseHead = (text: string) => parseLedger(text, 'tests/ledger.yaml');
const parseBase = (text: string) =>
  parseLedger(text, 'tests/ledger.yaml@base', { normalisePaths: true });

describe('canonicalPath and canonicalSpelling', () => {
  it.each([
    ['./tests/seeds/disc/', 'tests/seeds/disc', 'tests/seeds/disc/'],
    ['tests//seeds/disc/', 'tests/seeds/disc', 'tests/seeds/disc/'],
    ['tests/seeds/disc/.', 'tests/seeds/disc', 'tests/seeds/disc'],
    ['tests/x/../seeds/disc', 'tests/seeds/disc', 'tests/seeds/disc'],
    ['tests/seeds/disc/', 'tests/seeds/disc', null],
    ['tests/seeds/disc', 'tests/seeds/disc', null],
    ['.x/..y/z.', '.x/..y/z.', null],
  ])('%s → %s (seeds spelling suggested: %s)', (p, canon, better) => {
    expect(canonicalPath(p)).toBe(canon);
    expect(canonicalSpelling('seeds', p)).toBe(better);
  });

  it('an artifact names a file: a trailing / is not canonical', () => {
    expect(canonicalSpelling('artifact', 'tests/goldens/a.txt/')).toBe('tests/goldens/a.txt');
    expect(canonicalSpelling('artifact', 'tests/goldens/a.txt')).toBeNull();
  });
});

describe('lint: the change ledger is written in canonical form', () => {
  it.each([
    ['./tests/seeds/disc/', 'tests/seeds/disc/'],
    ['tests//seeds/disc/', 'tests/seeds/disc/'],
    ['tests/seeds/disc/.', 'tests/seeds/disc'],
    ['tests/x/../seeds/disc', 'tests/seeds/disc'],
  ])('seeds %j is refused at its line and column, suggesting %j', (spelling, better) => {
    const parsed = parseHead(ledgerText(spelling, OTHER_SEEDS, GOLDEN));
    expect(parsed.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      `6:5 seeds '${spelling}' is not in canonical form (one spelling per path, as git writes it); write '${better}'`,
    ]);
  });

  it('refuses a path that names the repository root', () => {
    const parsed = parseHead(ledgerText('./', OTHER_SEEDS, GOLDEN));
    expect(parsed.errors.map((e) => e.message)).toEqual([
      "seeds './' names the repository root; name a path inside it",
    ]);
  });

  it('the base ledger is normalised, not refused: its rows hold the canonical form', () => {
    const base = parseBase(
      ledgerText('./tests/seeds/disc/', 'tests//seeds/other', './tests/goldens/a.txt'),
    );
    expect(base.errors).toEqual([]);
    expect(base.ledger!.rows.map((r) => r.seeds ?? r.artifact)).toEqual([
      SEEDS,
      OTHER_SEEDS,
      GOLDEN,
    ]);
  });
});

describe('schema/ledger.schema.json states the same path rule as lint', () => {
  // ajv 6 (draft-07, present through eslint), as in ledger.edit.test.ts.
  const Ajv = createRequire(import.meta.url)('ajv');
  const schema = JSON.parse(readFileSync('schema/ledger.schema.json', 'utf8'));
  const validate = new Ajv({ validateSchema: false }).compile({ ...schema, $schema: undefined });

  it.each([
    ['seeds', 'tests/seeds/disc/'],
    ['seeds', 'tests/seeds/disc'],
    ['seeds', './tests/seeds/disc/'],
    ['seeds', 'tests//seeds/disc/'],
    ['seeds', 'tests/seeds/disc/.'],
    ['seeds', 'tests/x/../seeds/disc'],
    ['seeds', './'],
    ['seeds', '.x/..y/z.'],
    ['artifact', 'tests/goldens/a.txt'],
    ['artifact', 'tests/goldens/a.txt/'],
    ['artifact', './tests/goldens/a.txt'],
  ])('%s %j', (field, p) => {
    const text =
      field === 'seeds' ? ledgerText(p, OTHER_SEEDS, GOLDEN) : ledgerText(SEEDS, OTHER_SEEDS, p);
    const lint = parseHead(text).errors.length === 0;
    expect(validate(yamlRows(text))).toBe(lint);
  });
});

describe('properties: any accepted spelling gives the canonical findings', () => {
  const canonical = ledgerText(SEEDS + '/', OTHER_SEEDS, GOLDEN);

  it('in the change ledger: either lint refuses the spelling, or nothing changes', () => {
    fc.assert(
      fc.property(
        spellingArb(SEEDS, true),
        spellingArb(OTHER_SEEDS, true),
        spellingArb(GOLDEN, false),
        changeArb,
        (s, o, g, changes) => {
          const changed = changes.map(([p, status]) => ({ path: p, status }));
          const head = parseHead(ledgerText(s, o, g));
          const expected = findings(parseHead(canonical), parseBase(canonical), changed);
          const refused =
            [s, o].some((x) => canonicalSpelling('seeds', x) !== null) ||
            canonicalSpelling('artifact', g) !== null;
          if (refused) {
            expect(head.errors.length).toBeGreaterThan(0);
            for (const e of head.errors) expect(e.message).toContain('is not in canonical form');
          } else {
            expect(head.errors).toEqual([]);
            expect(findings(head, parseBase(canonical), changed)).toEqual(expected);
          }
        },
      ),
      RUNS,
    );
  });

  it('in the base ledger: every spelling is normalised, and the findings are the canonical ones', () => {
    fc.assert(
      fc.property(
        spellingArb(SEEDS, true),
        spellingArb(OTHER_SEEDS, true),
        spellingArb(GOLDEN, false),
        fc.boolean(),
        changeArb,
        (s, o, g, bump, changes) => {
          const changed = changes.map(([p, status]) => ({ path: p, status }));
          const headText = ledgerText(SEEDS, OTHER_SEEDS, GOLDEN, bump ? D2 : D1);
          const base = parseBase(ledgerText(s, o, g));
          expect(base.errors).toEqual([]);
          expect(findings(parseHead(headText), base, changed)).toEqual(
            findings(parseHead(headText), parseBase(canonical), changed),
          );
        },
      ),
      RUNS,
    );
  });
});

describe('the seeds check is near-linear (bounded by counted steps, not time)', () => {
  it('answers exactly what a scan of every path answers', () => {
    const seg = fc.constantFrom('a', 'b', 'ab', 'a.b', 'a-b', 'é');
    const pathArb = fc.array(seg, { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
    fc.assert(
      fc.property(fc.array(pathArb, { maxLength: 30 }), pathArb, (paths, folder) => {
        const naive = paths.some((p) => p.startsWith(folder + '/'));
        expect(new SortedPaths(paths).anyBelow(folder)).toBe(naive);
        expect(new SortedPaths(paths).anyBelow(folder + '/')).toBe(naive);
      }),
      RUNS,
    );
  });

  it('5,000 folders against 100k changed paths: O((n + m) log n) comparisons', () => {
    const n = 100_000;
    const m = 5_000;
    const paths = Array.from({ length: n }, (_, i) => `tests/seeds/s${i % m}/f${i}.json`);
    const index = new SortedPaths(paths);
    let hits = 0;
    for (let j = 0; j < m; j++) if (index.anyBelow(`tests/seeds/s${j}x`)) hits++;
    for (let j = 0; j < m; j++) if (index.anyBelow(`tests/seeds/s${j}`)) hits++;
    expect(hits).toBe(m);
    // A scan per folder would make n·m = 5·10⁸ comparisons.
    const log = Math.ceil(Math.log2(n)) + 1;
    expect(index.steps).toBeLessThanOrEqual((n + 2 * m) * log);
  });
});

// ---------------------------------------------------------------- the false admit, on git

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));
const out = mkdtempSync(path.join(tmpdir(), 'ledger-gate-canon-'));
let n = 0;

async function check(repo: Repo): Promise<{ code: number; rules: string[] }> {
  const json = path.join(out, `r${++n}.json`);
  const code = await main(['check', '--junit', 'build/*.xml', '--json', json, '--base', 'main'], {
    cwd: repo.dir,
    stdout: () => undefined,
    stderr: () => undefined,
  });
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  return { code, rules: report.findings.map((f) => `${f.rule}:${f.id ?? '-'}`) };
}

/** main holds a ledger whose seeds are spelled `spelling`; an agent then prunes the seeds. */
function prunedRepo(baseSpelling: string, headSpelling: string): Repo {
  const repo = new Repo();
  repos.push(repo);
  const rows = (seeds: string): Record<string, string>[] => [
    { id: 'tests/test_a.py::test_disc', class: 'property', invariant: 'inv', seeds },
    {
      id: 'tests/test_a.py::test_gold',
      class: 'locked_fixture',
      digest: sha256('g\n'),
      artifact: GOLDEN,
    },
  ];
  repo.write({
    'tests/ledger.yaml': ledgerYaml(rows(baseSpelling)),
    'tests/seeds/disc/one.json': '[1]\n',
    'tests/seeds/disc/two.json': '[2]\n',
    'tests/seeds/disc/three.json': '[3]\n',
    [GOLDEN]: 'g\n',
    'build/junit.xml': pytestXunit1([
      { file: 'tests/test_a.py', name: 'test_disc' },
      { file: 'tests/test_a.py', name: 'test_gold' },
    ]),
  });
  repo.commit('base', HUMAN);
  repo.branch('change');
  repo.remove('tests/seeds/disc/one.json');
  repo.write({
    'tests/seeds/disc/two.json': '[22]\n',
    'tests/ledger.yaml': ledgerYaml(rows(headSpelling)),
  });
  repo.commit('prune seeds', AGENT);
  return repo;
}

describe('the false admit from a path spelling (real git repository)', () => {
  test.each([
    './tests/seeds/disc/',
    'tests//seeds/disc/',
    'tests/seeds/disc/.',
    'tests/x/../seeds/disc',
  ])('base and change spell the seeds %j: ledger-invalid, never admit', async (spelling) => {
    const r = await check(prunedRepo(spelling, spelling));
    expect(r.code).toBe(1);
    expect(r.rules).toContain('ledger-invalid:-');
  });

  test.each([
    './tests/seeds/disc/',
    'tests//seeds/disc/',
    'tests/seeds/disc/.',
    'tests/x/../seeds/disc',
  ])(
    'base spells the seeds %j, the change fixes the spelling: property-seeds-shrunk as with the canonical one',
    async (spelling) => {
      const r = await check(prunedRepo(spelling, 'tests/seeds/disc/'));
      const canonical = await check(prunedRepo('tests/seeds/disc/', 'tests/seeds/disc/'));
      expect(canonical.rules).toContain('property-seeds-shrunk:tests/test_a.py::test_disc');
      // The respelling itself is no contract change: the base was normalised.
      expect(r.rules).not.toContain('ledger-agent-edit:tests/test_a.py::test_disc');
      expect(r.rules.sort()).toEqual(canonical.rules.sort());
      expect(r.code).toBe(canonical.code);
    },
  );
});

describe('decide() with many seeds folders and a large change', () => {
  // 20,000 folders × 200,000 changed paths: a scan per folder is 4·10⁹ comparisons, minutes
  // of work, so this cannot finish within its 20 s limit unless the check is near-linear.
  test('20,000 property rows against 200,000 changed paths', () => {
    const m = 20_000;
    const rows = Array.from({ length: m }, (_, j) => ({
      id: `t::p${j}`,
      class: 'property' as const,
      invariant: 'inv',
      seeds: `tests/seeds/s${j}`,
      line: j + 3,
      keyOffsets: {},
    }));
    const changed = Array.from({ length: 200_000 }, (_, i) => ({
      path: i === 0 ? 'tests/seeds/s7/gone.json' : `src/m${i}.ts`,
      status: (i === 0 ? 'D' : 'M') as ChangeStatus,
    }));
    const report = decide({
      ledgerFile: 'tests/ledger.yaml',
      ledger: { file: 'tests/ledger.yaml', rows, byId: new Map(rows.map((r) => [r.id, r])) },
      ledgerErrors: [],
      tests: rows.map((r) => ({ id: r.id, status: 'pass', flaky: false, reports: ['r.xml'] })),
      unmapped: [],
      reportProblems: [],
      artifacts: new Map(),
      seeds: new Map(rows.map((r) => [r.seeds, { files: 1 }])),
      change: {
        baseSha: 'b'.repeat(40),
        changed,
        baseLedger: {
          ledger: { file: 'b', rows, byId: new Map(rows.map((r) => [r.id, r])) },
          errors: [],
        },
        agentAuthored: false,
        authorship: 'test',
        source: 'git',
      },
      isProduction: () => false,
      expect: 'all',
    });
    expect(
      report.findings.filter((f) => f.rule === 'property-seeds-shrunk').map((f) => f.id),
    ).toEqual(['t::p7']);
    expect(report.counts.admit).toBe(m - 1);
  }, 20_000);
});
