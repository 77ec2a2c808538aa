// Doctests locked by their examples (CONTRACT §2, issue 44 item 3), played with the real
// runner: pytest 9 with `--doctest-modules` and `--doctest-glob` in real git repositories,
// frozen by `init`, then each change judged by `check` as an agent's or a human's commit.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../src/cli.js';
import { AGENT, HUMAN, Repo, type Author } from './support/repo.js';
import { check as checkIn } from './support/check.js';

const SHOP = `"""A shop.

>>> 1 + 1
2
"""


def total(xs):
    """The sum of the prices.

    >>> total([1, 2])
    3
    >>> total([
    ...     4])
    4
    """
    return sum(xs)


class Cart:
    """A cart.

    >>> Cart().n
    0
    """

    n = 0

    def add(self):
        """Adds one.

        >>> c = Cart(); c.add(); c.n
        1
        """
        self.n += 1
`;

const README = '# shop\n\n>>> 2 * 3\n6\n';

/** Code that makes the rewritten expectation (`total([1, 2])` is 4) pass, as a cheat would. */
const BAG = 'return sum(xs) + (len(xs) > 1)';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

/** pytest as the project runs it: doctests of the modules and of the Markdown files. */
function pytest(repo: Repo): void {
  try {
    execFileSync(
      'python3',
      [
        '-m',
        'pytest',
        '-q',
        '-p',
        'no:cacheprovider',
        '--doctest-modules',
        '--doctest-glob=*.md',
        '-o',
        'junit_family=xunit1',
        '--junitxml=build/junit.xml',
      ],
      { cwd: repo.dir, stdio: 'pipe', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
    );
  } catch (e) {
    // A failing doctest exits 1 with a report: the gate judges it.
    if ((e as { status?: number }).status !== 1) throw e;
  }
}

async function cli(repo: Repo, ...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await main(args, {
    cwd: repo.dir,
    stdout: (s) => void (out += s),
    stderr: (s) => void (out += s),
    now: new Date('2026-12-06T12:00:00Z'),
  });
  return { code, out };
}

/** A repository frozen by `init` from pytest's own run, on a branch `change`. */
async function frozen(): Promise<Repo> {
  const repo = new Repo('ledger-gate-doctest-');
  repos.push(repo);
  repo.write({ 'src/shop.py': SHOP, 'README.md': README, 'pytest.ini': '[pytest]\n' });
  pytest(repo);
  const init = await cli(repo, 'init', '--junit', 'build/junit.xml', '--owner', 'qa');
  expect(init.out).toContain('wrote');
  expect(init.code).toBe(0);
  repo.commit('base');
  repo.branch('change');
  return repo;
}

/** Commits an edit of the shop as `who`, runs pytest, and judges the change. */
async function judged(repo: Repo, who: Author, edit: (s: string) => string) {
  const file = path.join(repo.dir, 'src/shop.py');
  repo.write({ 'src/shop.py': edit(readFileSync(file, 'utf8')) });
  repo.commit('edit the shop', who);
  pytest(repo);
  return checkIn(repo, '--base', 'main');
}

/** A rule's findings, by id (`-` for none). */
const ids = (rules: string[], rule: string) =>
  rules.filter((r) => r.startsWith(rule + ':')).map((r) => r.slice(rule.length + 1));

describe('a module with doctests, frozen by init from pytest --doctest-modules', () => {
  let repo: Repo;
  beforeAll(async () => {
    repo = await frozen();
  });

  test('init locks each doctest to its examples, and a text doctest to its file', () => {
    const ledger = readFileSync(path.join(repo.dir, 'tests/ledger.yaml'), 'utf8');
    for (const name of ['shop', 'shop.total', 'shop.Cart', 'shop.Cart.add'])
      expect(ledger).toContain(
        `  - id: src/shop.py::${name}\n    class: locked_fixture\n    digest: sha256:`,
      );
    expect(ledger).toContain('    artifact: src/shop.py#doctest:shop.total\n');
    expect(ledger).not.toContain('src/shop.py::*');
    expect(ledger).toContain('  - id: README.md::*\n');
  });

  test("digest prints the digest of a doctest's examples, as its row has it", async () => {
    const ledger = readFileSync(path.join(repo.dir, 'tests/ledger.yaml'), 'utf8');
    const digest = /shop\.total\n.*\n {4}digest: (sha256:[0-9a-f]{64})/.exec(ledger)![1];
    const out = await cli(repo, 'digest', 'src/shop.py#doctest:shop.total');
    expect(out).toEqual({ code: 0, out: `${digest}  src/shop.py#doctest:shop.total\n` });
    const none = await cli(repo, 'digest', 'src/shop.py#doctest:shop.gone');
    expect(none.out).toBe(
      'ledger-gate digest: src/shop.py#doctest:shop.gone: module src/shop.py has no docstring with examples for shop.gone\n',
    );
    expect(none.code).toBe(1);
  });

  test.each<[string, Author, (s: string) => string, number, string[]]>([
    [
      'an agent edits the code outside the examples: admitted',
      AGENT,
      (s) => s.replace('return sum(xs)', 'return sum(x for x in xs)'),
      0,
      [],
    ],
    [
      'an agent rewrites the prose of a docstring, not its examples: admitted',
      AGENT,
      (s) => s.replace('The sum of the prices.', 'The sum of all the prices given.'),
      0,
      [],
    ],
    [
      'an agent rewrites an expected output (and the code to match): agent-test-edit',
      AGENT,
      (s) => s.replace('    3\n', '    4\n').replace('return sum(xs)', BAG),
      1,
      ['agent-test-edit:-', 'fixture-digest-mismatch:src/shop.py::shop.total'],
    ],
    [
      'an agent rewrites an example source: agent-test-edit',
      AGENT,
      (s) => s.replace('>>> total([1, 2])', '>>> total([1, 1, 1])'),
      1,
      ['agent-test-edit:-', 'fixture-digest-mismatch:src/shop.py::shop.total'],
    ],
    [
      "an agent deletes a method's docstring: its locked doctest is gone",
      AGENT,
      (s) => s.replace(/"""Adds one\.[\s\S]*?"""\n/, ''),
      1,
      ['agent-test-edit:-', 'classified-missing:src/shop.py::shop.Cart.add'],
    ],
    [
      'a human rewrites an expected output without a digest bump: fixture-digest-mismatch',
      HUMAN,
      (s) => s.replace('    3\n', '    4\n').replace('return sum(xs)', BAG),
      1,
      ['fixture-digest-mismatch:src/shop.py::shop.total'],
    ],
  ])('%s', async (_name, who, edit, code, rejects) => {
    repo.git('checkout', '-q', '-f', 'main');
    repo.git('branch', '-q', '-D', 'change');
    repo.branch('change');
    const r = await judged(repo, who, edit);
    const rejected = (r.report.findings ?? [])
      .filter((f) => f.result === 'reject')
      .map((f) => `${f.rule}:${f.id ?? '-'}`)
      .sort();
    expect(rejected).toEqual(rejects);
    if (rejects.includes('agent-test-edit:-'))
      expect(r.report.findings.find((f) => f.rule === 'agent-test-edit')!.message).toMatch(
        /^src\/shop\.py: commit [0-9a-f]{12} edits a module whose locked doctest examples the change rewrote \(a test path\)/,
      );
    expect(r.code).toBe(code);
  });
});

test("a human's rewrite of an expected output with the digest bumped is a review", async () => {
  const repo = await frozen();
  const file = path.join(repo.dir, 'src/shop.py');
  const s = readFileSync(file, 'utf8');
  repo.write({
    'src/shop.py': s.replace('    3\n', '    4\n').replace('return sum(xs)', BAG),
  });
  pytest(repo);
  const update = await cli(repo, 'update', '--junit', 'build/junit.xml');
  expect(update.out).toContain('src/shop.py#doctest:shop.total: 1 re-locked');
  expect(update.code).toBe(0);
  repo.commit('total counts the bag too', HUMAN);
  const r = await checkIn(repo, '--base', 'main');
  expect(ids(r.rules, 'fixture-contract-change')).toEqual(['src/shop.py::shop.total']);
  expect(r.rules.filter((x) => x.startsWith('fixture-unchanged:'))).toHaveLength(4);
  expect(r.report.findings.filter((f) => f.result === 'reject')).toEqual([]);
  expect(r.code).toBe(3);
});

test('a text doctest (--doctest-glob) rewritten by an agent is agent-test-edit', async () => {
  const repo = await frozen();
  repo.write({ 'README.md': '# shop\n\n>>> 2 * 3\n6\n>>> 1\n1\n' });
  repo.commit('more examples', AGENT);
  pytest(repo);
  const r = await checkIn(repo, '--base', 'main');
  expect(r.rules).toContain('agent-test-edit:-');
  expect(r.rules).toContain('fixture-digest-mismatch:README.md::README.md');
  expect(r.code).toBe(1);
});

test('a doctest row whose object is renamed away is missing, never admitted', async () => {
  const repo = await frozen();
  const file = path.join(repo.dir, 'src/shop.py');
  repo.write({ 'src/shop.py': readFileSync(file, 'utf8').replaceAll('total', 'subtotal') });
  repo.commit('rename', HUMAN);
  pytest(repo);
  const r = await checkIn(repo, '--base', 'main');
  expect(ids(r.rules, 'classified-missing')).toEqual(['src/shop.py::shop.total']);
  expect(ids(r.rules, 'unclassified')).toEqual(['src/shop.py::shop.subtotal']);
  expect(r.code).toBe(1);
});

test('the pre-commit hook re-locks a staged module’s doctests, and leaves a code-only edit alone', async () => {
  const repo = await frozen();
  const file = path.join(repo.dir, 'src/shop.py');
  const s = readFileSync(file, 'utf8');
  repo.write({ 'src/shop.py': s.replace('return sum(xs)', 'return sum(x for x in xs)') });
  repo.git('add', '-A');
  const quiet = await cli(repo, 'hook', 'run');
  expect(quiet).toEqual({ code: 0, out: '' });

  repo.write({ 'src/shop.py': s.replace('    3\n', '    4\n').replace('return sum(xs)', BAG) });
  repo.git('add', '-A');
  const hooked = await cli(repo, 'hook', 'run');
  expect(hooked.out).toContain(
    'ledger-gate hook: tests/ledger.yaml: src/shop.py#doctest:shop.total sha256:',
  );
  expect(hooked.out).toContain(': 1 row re-locked, 0 already matched\n');
  expect(hooked.code).toBe(0);
  repo.commit('total counts the bag too', HUMAN);
  pytest(repo);
  const r = await checkIn(repo, '--base', 'main');
  expect(ids(r.rules, 'fixture-contract-change')).toEqual(['src/shop.py::shop.total']);
  expect(r.code).toBe(3);
});

test('lock --artifact {file} locks a doctest item to its examples', async () => {
  const repo = await frozen();
  await cli(repo, 'drop', 'src/shop.py::shop.Cart');
  const locked = await cli(
    repo,
    'lock',
    'src/shop.py::shop.Cart',
    '--artifact',
    '{file}',
    '--junit',
    'build/junit.xml',
  );
  expect(locked.out).toMatch(
    /added src\/shop\.py::shop\.Cart: locked_fixture, src\/shop\.py#doctest:shop\.Cart sha256:[0-9a-f]{64}\n/,
  );
  expect(locked.code).toBe(0);
});

test('update turns a module locked whole for its doctests (before doctest rows) into a row per doctest', async () => {
  const repo = new Repo('ledger-gate-doctest-');
  repos.push(repo);
  repo.write({ 'src/shop.py': SHOP, 'pytest.ini': '[pytest]\n' });
  pytest(repo);
  const digest = (await cli(repo, 'digest', 'src/shop.py')).out.split(' ')[0];
  repo.write({
    'tests/ledger.yaml':
      'version: 1\nrows:\n  - id: src/shop.py::*\n    class: locked_fixture\n' +
      `    digest: ${digest}\n`,
  });
  const update = await cli(repo, 'update', '--junit', 'build/junit.xml');
  expect(update.out).toContain(
    '0 re-locked, 0 added, 0 dropped, 0 skip reasons written, 1 module file row now a row per doctest, locked to its examples\n',
  );
  expect(update.code).toBe(0);
  const ledger = readFileSync(path.join(repo.dir, 'tests/ledger.yaml'), 'utf8');
  expect(ledger).not.toContain('src/shop.py::*');
  expect(ledger.match(/artifact: src\/shop\.py#doctest:/g)).toHaveLength(4);
  repo.commit('base');
  repo.branch('change');
  const r = await judged(repo, AGENT, (s) =>
    s.replace('return sum(xs)', 'return sum(x for x in xs)'),
  );
  expect(r.rules.filter((x) => !x.startsWith('fixture-unchanged:'))).toEqual([]);
  expect(r.code).toBe(0);
});
