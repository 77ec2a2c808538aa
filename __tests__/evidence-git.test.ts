// The evidence path rules read from real git repositories through `ledger-gate check`: each
// commit's own changed paths (one `git log -z --name-status` read), its authorship, and what
// it did inside shared configs and workflows (their blobs at the commit and its parents).
import { afterAll, describe, expect, test } from '@jest/globals';
import { parseCommitPaths } from '../src/adapters/git/git.js';
import { main } from '../src/cli.js';
import { DEFAULT_AGENT_AUTHORS } from '../src/decision/authorship.js';
import { runGate } from '../src/gather/gate.js';
import type { Report } from '../src/types.js';
import {
  AGENT,
  HUMAN,
  Repo,
  SCENARIO_FILE,
  pytestXunit1,
  scenarioBase,
  type Author,
} from './support/repo.js';
import { check as checkIn } from './support/check.js';

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

/** dependabot's identities, as its commits carry them on github.com. */
const DEPENDABOT: Author = {
  name: 'dependabot[bot]',
  email: '49699333+dependabot[bot]@users.noreply.github.com',
};
const GITHUB: Author = { name: 'GitHub', email: 'noreply@github.com' };
const WORKFLOW = (pin: string) =>
  'name: tests\non: pull_request\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n' +
  `      - uses: actions/checkout@${pin}\n      - run: pytest\n`;
const PACKAGE = (deps: string, jest: string) =>
  `{\n  "name": "x",\n  "dependencies": { "left-pad": "${deps}" },\n  "jest": { "testEnvironment": "${jest}" }\n}\n`;

function baseRepo(workflow = WORKFLOW('b4ffde65f46336ab88eb53be808477a3936bae11 # v4.1.1')): Repo {
  return scenarioBase(repos, {
    '.github/workflows/tests.yml': workflow,
    'package.json': PACKAGE('1.0.0', 'node'),
  });
}

/** check against main; its rules are the evidence findings, each as `rule:file`. */
async function check(repo: Repo, ...args: string[]) {
  const checked = await checkIn(repo, '--base', 'main', ...args);
  const report = checked.report as Report & {
    agent_changes?: { kind: string; path: string; status: string; commits: string[] }[];
  };
  const rules = report.findings
    .filter((f) => ['agent-test-edit', 'agent-harness-edit', 'harness-change'].includes(f.rule))
    .map((f) => `${f.rule}:${f.file}`);
  return { ...checked, report, rules };
}

describe('per-commit paths from git', () => {
  test("an agent's conftest.py and test-helper edits reject, each naming the file and its commit", async () => {
    const repo = baseRepo();
    repo.write({ 'src/lib.py': 'def f():\n    return 2\n' }).commit('break f', AGENT);
    repo.write({ 'tests/conftest.py': 'def pytest_runtest_makereport(item, call): pass\n' });
    const sha = repo.write({ 'tests/helpers.py': 'EXPECTED = 2\n' }).commit('make it green', AGENT);
    const r = await check(repo, '--production', 'src/**');
    expect(r.code).toBe(1);
    expect(r.rules.sort()).toEqual([
      'agent-harness-edit:tests/conftest.py',
      'agent-test-edit:tests/helpers.py',
    ]);
    const f = r.report.findings.find((x) => x.rule === 'agent-harness-edit')!;
    expect(f.message).toContain(`commit ${sha.slice(0, 12)} adds harness path`);
    expect(f.message).toContain('copilot-swe-agent[bot]');
    // What the agent touched opens the terminal report and is in the JSON report.
    expect(r.report.agent_changes).toEqual([
      { kind: 'production', path: 'src/lib.py', status: 'M', commits: [expect.any(String)] },
      { kind: 'harness', path: 'tests/conftest.py', status: 'A', commits: [sha.slice(0, 12)] },
      { kind: 'tests', path: 'tests/helpers.py', status: 'A', commits: [sha.slice(0, 12)] },
    ]);
    expect(r.stdout).toMatch(
      /what the agent's commits changed:\n {2}harness 1: tests\/conftest\.py\n/,
    );
  });

  test('an agent that edits production code only, or adds a draft test, adds no evidence finding', async () => {
    // The base's CI leaves the drafts out of the evidence run (draft-in-evidence-run).
    const apart = WORKFLOW('v5').replace('run: pytest', 'run: pytest --ignore=tests/agent_drafts');
    const repo = baseRepo(apart);
    repo.write({ 'src/lib.py': 'def f():\n    return 1  # same\n' }).commit('tidy', AGENT);
    repo.write({ 'tests/agent_drafts/test_idea.py': 'def test_idea():\n    pass\n' });
    repo.commit('a draft', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual([]);
    expect(r.code).toBe(0);
  });

  test("an agent's draft where the base's pytest step collects the drafts: a reject whose fix is the step's one flag", async () => {
    const repo = baseRepo();
    repo.write({ 'tests/agent_drafts/test_idea.py': 'def test_idea():\n    pass\n' });
    const sha = repo.commit('a draft', AGENT);
    const r = await check(repo);
    expect(r.code).toBe(1);
    const f = r.report.findings.filter((x) => x.rule === 'draft-in-evidence-run');
    expect(f.map((x) => [x.file, x.fix])).toEqual([
      [
        'tests/agent_drafts/test_idea.py',
        'add `--ignore=tests/agent_drafts` to the pytest command at .github/workflows/tests.yml:8',
      ],
    ]);
    expect(f[0].message).toContain(`commit ${sha.slice(0, 12)} writes a draft`);
    expect(r.report.findings.filter((x) => x.result === 'reject').map((x) => x.rule)).toEqual([
      'draft-in-evidence-run',
    ]);
  });

  test("a human's harness edit is review, naming the file an approval accepts; a human's test edit adds nothing", async () => {
    const repo = baseRepo();
    repo.write({ 'pytest.ini': '[pytest]\naddopts = -x\n', 'tests/test_more.py': 'x = 1\n' });
    repo.commit('pytest config');
    const r = await check(repo);
    expect(r.code).toBe(3);
    expect(r.rules).toEqual(['harness-change:pytest.ini']);
    expect(r.report.findings.find((f) => f.rule === 'harness-change')!.accepts).toBe(
      'harness file pytest.ini as the head has it',
    );
    expect(r.report.agent_changes).toBeUndefined();
  });

  test('a rename is a delete and an add; an edit and its revert leave nothing to judge', async () => {
    const repo = baseRepo();
    repo.git('mv', SCENARIO_FILE, 'tests/test_b.py');
    repo.commit('rename', AGENT);
    repo.write({ 'tests/conftest.py': 'x = 1\n' }).commit('oops', AGENT);
    repo.remove('tests/conftest.py').commit('revert oops', AGENT);
    const r = await check(repo);
    expect(r.rules.sort()).toEqual([
      'agent-test-edit:tests/test_a.py',
      'agent-test-edit:tests/test_b.py',
    ]);
  });

  test("an agent's merge commit is judged by what it changed against every parent", async () => {
    const repo = baseRepo();
    repo.write({ 'src/lib.py': 'def f():\n    return 3\n' }).commit('side work', HUMAN);
    repo.git('checkout', '-q', 'main');
    repo.write({ 'README.md': 'main moved on\n' }).commit('main work', HUMAN);
    repo.git('checkout', '-q', 'change');
    // The merge brings main's README in (not the agent's) and slips a conftest.py in itself.
    repo.git(
      '-c',
      'user.name=x',
      '-c',
      'user.email=x@example.com',
      'merge',
      '-q',
      '--no-commit',
      'main',
    );
    repo.write({ 'conftest.py': 'x = 1\n' });
    repo.commit('merge main', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual(['agent-harness-edit:conftest.py']);
  });

  test('package.json: an agent’s dependency bump is not a harness change, its jest key is', async () => {
    const repo = baseRepo();
    repo.write({ 'package.json': PACKAGE('1.1.0', 'node') }).commit('bump left-pad', AGENT);
    expect((await check(repo)).rules).toEqual([]);
    repo.write({ 'package.json': PACKAGE('1.1.0', 'jsdom') }).commit('jsdom', AGENT);
    const r = await check(repo);
    expect(r.rules).toEqual(['agent-harness-edit:package.json']);
    expect(r.report.findings.find((f) => f.rule === 'agent-harness-edit')!.message).toContain(
      'test settings (jest) of',
    );
  });

  test("dependabot's bump of a `uses:` pin in a workflow is a review, not a reject; an agent's other workflow edit rejects", async () => {
    const repo = baseRepo();
    const message =
      'Bump actions/checkout from 4.1.1 to 4.2.2\n\nBumps [actions/checkout](https://github.com/actions/checkout) from 4.1.1 to 4.2.2.\n' +
      '- [Release notes](https://github.com/actions/checkout/releases)\n\n---\nupdated-dependencies:\n' +
      '- dependency-name: actions/checkout\n  dependency-type: direct:production\n  update-type: version-update:semver-minor\n...\n\n' +
      'Signed-off-by: dependabot[bot] <support@github.com>\n';
    repo.write({
      '.github/workflows/tests.yml': WORKFLOW('11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2'),
    });
    repo.commit(message, DEPENDABOT, GITHUB);
    const r = await check(repo);
    expect(r.rules).toEqual(['harness-change:.github/workflows/tests.yml']);
    expect(r.code).toBe(3); // review: an approval on the head admits it
    expect(r.report.findings.find((f) => f.rule === 'harness-change')!.message).toMatch(
      /author dependabot\[bot\] matches agent-authors\): it only moves dependency pins/,
    );
    repo.write({
      '.github/workflows/tests.yml': WORKFLOW('v4.2.2').replace('pytest', 'pytest || true'),
    });
    repo.commit('keep CI green', AGENT);
    expect((await check(repo)).rules.sort()).toEqual([
      'agent-harness-edit:.github/workflows/tests.yml',
      'harness-change:.github/workflows/tests.yml',
    ]);
  });

  test('--author human makes every commit a human’s; --harness-paths replaces the default list', async () => {
    const repo = baseRepo();
    repo.write({ 'tests/conftest.py': 'x = 1\n', 'ci/run.sh': 'pytest\n' }).commit('hooks', AGENT);
    expect((await check(repo, '--author', 'human')).rules).toEqual([
      'harness-change:tests/conftest.py',
    ]);
    expect((await check(repo, '--author', 'human', '--harness-paths', 'ci/**')).rules).toEqual([
      'harness-change:ci/run.sh',
    ]);
  });

  test('under expect: ran-files a harness change makes every row expected', async () => {
    const repo = baseRepo();
    // The run holds only one file's tests: ran-files would let the other rows go.
    repo.write({ 'build/junit.xml': pytestXunit1([{ file: 'tests/test_c.py', name: 'test_c' }]) });
    repo.commit('a smaller run');
    const quiet = await check(repo, '--expect', 'ran-files');
    expect(quiet.report.findings.map((f) => f.rule)).not.toContain('classified-missing');
    repo.write({ 'pytest.ini': '[pytest]\naddopts = --ignore=tests/test_a.py\n' }).commit('ini');
    const r = await check(repo, '--expect', 'ran-files');
    expect(r.report.findings.map((f) => f.rule)).toContain('classified-missing');
    expect(r.stdout).toContain('a harness path changed: every row must have a result');
  });

  test('without --base the evidence rules are skipped, and the notes say so', async () => {
    const repo = baseRepo();
    repo.write({ 'tests/conftest.py': 'x = 1\n' }).commit('hook', AGENT);
    let stdout = '';
    await main(['check', '--junit', 'build/*.xml'], {
      cwd: repo.dir,
      stdout: (s) => void (stdout += s),
      stderr: () => undefined,
    });
    expect(stdout).toContain(
      'no base given: the diff rules and the base-ledger comparison were skipped',
    );
    expect(stdout).not.toContain('agent-harness-edit');
  });
});

describe('a change source without per-commit files (the API fallback)', () => {
  test("every changed path takes the change's authorship, shared configs count whole, and a note says so", async () => {
    const repo = baseRepo();
    // A human's commit, but the pull request's author is an agent: the change is an agent's.
    repo.write({ 'package.json': PACKAGE('1.1.0', 'node'), 'tests/helpers.py': 'X = 1\n' });
    repo.commit('bump', HUMAN);
    const { gitChange } = await import('../src/adapters/git/git.js');
    const outcome = await runGate({
      cwd: repo.dir,
      ledger: 'tests/ledger.yaml',
      junit: ['build/*.xml'],
      base: 'main',
      head: 'HEAD',
      production: [],
      goldens: [],
      expect: 'all',
      agentAuthors: [...DEFAULT_AGENT_AUTHORS],
      author: 'auto',
      prAuthor: 'Copilot',
      changeSource: async () => {
        const src = await gitChange(repo.dir, 'main', 'HEAD', false);
        return {
          ...src,
          source: 'the GitHub API (test)',
          commitPaths: undefined,
          fileAt: undefined,
        };
      },
    });
    const rules = outcome.report.findings
      .filter((f) => f.rule.startsWith('agent-'))
      .map((f) => `${f.rule}:${f.file}`)
      .sort();
    expect(rules).toEqual(['agent-harness-edit:package.json', 'agent-test-edit:tests/helpers.py']);
    expect(outcome.report.findings.find((f) => f.rule === 'agent-test-edit')!.message).toBe(
      'tests/helpers.py: the change adds a test path outside the draft paths (pull request author Copilot matches agent-authors)',
    );
    expect(outcome.notes.join('\n')).toContain('gives no per-commit files');
  });
});

describe('parseCommitPaths (git log -z --name-status --format=%x01%H)', () => {
  const A = 'a'.repeat(40);
  const B = 'b'.repeat(40);
  test('commits, a merge’s combined letters, and paths with any byte but NUL', () => {
    const out = `\x01${A}\0\0MM\0b\0AA\0d\0\x01${B}\0\nA\0\x01odd\nname\0D\0x\0`;
    expect(parseCommitPaths(out)).toEqual(
      new Map([
        [
          A,
          [
            { path: 'b', status: 'M' },
            { path: 'd', status: 'A' },
          ],
        ],
        [
          B,
          [
            { path: '\x01odd\nname', status: 'A' },
            { path: 'x', status: 'D' },
          ],
        ],
      ]),
    );
  });
  test('anything else is refused', () => {
    expect(() => parseCommitPaths('M\0a\0')).toThrow('do not parse');
    expect(() => parseCommitPaths(`\x01${A}\0R100\0a\0`)).toThrow('do not parse');
    expect(() => parseCommitPaths('\x01nosha\0')).toThrow('without its sha');
  });
});
