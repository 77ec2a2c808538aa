// Several goldens per test (CONTRACT §2, src/ledger/golden-set.ts): an `artifact` that is a
// glob or a list, digested as one set. The pure parts, both ledger readers, and real git
// repositories where humans re-lock and agents edit one member of a set.
import { afterAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { main } from '../src/cli.js';
import { setRows } from '../src/ledger/edit.js';
import {
  GoldenIndex,
  globBase,
  goldenKey,
  goldenLabel,
  inGoldenSet,
  matchesPattern,
  setDigest,
} from '../src/ledger/golden-set.js';
import { parseLedger, parseLedgerWith } from '../src/ledger/parse.js';
import { check } from './support/check.js';
import { both, messages } from './support/readers.js';
import { follow, printedFixes } from './support/fixes.js';
import { AGENT, Repo, ledgerYaml, pytestXunit1, runIn, sha256 } from './support/repo.js';

const LEDGER = 'tests/ledger.yaml';
const ID = 'tests/test_maps.py::test_maps';
const hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** The documented encoding, written out independently of setDigest. */
function documented(files: Record<string, string>): string {
  const sorted = Object.keys(files).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return 'sha256:' + hex(sorted.map((p) => `${p}\0${hex(files[p])}\n`).join(''));
}

describe('golden sets, pure', () => {
  it('digests a set as documented: sorted paths, sha256 over PATH NUL HEX LF', () => {
    const files = { 'b/x.json': 'B', 'a.json': 'A', 'a/z.json': 'Z' };
    expect(setDigest(Object.entries(files).map(([p, b]) => [p, sha256(b)]))).toBe(
      documented(files),
    );
    // Order-free, and not the digest of any one file or of the bytes concatenated.
    expect(setDigest([['a.json', sha256('A')]])).not.toBe(sha256('A'));
    expect(documented({ 'a.json': 'AB', 'b.json': '' })).not.toBe(
      documented({ 'a.json': 'A', 'b.json': 'B' }),
    );
  });

  it('matches `*` within a segment and `**` across any number of them', () => {
    expect(matchesPattern('tests/maps/*.json', 'tests/maps/a.json')).toBe(true);
    expect(matchesPattern('tests/maps/*.json', 'tests/maps/sub/a.json')).toBe(false);
    expect(matchesPattern('tests/maps/*.json', 'tests/maps/a.json.bak')).toBe(false);
    expect(matchesPattern('tests/**/*.json', 'tests/a.json')).toBe(true);
    expect(matchesPattern('tests/**/*.json', 'tests/x/y/a.json')).toBe(true);
    expect(matchesPattern('tests/**', 'tests/x/y')).toBe(true);
    expect(matchesPattern('tests/a+b(1).json', 'tests/a+b(1).json')).toBe(true);
    expect(matchesPattern('t/[ab].json', 't/a.json')).toBe(false); // only `*` is a wildcard
    expect(globBase('tests/maps/*.json')).toBe('tests/maps');
    expect(globBase('**/*.json')).toBe('');
  });

  it('keys a list by its sorted, distinct patterns; a label reads as they are written', () => {
    const key = goldenKey(['b.json', 'a/*.json', 'b.json']);
    expect(key).toBe(goldenKey(['a/*.json', 'b.json']));
    expect(goldenLabel(key)).toBe('a/*.json, b.json');
    expect(inGoldenSet(key, 'a/x.json')).toBe(true);
    expect(inGoldenSet(key, 'b.json')).toBe(true);
    expect(inGoldenSet(key, 'c.json')).toBe(false);
    const index = new GoldenIndex(['one.txt', key, undefined]);
    expect(index.keysOf('a/x.json')).toEqual([key]);
    expect(index.keysOf('one.txt')).toEqual(['one.txt']);
    expect(index.has('a/x/y.json')).toBe(false);
  });

  it('a glob matches exactly what its regular expression, written by hand, matches', () => {
    const seg = fc.stringMatching(/^[a-c.]{1,3}$/);
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 4 }), seg, (segs, name) => {
        const p = [...segs, name].join('/');
        expect(matchesPattern(`${segs[0]}/**/${name}`, p)).toBe(true);
        expect(matchesPattern(`*/${name}`, p)).toBe(segs.length === 1);
        expect(matchesPattern(p.replace(/[^/]+$/, '*'), p)).toBe(true);
      }),
    );
  });
});

describe('golden globs a hostile ledger may hold', () => {
  /** The documented meaning as a regular expression: the oracle for small inputs only. */
  const oracle = (pattern: string) => {
    const segs = pattern.split('/');
    const body = segs.map((seg, i) => {
      const last = i === segs.length - 1;
      if (seg === '**') return last ? '.+' : '(?:[^/]+/)*';
      return (
        seg
          .split('*')
          .map((t) => t.replace('.', '\\.'))
          .join('[^/]*') + (last ? '' : '/')
      );
    });
    return new RegExp(`^${body.join('')}$`);
  };

  it('matches as the documented regular expression does', () => {
    const seg = fc.constantFrom('a', 'b', 'ab', 'a.b', 'ba');
    const patSeg = fc.constantFrom('a', 'b', '*', 'a*', '*b', '*a*', '**', 'a*b*');
    fc.assert(
      fc.property(
        fc
          .array(patSeg, { minLength: 1, maxLength: 4 })
          .filter((p) => !p.every((x) => !x.includes('*'))),
        fc.array(seg, { minLength: 1, maxLength: 5 }),
        (pat, segs) => {
          const pattern = pat.join('/');
          const path = segs.join('/');
          expect(matchesPattern(pattern, path)).toBe(oracle(pattern).test(path));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('answers at once where a backtracking regular expression would run for ever', () => {
    // Each of these keeps a RegExp built the obvious way busy for minutes (measured: the
    // first one past 100 s); jest's 5 s timeout fails the test if the matcher backtracks.
    expect(matchesPattern('*a*a*a*a*a*a*a*a*a*a*a*a*c', 'a'.repeat(5000))).toBe(false);
    expect(matchesPattern(`${'**/'.repeat(40)}x`, `${'a/'.repeat(400)}y`)).toBe(false);
    expect(matchesPattern(`${'**/'.repeat(40)}y`, `${'a/'.repeat(400)}y`)).toBe(true);
  });
});

// ---------------------------------------------------------------- the ledger

const rowsText = (artifact: string) =>
  [
    'version: 1',
    'rows:',
    `  - id: ${ID}`,
    '    class: locked_fixture',
    `    digest: sha256:${'0'.repeat(64)}`,
    `    artifact: ${artifact}`,
    '',
  ].join('\n');

describe('golden sets in the ledger', () => {
  it('both readers read a flow list, and the fast one keeps it (no fall-back)', () => {
    const text = rowsText('[tests/maps/b.json, "tests/maps/a,1.json", tests/x/*.json]');
    const [, yaml] = both(text);
    expect(yaml.errors).toEqual([]);
    const want = goldenKey(['tests/maps/a,1.json', 'tests/maps/b.json', 'tests/x/*.json']);
    expect(yaml.ledger!.byId.get(ID)!.artifact).toBe(want);
    // A quoted item is the full reader's; a plain list stays on the fast one.
    expect(parseLedgerWith(text, 'l.yaml', 'fast')).toBeNull();
    const plain = rowsText('[tests/maps/b.json, tests/x/*.json]  # two');
    const [fast, full] = both(plain);
    expect(fast).not.toBeNull();
    expect(fast.errors).toEqual([]);
    expect(fast.ledger!.byId.get(ID)).toEqual(full.ledger!.byId.get(ID));
    expect(fast.ledger!.byId.get(ID)!.artifact).toBe(
      goldenKey(['tests/maps/b.json', 'tests/x/*.json']),
    );
  });

  it('a block list is read too (by the full reader)', () => {
    const text = rowsText('\n      - tests/b.json\n      - tests/a.json');
    const p = parseLedger(text, 'l.yaml');
    expect(p.errors).toEqual([]);
    expect(p.ledger!.byId.get(ID)!.artifact).toBe(goldenKey(['tests/a.json', 'tests/b.json']));
  });

  it.each([
    ['[tests/a.json]', "6:5 a list of one golden is that golden: write 'artifact: tests/a.json'"],
    ['[tests/a.json, tests/a.json]', "6:30 artifact 'tests/a.json' is listed twice"],
    ['[]', '6:5 an artifact list is empty; name the golden files'],
    ['[tests/a.json, ../x.json]', "6:30 artifact '../x.json' climbs out of the repository"],
    ['[tests/a.json, 12]', '6:30 an artifact list holds paths, found number 12'],
    [
      'tests/a**.json',
      "6:5 artifact 'tests/a**.json' has `**` inside a segment; write it as a whole segment (`dir/**/name`)",
    ],
  ])('refuses artifact: %s', (artifact, message) => {
    for (const p of both(rowsText(artifact)).filter(Boolean))
      expect(messages(p)).toEqual([message]);
  });

  it('writes a set back as a one-line flow list that both readers read as the same key', () => {
    const key = goldenKey(['tests/maps/b.json', 'tests/m, n/*.json', 'tests/maps/a.json']);
    const base = rowsText('tests/old.json');
    const { text } = setRows(
      base,
      new Map([[ID, { class: 'locked_fixture', digest: sha256('x'), artifact: key }]]),
    );
    expect(text).toContain(
      // Sorted by bytes (`,` before `a`); the item with a comma quoted.
      '    artifact: ["tests/m, n/*.json", tests/maps/a.json, tests/maps/b.json]\n',
    );
    expect(text.split('\n').length).toBe(base.split('\n').length); // one line per field
    for (const p of both(text).filter(Boolean)) expect(p.ledger!.byId.get(ID)!.artifact).toBe(key);
  });
});

// ---------------------------------------------------------------- real repositories

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

const MAPS = {
  'tests/maps/a.json': '{"a": 1}\n',
  'tests/maps/b.json': '{"b": 2}\n',
  'tests/maps/c.json': '{"c": 3}\n',
};
const REPORT = pytestXunit1([{ file: 'tests/test_maps.py', name: 'test_maps' }]);

/** A test locked to three goldens by a glob, at the base; the repository on branch `change`. */
function mapsRepo(artifact = 'tests/maps/*.json'): Repo {
  const repo = new Repo();
  repos.push(repo);
  repo.write({
    [LEDGER]: ledgerYaml([
      {
        id: ID,
        class: 'locked_fixture',
        digest: documented(MAPS),
        artifact,
      },
    ]),
    ...MAPS,
    'tests/test_maps.py': 'def test_maps():\n    pass\n',
    'src/maps.py': 'SCALE = 1\n',
    'build/junit.xml': REPORT,
  });
  repo.commit('base');
  repo.branch('change');
  return repo;
}

const lockedDigest = (repo: Repo) =>
  parseLedger(readFileSync(path.join(repo.dir, LEDGER), 'utf8'), LEDGER).ledger!.byId.get(ID)!
    .digest;
const cli = (repo: Repo, ...argv: string[]) => runIn(repo.dir, (a, io) => main(a, io), argv);

describe('a test locked to several goldens', () => {
  it('admits the set as committed, and `digest` prints the digest the ledger holds', async () => {
    const repo = mapsRepo();
    const r = await check(repo, '--base', 'main', '--production', 'src/**');
    expect(r.rules).toEqual([`fixture-unchanged:${ID}`]);
    expect(r.code).toBe(0);
    const printed = await cli(repo, 'digest', 'tests/maps/*.json');
    expect(printed.out).toBe(`${documented(MAPS)}  tests/maps/*.json\n`);
    const listed = await cli(repo, 'digest', '--set', ...Object.keys(MAPS));
    expect(listed.out.split('  ')[0]).toBe(documented(MAPS));
  });

  it("rejects an agent's edit of one member with the code, and its fix restores only that file", async () => {
    const repo = mapsRepo();
    repo.write({ 'src/maps.py': 'SCALE = 2\n', 'tests/maps/b.json': '{"b": 4}\n' });
    repo.commit('rescale', AGENT);
    const args = ['--base', 'main', '--production', 'src/**'];
    const first = await check(repo, ...args);
    expect(first.code).toBe(1);
    expect(first.rules).toEqual(
      expect.arrayContaining([
        `fixture-digest-mismatch:${ID}`,
        `production-golden-no-bump:${ID}`,
        'agent-test-edit:-',
      ]),
    );
    const mismatch = first.report.findings.find((f) => f.rule === 'fixture-digest-mismatch')!;
    expect(mismatch.fix).toBe('git checkout main -- tests/maps/b.json');
    const fixes = printedFixes(first);
    for (const fix of fixes) expect(fix).not.toMatch(/ledger-gate (relock|lock|update)/);
    for (const fix of fixes) await follow(repo, fix);
    expect(lockedDigest(repo)).toBe(documented(MAPS));
    expect(readFileSync(path.join(repo.dir, 'tests/maps/b.json'), 'utf8')).toBe(
      MAPS['tests/maps/b.json'],
    );
  });

  it("an agent's added member changes the set: rejected, and removed by its fix", async () => {
    const repo = mapsRepo();
    repo.write({ 'tests/maps/d.json': '{}\n' });
    repo.commit('one more map', AGENT);
    const first = await check(repo, '--base', 'main');
    expect(first.rules).toContain(`fixture-digest-mismatch:${ID}`);
    expect(first.report.decision).toBe('reject');
    const mismatch = first.report.findings.find((f) => f.rule === 'fixture-digest-mismatch')!;
    expect(mismatch.fix).toBe('git rm -q -f -- tests/maps/d.json');
    for (const fix of printedFixes(first)) await follow(repo, fix);
    // The set is the base's again; the agent's commit still rejects until a human's replaces it.
    const again = await check(repo, '--base', 'main');
    expect(again.rules).toEqual(['agent-test-edit:-', `fixture-unchanged:${ID}`]);
  });

  it("a human's edit of a member: `relock GLOB`, printed as the fix, puts the set under review", async () => {
    const repo = mapsRepo();
    repo.write({ 'tests/maps/c.json': '{"c": 30}\n' });
    repo.commit('new c');
    const first = await check(repo, '--base', 'main');
    const mismatch = first.report.findings.find((f) => f.rule === 'fixture-digest-mismatch')!;
    expect(mismatch.fix).toBe("ledger-gate relock 'tests/maps/*.json'");
    await follow(repo, mismatch.fix!);
    const now = { ...MAPS, 'tests/maps/c.json': '{"c": 30}\n' };
    expect(lockedDigest(repo)).toBe(documented(now));
    repo.commit('relock');
    const after = await check(repo, '--base', 'main');
    expect(after.rules).toEqual([`fixture-contract-change:${ID}`]);
    expect(after.report.decision).toBe('review');
  });

  it('`lock --artifact` twice writes a list; `relock` by one member re-locks the whole set', async () => {
    const repo = mapsRepo('tests/maps/a.json');
    const locked = await cli(
      repo,
      'lock',
      ID,
      '--artifact',
      'tests/maps/c.json',
      '--artifact',
      'tests/maps/a.json',
    );
    expect(locked.code).toBe(0);
    const text = readFileSync(path.join(repo.dir, LEDGER), 'utf8');
    expect(text).toContain('    artifact: [tests/maps/a.json, tests/maps/c.json]\n');
    const two = {
      'tests/maps/a.json': MAPS['tests/maps/a.json'],
      'tests/maps/c.json': MAPS['tests/maps/c.json'],
    };
    expect(lockedDigest(repo)).toBe(documented(two));
    repo.write({ 'tests/maps/a.json': '{"a": 10}\n' });
    const relocked = await cli(repo, 'relock', 'tests/maps/a.json');
    expect(relocked.out).toMatch(
      /tests\/maps\/a\.json, tests\/maps\/c\.json sha256:\w+: 1 row re-locked/,
    );
    expect(lockedDigest(repo)).toBe(documented({ ...two, 'tests/maps/a.json': '{"a": 10}\n' }));
    // An unrelated golden selects nothing.
    expect((await cli(repo, 'relock', 'tests/maps/b.json')).code).toBe(1);
  });

  it('`init --rule` with a glob artifact locks the matching tests to the set', async () => {
    const repo = mapsRepo();
    repo.remove(LEDGER);
    const r = await cli(
      repo,
      'init',
      '--junit',
      'build/junit.xml',
      '--owner',
      'me',
      '--rule',
      `${ID}=locked_fixture:tests/maps/*.json`,
    );
    expect(r.code).toBe(0);
    expect(lockedDigest(repo)).toBe(documented(MAPS));
  });

  it('a glob that matches nothing, or a member that is a symlink, is fixture-missing', async () => {
    const none = mapsRepo('tests/none/*.json');
    const r = await check(none);
    expect(r.rules).toEqual([`fixture-missing:${ID}`]);
    expect(r.report.findings[0].message).toBe(
      'artifact tests/none/*.json: tests/none/*.json matches no file',
    );
    const linked = mapsRepo();
    symlinkSync('a.json', path.join(linked.dir, 'tests/maps/z.json'));
    const s = await check(linked);
    expect(s.rules).toEqual([`fixture-missing:${ID}`]);
    expect(s.report.findings[0].message).toMatch(
      /^artifact tests\/maps\/\*\.json: tests\/maps\/z\.json: .*symlink/,
    );
  });

  it('a glob whose folder leads out of the repository through a symlink is a ledger error', async () => {
    const repo = mapsRepo('tests/out/*.json');
    symlinkSync(path.dirname(repo.dir), path.join(repo.dir, 'tests/out'));
    const r = await check(repo);
    expect(r.code).toBe(1);
    expect(r.report.findings.map((f) => f.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/artifact 'tests\/out' resolves outside the repository/),
      ]),
    );
  });
});
