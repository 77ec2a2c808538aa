// Where the action reads the change from (issue 12): git when the clone has, or can fetch, the
// range's commits, and then no API call about the change at all; the API only where git cannot
// answer, and then over the same range git would have used — a base-ref input's, not the pull
// request's own. The bundle runs as the runner runs it, against the fake GitHub server, which
// records every request.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '../src/adapters/github/client.js';
import { apiChange, COMPARE_FILES_CAP } from '../src/adapters/github/fallback.js';
import { apiRef } from '../src/action/change-source.js';
import { fakeGitHubForFile } from './support/fake-github.js';
import { cleanupRun, node24, runAction, type ActionRun } from './support/fake-github-runner.js';
import {
  HUMAN,
  Repo,
  ledgerYaml,
  pytestXunit1,
  scenarioCases,
  scenarioRows,
} from './support/repo.js';
import { pullRequestEvent } from './support/events.js';

const { gh, cleanup } = fakeGitHubForFile();

// One node is enough here: what is tested is which requests go out, not the runtime.
const NODE = node24();
const GOLDEN = 'golden bytes v1\n';
const rows = (golden = GOLDEN) => scenarioRows(golden, '2020-01-10');

/** main holds an admissible state; the `change` branch bumps the golden and its row. */
function scenario() {
  const repo = new Repo('ledger-gate-source-');
  cleanup.push(() => repo.cleanup());
  repo.write({
    'tests/ledger.yaml': ledgerYaml(rows()),
    'tests/goldens/a.txt': GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
    'src/lib.py': 'def f():\n    return 1\n',
  });
  const base = repo.commit('base');
  repo.branch('change');
  repo.write({
    'src/lib.py': 'def f():\n    return 2\n',
    'tests/goldens/a.txt': 'golden bytes v2\n',
    'tests/ledger.yaml': ledgerYaml(rows('golden bytes v2\n')),
  });
  const head = repo.commit('change', HUMAN);
  gh.pulls.set(7, {
    number: 7,
    user: { login: 'dana' },
    head: { sha: head },
    base: { sha: base },
    reviews: [],
  });
  const event = pullRequestEvent({ head, base });
  return { repo, base, head, event };
}

/** A folder holding the head's files and the test reports: `git clone --depth 1`, or no git. */
function workspace(s: ReturnType<typeof scenario>, how: 'shallow' | 'no-git'): string {
  const dir = mkdtempSync(path.join(tmpdir(), `ledger-gate-${how}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  if (how === 'shallow') {
    execFileSync('git', [
      'clone',
      '-q',
      '--depth',
      '1',
      '--branch',
      'change',
      `file://${s.repo.dir}`,
      dir,
    ]);
  } else {
    const tar = execFileSync('git', ['archive', '--format=tar', s.head], { cwd: s.repo.dir });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
  }
  const reports = Object.assign(Object.create(Repo.prototype) as Repo, { dir });
  reports.write({ 'reports/junit-0.xml': pytestXunit1(scenarioCases()) });
  return dir;
}

async function act(
  dir: string,
  event: unknown,
  inputs: Record<string, string> = {},
): Promise<ActionRun> {
  const r = await runAction({
    node: NODE.bin,
    workspace: dir,
    eventName: 'pull_request',
    event,
    apiUrl: gh.url,
    inputs: { junit: 'reports/*.xml', ...inputs },
  });
  cleanup.push(() => cleanupRun(r));
  return r;
}

/** The requests that ask GitHub about the change (not the check run, not the approvals). */
const changeRequests = () =>
  gh.requests
    .map((q) => decodeURIComponent(q.path))
    .filter((p) => /\/compare\/|\/pulls\/\d+\/(files|commits)$|\/contents\//.test(p));

const rulesOf = (r: ActionRun) => (r.report?.findings ?? []).map((f) => f.rule);

describe('the action’s change source', () => {
  test('a shallow clone git can deepen: the change comes from git and no API call asks about it', async () => {
    const s = scenario();
    const dir = workspace(s, 'shallow');
    const r = await act(dir, s.event);
    expect(r.outputs.decision).toBe('review');
    expect(rulesOf(r)).toContain('fixture-contract-change');
    expect(r.summary).toContain('changed paths from git: 3');
    expect(changeRequests()).toEqual([]);
  });

  test('base-ref without git history: compare answers for base-ref...head, never the pull request’s own lists', async () => {
    const s = scenario();
    const dir = workspace(s, 'no-git');
    // The pull request's own range would say three files; the base-ref's range says one.
    gh.pulls.get(7)!.files = [
      { filename: 'src/lib.py', status: 'modified' },
      { filename: 'tests/goldens/a.txt', status: 'modified' },
      { filename: 'tests/ledger.yaml', status: 'modified' },
    ];
    gh.pulls.get(7)!.commits = [{ commit: { author: HUMAN, message: 'change' } }];
    const release = 'f'.repeat(40);
    gh.mergeBases.set(`release...${s.head}`, release);
    gh.comparisons.set(`release...${s.head}`, {
      files: [{ filename: 'src/lib.py', status: 'modified' }],
      commits: [{ commit: { author: HUMAN, message: 'change' } }],
    });
    gh.contents.set(`${release}:tests/ledger.yaml`, ledgerYaml(rows('golden bytes v2\n')));
    const r = await act(dir, s.event, { 'base-ref': 'origin/release' });
    expect(r.code).toBe(0);
    expect(r.outputs.decision).toBe('admit');
    expect(r.summary).toContain(
      `changed paths from the GitHub API (compare release...${s.head.slice(0, 12)}): 1`,
    );
    expect(r.summary).toContain(
      `compared with ${release.slice(0, 12)} (merge base of origin/release)`,
    );
    expect(changeRequests()).toEqual([
      `/repos/acme/widgets/compare/release...${s.head}`,
      '/repos/acme/widgets/contents/tests/ledger.yaml',
    ]);
  });

  test('neither git nor the API can answer: one line naming both, the check run fails', async () => {
    const s = scenario();
    const dir = workspace(s, 'no-git');
    const r = await act(dir, s.event, { 'base-ref': 'release' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error::ledger-gate: the workspace is not a git clone; the GitHub API cannot answer either: .*compar.*release\.\.\./m,
    );
    expect(gh.onlyCheckRun()).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });
});

describe('apiRef', () => {
  test.each([
    ['origin/release', 'release'],
    ['refs/remotes/origin/release', 'release'],
    ['release', 'release'],
    ['a'.repeat(40), 'a'.repeat(40)],
    ['upstream/release', 'upstream/release'],
  ])('%s is %s on GitHub', (ref, api) => {
    expect(apiRef(ref)).toBe(api);
  });
});

describe('the API source over a base-ref range (compare), in process', () => {
  const repo = { owner: 'acme', repo: 'widgets' };
  const head = 'e'.repeat(40);
  const source = async () =>
    apiChange(createClient('ghs_test', { GITHUB_API_URL: gh.url }), repo, {
      base: 'release',
      head,
    });
  beforeEach(() => {
    gh.mergeBases.set(`release...${head}`, 'f'.repeat(40));
  });

  test('as many files as compare lists at most: fails closed, naming the way out', async () => {
    const files = Array.from({ length: COMPARE_FILES_CAP }, (_, i) => ({
      filename: `src/f${i}.py`,
      status: 'modified',
    }));
    gh.comparisons.set(`release...${head}`, { files });
    const src = await source();
    await expect(src.changedPaths()).rejects.toThrow(
      /past what the compare API returns.*fetch-depth: 0/,
    );
  });

  test('more commits than compare lists: the authors are unknown (null), not the listed few', async () => {
    const commits = [{ commit: { author: HUMAN, message: 'change' } }];
    gh.comparisons.set(`release...${head}`, { commits, totalCommits: 251 });
    expect(await (await source()).commits()).toBeNull();
    gh.comparisons.set(`release...${head}`, { commits });
    expect(await (await source()).commits()).toHaveLength(1);
  });

  test('a range GitHub does not know: one line naming the comparison', async () => {
    gh.mergeBases.clear();
    await expect(source()).rejects.toThrow(
      `GitHub API: comparing release...${head} failed (HTTP 404)`,
    );
  });
});
