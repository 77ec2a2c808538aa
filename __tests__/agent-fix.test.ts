// An agent's edit is never fixed by re-locking (src/decision/agent-fix.ts): the pure guard,
// and a real repository where an agent rewrote a golden together with the production code and
// a maintainer follows every printed fix, in either order.
import { afterAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../src/cli.js';
import { guardFix, restoreCommand, type AgentRestore } from '../src/decision/agent-fix.js';
import { decide } from '../src/decision/decide.js';
import { addFixes, fixForMany, shellQuote, type FixContext } from '../src/decision/fix.js';
import { reportFix } from '../src/decision/report-fix.js';
import { parseLedger } from '../src/ledger/parse.js';
import type { CommitChanges, Finding, RuleKey, TestResult } from '../src/types.js';
import { check } from './support/check.js';
import { follow, printedFixes, words } from './support/fixes.js';
import { AGENT, Repo, ledgerYaml, pytestXunit1, sha256 } from './support/repo.js';

const LEDGER = 'tests/ledger.yaml';
const ctx = {
  ledger: LEDGER,
  base: 'main',
  quote: shellQuote,
  isAdded: (p: string) => p === 'tests/new.py',
};
const f = (rule: RuleKey, over: Partial<Finding> = {}): Finding => ({
  rule,
  result: 'reject',
  id: null,
  status: null,
  class: null,
  message: 'm',
  ...over,
});

describe('guardFix', () => {
  const agent: AgentRestore = {
    paths: new Set(['tests/goldens/r.txt', 'tests/new.py']),
    ledger: false,
  };

  it("gives an agent's golden back instead of re-locking it", () => {
    const mismatch = f('fixture-digest-mismatch', { id: 'tests/t.py::test_r', file: LEDGER });
    expect(
      guardFix(
        'ledger-gate relock tests/goldens/r.txt',
        mismatch,
        'tests/goldens/r.txt',
        agent,
        ctx,
      ),
    ).toBe('git checkout main -- tests/goldens/r.txt');
    // Without an agent's edit the table's fix stands.
    expect(
      guardFix(
        'ledger-gate relock tests/goldens/r.txt',
        mismatch,
        'tests/goldens/r.txt',
        undefined,
        ctx,
      ),
    ).toBe('ledger-gate relock tests/goldens/r.txt');
  });

  it('removes a test file the agent added (the base has none) rather than locking its tests', () => {
    const added = f('unclassified', { id: 'tests/new.py::test_x', file: LEDGER });
    expect(
      guardFix(
        'ledger-gate lock tests/new.py::test_x --artifact {file} --junit a.xml',
        added,
        undefined,
        agent,
        ctx,
      ),
    ).toBe('git rm -q -f -- tests/new.py');
    expect(
      guardFix(
        'git checkout main -- $module',
        f('agent-test-edit', { file: 'tests/new.py' }),
        undefined,
        agent,
        ctx,
      ),
    ).toBe('git rm -q -f -- tests/new.py');
  });

  it('an update that would read the agent’s bytes gives them back first', () => {
    const other = f('unclassified', { id: 'tests/other.py::test_y', file: LEDGER });
    expect(guardFix('ledger-gate update --junit a.xml', other, undefined, agent, ctx)).toBe(
      'git checkout main -- tests/goldens/r.txt && git rm -q -f -- tests/new.py && ledger-gate update --junit a.xml',
    );
    // A human's golden keeps its relock: only the agent's paths are given back.
    expect(
      guardFix('ledger-gate relock tests/goldens/h.txt', other, 'tests/goldens/h.txt', agent, ctx),
    ).toBe('ledger-gate relock tests/goldens/h.txt');
  });

  it('with the ledger edited by an agent, every fix that writes the ledger restores it instead', () => {
    const both: AgentRestore = { paths: new Set(), ledger: true };
    const other = f('fixture-digest-mismatch', { id: 'tests/t.py::test_h', file: LEDGER });
    expect(
      guardFix('ledger-gate relock tests/goldens/h.txt', other, 'tests/goldens/h.txt', both, ctx),
    ).toBe(`git checkout main -- ${LEDGER}`);
    expect(
      guardFix(
        'gh pr review --approve',
        f('harness-change', { file: 'tox.ini', result: 'review' }),
        undefined,
        both,
        ctx,
      ),
    ).toBe('gh pr review --approve');
  });

  it('restores are sorted, quoted and the ledger is never removed', () => {
    expect(restoreCommand(['b c.txt', 'a.txt', 'a.txt'], ctx)).toBe(
      "git checkout main -- a.txt 'b c.txt'",
    );
    expect(restoreCommand([LEDGER], { ...ctx, isAdded: () => true })).toBe(
      `git checkout main -- ${LEDGER}`,
    );
  });
});

// ---------------------------------------------------------------- following every fix

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

const BASE_GOLDEN = 'total: 10.00\n';
const ID = 'tests/test_receipt.py::test_receipt';

/** A receipt golden locked by its test, at the base; the repository on branch `change`. */
function receiptRepo(): Repo {
  const repo = new Repo();
  repos.push(repo);
  repo.write({
    [LEDGER]: ledgerYaml([
      {
        id: ID,
        class: 'locked_fixture',
        digest: sha256(BASE_GOLDEN),
        artifact: 'tests/goldens/receipt.txt',
      },
    ]),
    'tests/goldens/receipt.txt': BASE_GOLDEN,
    'tests/test_receipt.py': 'def test_receipt():\n    pass\n',
    'src/receipt.py': 'TOTAL = "10.00"\n',
    'build/junit.xml': pytestXunit1([{ file: 'tests/test_receipt.py', name: 'test_receipt' }]),
  });
  repo.commit('base');
  repo.branch('change');
  return repo;
}

function agentRewrite(): Repo {
  const repo = receiptRepo();
  // The agent breaks the code and rewrites the golden to match, in one commit.
  repo.write({
    'src/receipt.py': 'TOTAL = "9.99"\n',
    'tests/goldens/receipt.txt': 'total: 9.99\n',
  });
  repo.commit('fix rounding', AGENT);
  return repo;
}

const locked = (repo: Repo) =>
  parseLedger(readFileSync(path.join(repo.dir, LEDGER), 'utf8'), LEDGER).ledger!.byId.get(ID)!
    .digest;

describe("following every printed fix of an agent's golden-plus-code rewrite", () => {
  for (const order of ['as printed', 'reversed'] as const) {
    it(`ends in a reject whose ledger still locks the base golden (${order})`, async () => {
      const repo = agentRewrite();
      const args = ['--base', 'main', '--production', 'src/**'];
      const first = await check(repo, ...args);
      expect(first.code).toBe(1);
      const fixes = printedFixes(first);
      expect(fixes.length).toBeGreaterThan(0);
      for (const fix of fixes) expect(fix).not.toMatch(/ledger-gate (relock|lock|update)/);
      expect(first.report.fix).toBeUndefined();
      for (const fix of order === 'reversed' ? [...fixes].reverse() : fixes)
        await follow(repo, fix);
      expect(locked(repo)).toBe(sha256(BASE_GOLDEN));
      expect(readFileSync(path.join(repo.dir, 'tests/goldens/receipt.txt'), 'utf8')).toBe(
        BASE_GOLDEN,
      );
      // The tests, run again over the base golden, fail on the agent's code.
      repo.write({
        'build/junit.xml': pytestXunit1([
          { file: 'tests/test_receipt.py', name: 'test_receipt', status: 'fail' },
        ]),
      });
      const again = await check(repo, ...args);
      expect(again.code).toBe(1);
      expect(again.report.decision).toBe('reject');
      // Its fixes, followed too, still bless none of the agent's bytes.
      for (const fix of printedFixes(again)) await follow(repo, fix);
      expect(locked(repo)).toBe(sha256(BASE_GOLDEN));
    });
  }
});

// ---------------------------------------------------------------- the property

/** Who last wrote a path's bytes in a generated change. */
type Who = 'base' | 'human' | 'agent';

const GOLDENS = ['tests/goldens/g0.txt', 'tests/goldens/g1.txt', 'tests/goldens/g2.txt'];
const gid = (i: number) => `tests/test_m.py::test_${i}`;
const HUMAN_NEW = 'tests/test_h.py::test_h';
const AGENT_NEW = 'tests/test_n.py::test_n';
const bytesOf = (p: string, who: Who) => `${p} as ${who} wrote it\n`;

interface World {
  goldens: Who[];
  /** A human's commit re-locks the human's edit of that golden. */
  relocked: boolean[];
  /** The agent re-digests the row of golden i to its current bytes. */
  agentRedigests: number | null;
  humanNewTest: boolean;
  agentNewTest: boolean;
}

const world = fc.record<World>({
  goldens: fc.array(fc.constantFrom<Who>('base', 'human', 'agent'), { minLength: 3, maxLength: 3 }),
  relocked: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  agentRedigests: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  humanNewTest: fc.boolean(),
  agentNewTest: fc.boolean(),
});

/** The report decide() gives for a world, with every fix filled in as the gate does. */
function reportOf(w: World) {
  const baseRows = GOLDENS.map((g, i) => ({
    id: gid(i),
    class: 'locked_fixture',
    digest: sha256(bytesOf(g, 'base')),
    artifact: g,
  }));
  const headRows = baseRows.map((r, i) => {
    const who = w.goldens[i];
    if (who === 'human' && w.relocked[i])
      return { ...r, digest: sha256(bytesOf(GOLDENS[i], 'human')) };
    if (w.agentRedigests === i) return { ...r, digest: sha256(bytesOf(GOLDENS[i], who)) };
    return r;
  });
  const base = parseLedger(ledgerYaml(baseRows), LEDGER);
  const head = parseLedger(ledgerYaml(headRows), LEDGER);
  const human: CommitChanges = { sha: 'h'.repeat(40), agent: false, why: 'human', paths: [] };
  const agent: CommitChanges = { sha: 'a'.repeat(40), agent: true, why: 'agent', paths: [] };
  GOLDENS.forEach((g, i) => {
    if (w.goldens[i] !== 'base')
      (w.goldens[i] === 'agent' ? agent : human).paths.push({ path: g, status: 'M' });
  });
  const rowAuthors = new Map<string, { agent: boolean; why: string }>();
  headRows.forEach((r, i) => {
    if (r.digest === baseRows[i].digest) return;
    const byAgent = w.agentRedigests === i;
    rowAuthors.set(r.id, { agent: byAgent, why: byAgent ? 'agent' : 'human' });
  });
  const ledgerEdited = rowAuthors.size > 0;
  if ([...rowAuthors.values()].some((a) => a.agent))
    agent.paths.push({ path: LEDGER, status: 'M' });
  else if (ledgerEdited) human.paths.push({ path: LEDGER, status: 'M' });
  if (w.humanNewTest) human.paths.push({ path: 'tests/test_h.py', status: 'A' });
  if (w.agentNewTest) agent.paths.push({ path: 'tests/test_n.py', status: 'A' });
  agent.paths.push({ path: 'src/m.py', status: 'M' });
  const commits = [human, agent].filter((c) => c.paths.length > 0);
  const changed = commits.flatMap((c) => c.paths);
  const tests: TestResult[] = GOLDENS.map((_, i) => ({
    id: gid(i),
    status: 'pass',
    flaky: false,
    reports: ['r.xml'],
  }));
  if (w.humanNewTest)
    tests.push({ id: HUMAN_NEW, status: 'pass', flaky: false, reports: ['r.xml'] });
  if (w.agentNewTest)
    tests.push({ id: AGENT_NEW, status: 'pass', flaky: false, reports: ['r.xml'] });
  const report = decide({
    ledgerFile: LEDGER,
    ledger: head.ledger,
    ledgerErrors: [],
    tests,
    unmapped: [],
    reportProblems: [],
    artifacts: new Map(GOLDENS.map((g, i) => [g, { digest: sha256(bytesOf(g, w.goldens[i])) }])),
    seeds: new Map(),
    change: {
      baseSha: 'b'.repeat(40),
      changed,
      baseLedger: base,
      agentAuthored: true,
      authorship: 'agent',
      rowAuthors,
      source: 'git',
      commits,
    },
    isProduction: (p) => p.startsWith('src/'),
    expect: 'all',
    evidence: {
      testPaths: ['tests/**'],
      harnessPaths: [],
      draftPaths: ['tests/drafts/**'],
      reports: [],
    },
  });
  const added = new Set(changed.filter((c) => c.status === 'A').map((c) => c.path));
  const fixCtx: FixContext = {
    junit: ['r.xml'],
    ledger: LEDGER,
    base: 'main',
    row: (id) => head.ledger!.byId.get(id) ?? base.ledger!.byId.get(id),
    isAdded: (p) => added.has(p),
  };
  addFixes(report.findings, fixCtx);
  const top = reportFix(report.findings, fixCtx);
  const fixes = report.findings.map((x) => x.fix).filter((x): x is string => x !== undefined);
  for (const entry of [report.findings.filter((x) => x.rule === 'unclassified')])
    if (entry.length > 0) fixes.push(fixForMany(entry, fixCtx) ?? '');
  if (top !== undefined) fixes.push(top);
  return { headRows, baseRows, fixes: [...new Set(fixes)].filter((x) => x !== '') };
}

/** A model of the tree and the ledger that the printed commands act on. */
function followAll(
  w: World,
  headRows: { id: string; digest: string; artifact: string }[],
  baseRows: typeof headRows,
  fixes: string[],
) {
  const files = new Map<string, string>(GOLDENS.map((g, i) => [g, bytesOf(g, w.goldens[i])]));
  if (w.humanNewTest) files.set('tests/test_h.py', bytesOf('tests/test_h.py', 'human'));
  if (w.agentNewTest) files.set('tests/test_n.py', bytesOf('tests/test_n.py', 'agent'));
  let ledger = new Map(headRows.map((r) => [r.id, { ...r }]));
  const lock = (id: string, artifact: string) => {
    const bytes = files.get(artifact);
    if (bytes !== undefined) ledger.set(id, { id, artifact, digest: sha256(bytes) });
  };
  const present = () => [
    ...GOLDENS.map((_, i) => gid(i)),
    ...(files.has('tests/test_h.py') ? [HUMAN_NEW] : []),
    ...(files.has('tests/test_n.py') ? [AGENT_NEW] : []),
  ];
  for (const fix of fixes)
    for (const part of fix.split(' && ')) {
      const [tool, ...args] = words(part.split('   (or:')[0]);
      const paths = args.slice(args.indexOf('--') + 1);
      if (tool === 'git' && args[0] === 'checkout') {
        for (const p of paths) {
          if (p === LEDGER) ledger = new Map(baseRows.map((r) => [r.id, { ...r }]));
          else if (GOLDENS.includes(p)) files.set(p, bytesOf(p, 'base'));
          else throw new Error(`checkout of a path the base lacks: ${part}`);
        }
      } else if (tool === 'git' && args[0] === 'rm') for (const p of paths) files.delete(p);
      else if (tool === 'ledger-gate' && args[0] === 'relock') {
        for (const r of [...ledger.values()]) if (r.artifact === args[1]) lock(r.id, r.artifact);
      } else if (tool === 'ledger-gate' && args[0] === 'lock')
        lock(args[1], args[1].split('::')[0]);
      else if (tool === 'ledger-gate' && args[0] === 'update') {
        for (const r of [...ledger.values()]) lock(r.id, r.artifact);
        for (const id of present()) if (!ledger.has(id)) lock(id, id.split('::')[0]);
      } else if (tool === 'ledger-gate' && args[0] === 'drop') ledger.delete(args[1]);
    }
  return { ledger, files };
}

describe('the property', () => {
  it("following every fix of a report, in any order, never makes the ledger lock an agent's bytes", () => {
    fc.assert(
      fc.property(world, fc.array(fc.integer(), { minLength: 8, maxLength: 8 }), (w, keys) => {
        const { headRows, baseRows, fixes } = reportOf(w);
        const order = fixes.map((fix, i) => ({ fix, k: keys[i % keys.length] + i / 100 }));
        order.sort((a, b) => a.k - b.k);
        const { ledger, files } = followAll(
          w,
          headRows,
          baseRows,
          order.map((o) => o.fix),
        );
        const agentBytes = new Set(
          [...GOLDENS, 'tests/test_n.py'].map((p) => sha256(bytesOf(p, 'agent'))),
        );
        for (const r of ledger.values()) expect(agentBytes.has(r.digest)).toBe(false);
        // No two fixes undo each other: the other order ends in the same tree and ledger.
        const back = followAll(w, headRows, baseRows, order.map((o) => o.fix).reverse());
        expect([...back.ledger].sort()).toEqual([...ledger].sort());
        expect([...back.files].sort()).toEqual([...files].sort());
        // No fix offers to re-lock or class what the agent wrote.
        for (const fix of fixes)
          for (const [i, g] of GOLDENS.entries())
            if (w.goldens[i] === 'agent') expect(fix).not.toContain(`relock ${g}`);
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------- one command for a human

describe("one command clears a human's honest change", () => {
  it('the report, the headline and the summary name update; following it admits; update is idempotent', async () => {
    const repo = receiptRepo();
    // A human changes the receipt's format, its golden, and adds a test file of two tests.
    repo.write({
      'src/receipt.py': 'TOTAL = "10.00 EUR"\n',
      'tests/goldens/receipt.txt': 'total: 10.00 EUR\n',
      'tests/test_tax.py': 'def test_a():\n    pass\ndef test_b():\n    pass\n',
      'build/junit.xml': pytestXunit1([
        { file: 'tests/test_receipt.py', name: 'test_receipt' },
        { file: 'tests/test_tax.py', name: 'test_a' },
        { file: 'tests/test_tax.py', name: 'test_b' },
      ]),
    });
    repo.commit('receipts say their currency');
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-summary-'));
    const summary = path.join(dir, 'summary.md');
    const args = ['--base', 'main', '--production', 'src/**', '--summary', summary];
    const first = await check(repo, ...args);
    expect(first.code).toBe(1);
    const update = "ledger-gate update --junit 'build/*.xml'";
    expect(first.report.fix).toBe(update);
    // First, before any table: the sentence and the command on a line of its own.
    expect(first.stdout).toContain(
      `One command brings the ledger level with this change; commit what it writes:\n    ${update}\n`,
    );
    const md = readFileSync(summary, 'utf8');
    expect(md).toContain(
      `**One command brings the ledger level with this change; commit what it writes:**\n\n\`\`\`sh\n${update}\n\`\`\`\n`,
    );
    expect(md.indexOf(update)).toBeLessThan(md.indexOf('|'));
    // Each finding keeps its own fix, the same in the JSON as in the terminal (the top's once).
    for (const x of first.report.findings.filter((y) => y.result === 'reject'))
      expect(first.stdout).toContain(x.fix === update ? `\n    ${update}\n` : `fix: ${x.fix}`);
    expect(first.stdout.split(update)).toHaveLength(2);
    let out = '';
    const io = { cwd: repo.dir, stdout: (s: string) => void (out += s), stderr: () => undefined };
    expect(await main(words(update).slice(1), io)).toBe(0);
    expect(out).toMatch(/1 re-locked, 1 added/);
    // What it did, per file.
    expect(out).toContain(
      '\n  tests/goldens/receipt.txt: 1 re-locked\n  tests/test_tax.py: 1 added\n',
    );
    out = '';
    expect(await main(words(update).slice(1), io)).toBe(0);
    expect(out).toMatch(/already level/);
    repo.commit('ledger level with the receipts');
    const after = await check(repo, ...args);
    expect(after.report.decision).not.toBe('reject');
    expect(after.report.fix).toBeUndefined();
    rmSync(dir, { recursive: true, force: true });
  });
});
