// Who may approve, through the bundle under Node 24 against the fake GitHub: an approval on
// the head counts only when the reviewer's permission on the repository (the
// collaborator-permission endpoint) is write, maintain or admin, as branch protection counts
// reviewers; the author association is not asked. A token that cannot read permissions leaves
// review as review and says what to grant. Every review event re-judges: a dismissed approval
// turns the admit it made back into review.
import { describe, expect, test } from '@jest/globals';
import {
  fakeGitHubForFile,
  pullRequest7,
  type FakeReview,
  type Role,
} from './support/fake-github.js';
import { cleanupRun, node24, runAction, type ActionRun } from './support/fake-github-runner.js';
import { Repo, ledgerYaml, pytestXunit1, scenarioCases, scenarioRows } from './support/repo.js';

const { gh, cleanup } = fakeGitHubForFile();
const NODE = node24();
const rows = (golden: string) => scenarioRows(golden, '2020-01-10');

/** A human's golden rewrite with its digest bumped: review, admitted by an eligible approval. */
function reviewChange(): { repo: Repo; base: string; head: string } {
  const repo = new Repo('ledger-gate-approvals-');
  cleanup.push(() => repo.cleanup());
  repo.write({
    'tests/ledger.yaml': ledgerYaml(rows('golden bytes v1\n')),
    'tests/goldens/a.txt': 'golden bytes v1\n',
    'tests/seeds/p/one.json': '[1]\n',
  });
  const base = repo.commit('base');
  repo.branch('change');
  repo.write({
    'tests/goldens/a.txt': 'golden bytes v2\n',
    'tests/ledger.yaml': ledgerYaml(rows('golden bytes v2\n')),
  });
  const head = repo.commit('rewrite the golden');
  repo.write({ 'reports/junit.xml': pytestXunit1(scenarioCases()) });
  return { repo, base, head };
}

const approval = (login: string, commit: string, association = 'MEMBER'): FakeReview => ({
  user: { login, type: 'User' },
  state: 'APPROVED',
  commit_id: commit,
  author_association: association,
});

async function act(
  s: { repo: Repo; base: string; head: string },
  reviews: FakeReview[],
  eventName: 'pull_request' | 'pull_request_review' = 'pull_request',
  action = 'synchronize',
): Promise<ActionRun> {
  const r = await runAction({
    node: NODE.bin,
    workspace: s.repo.dir,
    eventName,
    event: pullRequest7(gh, s, reviews, action, eventName),
    apiUrl: gh.url,
    inputs: { junit: 'reports/*.xml' },
  });
  cleanup.push(() => cleanupRun(r));
  return r;
}

const permissionAsked = (login: string) =>
  gh.requests.some((q) => q.path === `/repos/acme/widgets/collaborators/${login}/permission`);

describe('an approval counts only with write, maintain or admin permission on the repository', () => {
  test.each<[string, Role, string, 'admit' | 'review']>([
    ['an organisation member with read only', 'read', 'MEMBER', 'review'],
    ['an organisation member with triage', 'triage', 'MEMBER', 'review'],
    ['an outside collaborator with read', 'read', 'COLLABORATOR', 'review'],
    ['an outside collaborator with triage', 'triage', 'COLLABORATOR', 'review'],
    ['an outside collaborator with write', 'write', 'COLLABORATOR', 'admit'],
    ['an organisation member with write (through a team)', 'write', 'MEMBER', 'admit'],
    ['a maintainer', 'maintain', 'MEMBER', 'admit'],
    ['an admin', 'admin', 'OWNER', 'admit'],
  ])('%s (role %s): %s', async (_who, role, association, decision) => {
    const s = reviewChange();
    gh.roles.set('lee', role);
    const r = await act(s, [approval('lee', s.head, association)]);
    expect(permissionAsked('lee')).toBe(true);
    expect(r.outputs.decision).toBe(decision);
    expect(gh.onlyCheckRun().conclusion).toBe(decision === 'admit' ? 'success' : 'action_required');
    if (decision === 'admit') {
      expect(r.code).toBe(0);
      expect(r.report!.findings.some((f) => f.approved_by === 'lee')).toBe(true);
      expect(r.summary).toContain('approved by lee');
    } else {
      expect(r.code).toBe(1);
      expect(r.report!.findings.some((f) => f.approved_by)).toBe(false);
      const base = role === 'triage' ? 'read' : role;
      expect(r.summary).toContain(
        `approval by lee not counted: no write access (permission ${base}, role ${role})`,
      );
    }
  });

  test('the author association is not asked: a CONTRIBUTOR with write access counts', async () => {
    const s = reviewChange();
    gh.roles.set('lee', 'write');
    const r = await act(s, [approval('lee', s.head, 'CONTRIBUTOR')]);
    expect(r.outputs.decision).toBe('admit');
  });

  test('the first approver with write access admits; read-only approvers before them are named', async () => {
    const s = reviewChange();
    gh.roles.set('kim', 'read');
    gh.roles.set('lee', 'maintain');
    const r = await act(s, [approval('kim', s.head), approval('lee', s.head)]);
    expect(r.outputs.decision).toBe('admit');
    expect(
      r.report!.findings.filter((f) => f.approved_by).every((f) => f.approved_by === 'lee'),
    ).toBe(true);
    expect(r.summary).toContain('approval by kim not counted: no write access');
  });

  test('the author, an agent and an older commit are passed over before any permission is asked', async () => {
    const s = reviewChange();
    gh.roles.set('dana', 'admin');
    const r = await act(s, [approval('dana', s.head), approval('lee', s.base)]);
    expect(r.outputs.decision).toBe('review');
    expect(permissionAsked('dana')).toBe(false);
    expect(permissionAsked('lee')).toBe(false);
  });

  // 403: the token may not read them; 404: it cannot see the repository's collaborators.
  test.each([403, 404])(
    'a token that cannot read permissions (HTTP %d): review stays review, saying what to grant',
    async (status) => {
      const s = reviewChange();
      gh.roles.set('lee', 'admin');
      gh.permissionStatus = status;
      const r = await act(s, [approval('lee', s.head)]);
      expect(r.outputs.decision).toBe('review');
      expect(r.code).toBe(1);
      expect(gh.onlyCheckRun().conclusion).toBe('action_required');
      expect(r.summary).toContain('no approval is applied');
      expect(r.summary).toContain('Metadata: read');
      expect(r.summary).toContain(`(HTTP ${status})`);
    },
  );
});

describe('every review event re-judges the head', () => {
  test('submitted admits, dismissed turns it back into review, a new approval admits again', async () => {
    const s = reviewChange();
    gh.roles.set('lee', 'write');
    const approved = await act(s, [approval('lee', s.head)], 'pull_request_review', 'submitted');
    expect(approved.outputs.decision).toBe('admit');
    expect(gh.onlyCheckRun().conclusion).toBe('success');

    // GitHub keeps a dismissed review in the list, its state now DISMISSED.
    gh.checkRuns.clear();
    const dismissed = { ...approval('lee', s.head), state: 'DISMISSED' };
    const after = await act(s, [dismissed], 'pull_request_review', 'dismissed');
    expect(after.code).toBe(1);
    expect(after.outputs.decision).toBe('review');
    expect(after.report!.findings.some((f) => f.approved_by)).toBe(false);
    expect(gh.onlyCheckRun()).toMatchObject({ head_sha: s.head, conclusion: 'action_required' });
    expect(after.summary).toContain(`no eligible approval on ${s.head.slice(0, 12)}`);

    gh.checkRuns.clear();
    gh.roles.set('kim', 'admin');
    const again = await act(
      s,
      [dismissed, approval('kim', s.head)],
      'pull_request_review',
      'submitted',
    );
    expect(again.outputs.decision).toBe('admit');
  });

  test('edited: the event re-judges from the reviews as they are now', async () => {
    const s = reviewChange();
    gh.roles.set('lee', 'write');
    const r = await act(s, [approval('lee', s.head)], 'pull_request_review', 'edited');
    expect(r.outputs.decision).toBe('admit');
    // Editing a review's text never changes its state; the later request for changes does.
    gh.checkRuns.clear();
    const changed = { ...approval('lee', s.head), state: 'CHANGES_REQUESTED' };
    const later = await act(s, [approval('lee', s.head), changed], 'pull_request_review', 'edited');
    expect(later.outputs.decision).toBe('review');
  });
});
