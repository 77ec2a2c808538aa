// The agent-to-human promotion flow through the action: the bundle dist/index.js run as the
// runner runs it, in a real git repository, against the fake GitHub API. The action judges
// each ledger row by the commit that last touched it, exactly as the CLI does
// (authorship-git.test.ts), and an approval on the head commit admits the human's promotion.
// Under one Node only: the per-Node matrix lives in action.test.ts.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fakeGitHubForFile, type FakeReview } from './support/fake-github.js';
import { cleanupRun, node24, runAction, type ActionRun } from './support/fake-github-runner.js';
import {
  AGENT,
  HUMAN,
  Repo,
  SCENARIO_FILE,
  ledgerYaml,
  pytestXunit1,
  scenarioCases,
  scenarioRows,
} from './support/repo.js';
import { pullRequestEvent } from './support/events.js';

const { gh, cleanup } = fakeGitHubForFile();

const NODE = node24();
const F = SCENARIO_FILE;
const NEW = `${F}::test_new_idea`;
const GOLDEN = 'golden bytes v1\n';
const rows = () => scenarioRows(GOLDEN, '2020-01-10');
const draft = { id: NEW, class: 'draft', source: 'agent', proposed_class: 'property' };
const promoted = { id: NEW, class: 'property', invariant: 'x', seeds: 'tests/seeds/p/' };
// The Copilot coding agent opens its pull requests as `Copilot`, an account of type Bot.
const PR_AUTHOR = { login: 'Copilot', type: 'Bot' };

function start(): { repo: Repo; base: string } {
  const repo = new Repo('ledger-gate-authorship-');
  cleanup.push(() => repo.cleanup());
  repo.write({
    'tests/ledger.yaml': ledgerYaml(rows()),
    'tests/goldens/a.txt': GOLDEN,
    'tests/seeds/p/one.json': '[1]\n',
  });
  const base = repo.commit('base');
  repo.branch('change');
  // The test job's report, downloaded into the workspace (not committed).
  repo.write({
    'reports/junit.xml': pytestXunit1([...scenarioCases(), { file: F, name: 'test_new_idea' }]),
  });
  return { repo, base };
}

const setLedger = (repo: Repo, row: Record<string, string>) =>
  repo.write({ 'tests/ledger.yaml': ledgerYaml([...rows(), row]) });

const approval = (commit: string): FakeReview => ({
  user: { login: 'maintainer', type: 'User' },
  state: 'APPROVED',
  commit_id: commit,
  author_association: 'MEMBER',
});

async function act(workspace: string, base: string, head: string, reviews: FakeReview[] = []) {
  gh.roles.set('maintainer', 'write');
  gh.pulls.set(7, {
    number: 7,
    user: { login: PR_AUTHOR.login },
    head: { sha: head },
    base: { sha: base },
    reviews,
  });
  const r = await runAction({
    node: NODE.bin,
    workspace,
    eventName: 'pull_request',
    event: pullRequestEvent({ head, base, author: PR_AUTHOR }),
    apiUrl: gh.url,
    inputs: { junit: 'reports/*.xml' },
  });
  cleanup.push(() => cleanupRun(r));
  return r;
}
const rulesOf = (r: ActionRun) => (r.report?.findings ?? []).map((f) => `${f.rule}:${f.id}`);

describe('the promotion flow in an agent’s pull request (action, real git, fake GitHub)', () => {
  test('agent draft → reject; human promotion → review, admitted by an approval on the head; agent edit → reject', async () => {
    const { repo, base } = start();

    setLedger(repo, draft);
    const h1 = repo.commit('add test_new_idea as a draft', AGENT);
    const first = await act(repo.dir, base, h1);
    expect(first.outputs.decision).toBe('reject');
    expect(rulesOf(first)).toContain(`draft-pass:${NEW}`);
    // The pull request's author is a Bot: the change as a whole is an agent's, and says so.
    expect(first.summary).toContain('pull request author Copilot is a Bot account');

    setLedger(repo, promoted);
    const h2 = repo.commit('promote test_new_idea', HUMAN);
    const second = await act(repo.dir, base, h2);
    expect(second.outputs.decision).toBe('review');
    expect(rulesOf(second)).toContain(`ledger-contract-change:${NEW}`);
    const asked = second.report!.findings.find((f) => f.rule === 'ledger-contract-change');
    expect(asked?.accepts).toBe(`${NEW}: class property, invariant x, seeds tests/seeds/p`);
    expect(second.summary).toContain('an approval accepts tests/test\\_a.py::test\\_new\\_idea');

    // An approval on an older commit does not count; one on the head admits.
    const stale = await act(repo.dir, base, h2, [approval(h1)]);
    expect(stale.outputs.decision).toBe('review');
    const approved = await act(repo.dir, base, h2, [approval(h2)]);
    expect(approved.code).toBe(0);
    expect(approved.outputs.decision).toBe('admit');
    const accepted = approved.report!.findings.find((f) => f.rule === 'ledger-contract-change');
    expect(accepted).toMatchObject({ result: 'admit', approved_by: 'maintainer', id: NEW });

    setLedger(repo, { ...promoted, invariant: 'y' });
    const h3 = repo.commit('tweak the invariant', AGENT);
    const third = await act(repo.dir, base, h3, [approval(h3)]);
    expect(third.outputs.decision).toBe('reject');
    expect(rulesOf(third)).toContain(`ledger-agent-edit:${NEW}`);
  });

  test('without git history (the API fallback) rows cannot be attributed: the agent’s pull request fails toward agent', async () => {
    const { repo, base } = start();
    setLedger(repo, draft);
    repo.commit('draft', AGENT);
    setLedger(repo, promoted);
    const head = repo.commit('promote', HUMAN);
    const plain = mkdtempSync(path.join(tmpdir(), 'ledger-gate-nogit-'));
    cleanup.push(() => rmSync(plain, { recursive: true, force: true }));
    const tar = execFileSync('git', ['archive', '--format=tar', head], { cwd: repo.dir });
    execFileSync('tar', ['-x', '-C', plain], { input: tar });
    Object.assign(Object.create(Repo.prototype) as Repo, { dir: plain }).write({
      'reports/junit.xml': pytestXunit1([...scenarioCases(), { file: F, name: 'test_new_idea' }]),
    });
    gh.mergeBases.set(`${base}...${head}`, base);
    gh.contents.set(`${base}:tests/ledger.yaml`, ledgerYaml(rows()));
    const r = await act(plain, base, head);
    expect(r.summary).toContain('pulls.listFiles');
    expect(r.outputs.decision).toBe('reject');
    expect(rulesOf(r)).toContain(`ledger-agent-edit:${NEW}`);
  });
});

describe('trailers through the API fallback are read by git’s parser', () => {
  test('a human pull request whose commit carries an agent trailer after a 0x1E byte: agent', async () => {
    const { repo, base } = start();
    setLedger(repo, promoted);
    const head = repo.commit('add a row', HUMAN);
    const plain = mkdtempSync(path.join(tmpdir(), 'ledger-gate-nogit-'));
    cleanup.push(() => rmSync(plain, { recursive: true, force: true }));
    const tar = execFileSync('git', ['archive', '--format=tar', head], { cwd: repo.dir });
    execFileSync('tar', ['-x', '-C', plain], { input: tar });
    Object.assign(Object.create(Repo.prototype) as Repo, { dir: plain }).write({
      'reports/junit.xml': pytestXunit1([...scenarioCases(), { file: F, name: 'test_new_idea' }]),
    });
    gh.mergeBases.set(`${base}...${head}`, base);
    gh.contents.set(`${base}:tests/ledger.yaml`, ledgerYaml(rows()));
    const commit = {
      sha: head,
      parents: [{ sha: base }],
      commit: {
        author: HUMAN,
        committer: HUMAN,
        message: 'add a row\n\nbody \x1e here\n\nCo-authored-by: Claude <noreply@anthropic.com>\n',
      },
    };
    gh.pulls.set(7, {
      number: 7,
      user: { login: 'dana' },
      head: { sha: head },
      base: { sha: base },
      reviews: [],
      commits: [commit as never],
    });
    const r = await runAction({
      node: NODE.bin,
      workspace: plain,
      eventName: 'pull_request',
      event: pullRequestEvent({ head, base }),
      apiUrl: gh.url,
      inputs: { junit: 'reports/*.xml' },
    });
    cleanup.push(() => cleanupRun(r));
    expect(r.outputs.decision).toBe('reject');
    expect(rulesOf(r)).toContain(`ledger-agent-edit:${NEW}`);
    expect(r.report!.findings.find((f) => f.rule === 'ledger-agent-edit')?.message).toMatch(
      /Co-authored-by noreply@anthropic\.com matches agent-authors/,
    );
  });
});
