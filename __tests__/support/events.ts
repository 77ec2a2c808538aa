// The event payloads the tests feed the action, whole: GitHub's webhook payloads carry far more
// than the few fields the action reads, and a test that builds only those would agree with the
// action but not with GitHub. One builder per event fills every field GitHub's webhooks
// description (@octokit/openapi-webhooks) requires, with values shaped as GitHub sends them; a
// test names only what it is about (shas, refs, the author, the run). `fed` holds a payload to
// the description at the point a test feeds it (support/openapi.ts), failing the test if off it.
import { afterAll, expect } from '@jest/globals';
import { assertPayload, recordCounts } from './openapi.js';

const API = 'https://api.github.com';
const WEB = 'https://github.com';
const WHEN = '2026-11-30T09:14:07Z';
const LATER = '2026-11-30T09:21:44Z';

/** A stable positive id for a name (GitHub's ids are integers; tests need them only distinct). */
function idOf(name: string): number {
  let h = 7;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 2_000_000_000;
  return h + 1000;
}
const nodeId = (prefix: string, id: number) =>
  `${prefix}_kwDO${Buffer.from(String(id)).toString('base64').replace(/=/g, '')}`;

export interface Account {
  login: string;
  /** `User`, `Bot`, `Organization`. */
  type?: string;
}

/** A user, bot or organisation as GitHub writes one into a payload (simple-user). */
export function user(login: string, type = 'User') {
  const id = idOf(login);
  const url = `${API}/users/${login}`;
  return {
    login,
    id,
    node_id: nodeId(type === 'Bot' ? 'BOT' : type === 'Organization' ? 'O' : 'U', id),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${WEB}/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
}

/** A repository as a webhook payload carries it (`acme/widgets`; a fork with `fork: true`). */
export function repository(
  fullName = 'acme/widgets',
  o: { fork?: boolean; ownerType?: string } = {},
) {
  const [owner, name] = fullName.split('/');
  const id = idOf(fullName);
  const url = `${API}/repos/${fullName}`;
  const templated = (k: string, tail: string) => [`${k}_url`, `${url}/${tail}`];
  return {
    id,
    node_id: nodeId('R', id),
    name,
    full_name: fullName,
    private: false,
    owner: user(owner, o.ownerType ?? (owner === 'acme' ? 'Organization' : 'User')),
    html_url: `${WEB}/${fullName}`,
    description: 'Widgets, tested',
    fork: o.fork ?? false,
    url,
    ...Object.fromEntries([
      templated('forks', 'forks'),
      templated('keys', 'keys{/key_id}'),
      templated('collaborators', 'collaborators{/collaborator}'),
      templated('teams', 'teams'),
      templated('hooks', 'hooks'),
      templated('issue_events', 'issues/events{/number}'),
      templated('events', 'events'),
      templated('assignees', 'assignees{/user}'),
      templated('branches', 'branches{/branch}'),
      templated('tags', 'tags'),
      templated('blobs', 'git/blobs{/sha}'),
      templated('git_tags', 'git/tags{/sha}'),
      templated('git_refs', 'git/refs{/sha}'),
      templated('trees', 'git/trees{/sha}'),
      templated('statuses', 'statuses/{sha}'),
      templated('languages', 'languages'),
      templated('stargazers', 'stargazers'),
      templated('contributors', 'contributors'),
      templated('subscribers', 'subscribers'),
      templated('subscription', 'subscription'),
      templated('commits', 'commits{/sha}'),
      templated('git_commits', 'git/commits{/sha}'),
      templated('comments', 'comments{/number}'),
      templated('issue_comment', 'issues/comments{/number}'),
      templated('contents', 'contents/{+path}'),
      templated('compare', 'compare/{base}...{head}'),
      templated('merges', 'merges'),
      templated('archive', '{archive_format}{/ref}'),
      templated('downloads', 'downloads'),
      templated('issues', 'issues{/number}'),
      templated('pulls', 'pulls{/number}'),
      templated('milestones', 'milestones{/number}'),
      templated('notifications', 'notifications{?since,all,participating}'),
      templated('labels', 'labels{/name}'),
      templated('releases', 'releases{/id}'),
      templated('deployments', 'deployments'),
    ]),
    created_at: '2024-02-11T16:02:51Z',
    updated_at: WHEN,
    pushed_at: WHEN,
    git_url: `git://github.com/${fullName}.git`,
    ssh_url: `git@github.com:${fullName}.git`,
    clone_url: `${WEB}/${fullName}.git`,
    svn_url: `${WEB}/${fullName}`,
    homepage: null,
    size: 412,
    stargazers_count: 3,
    watchers_count: 3,
    language: 'Python',
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: false,
    has_pages: false,
    has_discussions: false,
    forks_count: 1,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: 2,
    license: null,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: [],
    visibility: 'public',
    forks: 1,
    open_issues: 2,
    watchers: 3,
    default_branch: 'main',
  };
}

/** A commit as push, merge_group and workflow_run payloads summarise one. */
function commit(sha: string, message = 'change', repo = 'acme/widgets') {
  const who = { name: 'Dana', email: 'dana@example.com', username: 'dana' };
  return {
    id: sha,
    tree_id: sha.replace(/^./, 'f'),
    distinct: true,
    message,
    timestamp: WHEN,
    url: `${WEB}/${repo}/commit/${sha}`,
    author: who,
    committer: who,
    added: [],
    removed: [],
    modified: ['src/lib.py'],
  };
}

export interface PullRequestShape {
  number?: number;
  head: string;
  base: string;
  author?: Account;
  headRef?: string;
  baseRef?: string;
  /** The head's repository: a fork's full name, or the base repository by default. */
  headRepo?: string;
  repo?: string;
}

/** A pull request as the pull_request and pull_request_review payloads carry it. */
export function pullRequest(s: PullRequestShape) {
  const number = s.number ?? 7;
  const repo = s.repo ?? 'acme/widgets';
  const headRepo = s.headRepo ?? repo;
  const author = user(s.author?.login ?? 'dana', s.author?.type ?? 'User');
  const id = idOf(`${repo}#${number}`);
  const url = `${API}/repos/${repo}/pulls/${number}`;
  const issue = `${API}/repos/${repo}/issues/${number}`;
  const html = `${WEB}/${repo}/pull/${number}`;
  const side = (sha: string, ref: string, full: string) => ({
    label: `${full.split('/')[0]}:${ref}`,
    ref,
    sha,
    user: user(full.split('/')[0], full.startsWith('acme/') ? 'Organization' : 'User'),
    repo: repository(full, { fork: full !== repo }),
  });
  return {
    url,
    id,
    node_id: nodeId('PR', id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issue,
    number,
    state: 'open',
    locked: false,
    title: 'Change f to return 2',
    user: author,
    body: null,
    created_at: WHEN,
    updated_at: LATER,
    closed_at: null,
    merged_at: null,
    merge_commit_sha: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    labels: [],
    milestone: null,
    draft: false,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${API}/repos/${repo}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: `${API}/repos/${repo}/statuses/${s.head}`,
    head: side(s.head, s.headRef ?? 'change', headRepo),
    base: side(s.base, s.baseRef ?? 'main', repo),
    _links: {
      self: { href: url },
      html: { href: html },
      issue: { href: issue },
      comments: { href: `${issue}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${API}/repos/${repo}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${API}/repos/${repo}/statuses/${s.head}` },
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    active_lock_reason: null,
    merged: false,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 1,
    deletions: 1,
    changed_files: 1,
  };
}

/** A pull_request event (`synchronize` unless said). */
export function pullRequestEvent(s: PullRequestShape & { action?: string }) {
  const repo = s.repo ?? 'acme/widgets';
  const action = s.action ?? 'synchronize';
  return {
    action,
    number: s.number ?? 7,
    // synchronize says which commits the push moved the head between.
    ...(action === 'synchronize' ? { before: s.base, after: s.head } : {}),
    ...(action === 'edited' ? { changes: { title: { from: 'Change f' } } } : {}),
    pull_request: pullRequest(s),
    repository: repository(repo),
    sender: user(s.author?.login ?? 'dana', s.author?.type ?? 'User'),
  };
}

/** A pull_request_review event: `submitted` (an approval unless `state` says) by `reviewer`. */
export function pullRequestReviewEvent(
  s: PullRequestShape & { action?: string; reviewer?: string; state?: string },
) {
  const repo = s.repo ?? 'acme/widgets';
  const action = s.action ?? 'submitted';
  const number = s.number ?? 7;
  const reviewer = user(s.reviewer ?? 'maria');
  const id = idOf(`${repo}#${number} review`);
  const pr = `${API}/repos/${repo}/pulls/${number}`;
  return {
    action,
    ...(action === 'edited' ? { changes: { body: { from: '' } } } : {}),
    review: {
      id,
      node_id: nodeId('PRR', id),
      user: reviewer,
      body: null,
      commit_id: s.head,
      submitted_at: LATER,
      state: s.state ?? (action === 'dismissed' ? 'dismissed' : 'approved'),
      html_url: `${WEB}/${repo}/pull/${number}#pullrequestreview-${id}`,
      pull_request_url: pr,
      author_association: 'MEMBER',
      _links: {
        html: { href: `${WEB}/${repo}/pull/${number}#pullrequestreview-${id}` },
        pull_request: { href: pr },
      },
    },
    pull_request: pullRequest(s),
    repository: repository(repo),
    sender: reviewer,
  };
}

/** A merge_group event: the queue's head (its ref names pull request `pr`, if given) on base. */
export function mergeGroupEvent(s: { head: string; base: string; headRef?: string; pr?: number }) {
  return {
    action: 'checks_requested',
    merge_group: {
      head_sha: s.head,
      head_ref: s.headRef ?? `refs/heads/gh-readonly-queue/main/pr-${s.pr ?? 7}-${s.base}`,
      base_sha: s.base,
      base_ref: 'refs/heads/main',
      head_commit: {
        ...commit(s.head, `Merge pull request #${s.pr ?? 7}`),
        author: { name: 'Dana', email: 'dana@example.com' },
        committer: { name: 'GitHub', email: 'noreply@github.com' },
      },
    },
    repository: repository(),
    sender: user('github-merge-queue[bot]', 'Bot'),
  };
}

/** A push event of `after` onto `before` (all zeros: a new branch). */
export function pushEvent(s: { before: string; after: string; ref?: string }) {
  const created = /^0+$/.test(s.before);
  const deleted = /^0+$/.test(s.after);
  const repo = repository();
  const head = deleted ? null : commit(s.after);
  return {
    ref: s.ref ?? 'refs/heads/main',
    before: s.before,
    after: s.after,
    repository: repo,
    pusher: { name: 'dana', email: 'dana@example.com' },
    sender: user('dana'),
    created,
    deleted,
    forced: false,
    base_ref: null,
    compare: `${WEB}/acme/widgets/compare/${s.before.slice(0, 12)}...${s.after.slice(0, 12)}`,
    commits: head ? [head] : [],
    head_commit: head,
  };
}

export interface WorkflowRunShape {
  id?: number;
  /** The triggering run's event. */
  event?: string;
  conclusion?: string | null;
  headSha: string;
  headBranch?: string | null;
  /** The run's head repository: a fork's full name, or the base repository. */
  headRepo?: string;
  /** The pull requests GitHub names (same-repository ones; none for a fork). */
  pullRequests?: { number: number; head?: string; base?: string }[];
}

/** A workflow_run event (`completed` unless said) of a pull request's test run. */
export function workflowRunEvent(s: WorkflowRunShape & { action?: string }) {
  const repo = repository();
  const headRepo = s.headRepo ? repository(s.headRepo, { fork: true }) : repo;
  const id = s.id ?? 77;
  const url = `${API}/repos/acme/widgets/actions/runs/${id}`;
  const lite = (r: ReturnType<typeof repository>) => ({ id: r.id, url: r.url, name: r.name });
  const action = s.action ?? 'completed';
  return {
    action,
    workflow_run: {
      id,
      name: 'tests',
      node_id: nodeId('WFR', id),
      head_branch: s.headBranch === undefined ? 'change' : s.headBranch,
      head_sha: s.headSha,
      path: '.github/workflows/tests.yml',
      display_title: 'Change f to return 2',
      run_number: 12,
      event: s.event ?? 'pull_request',
      status: action === 'completed' ? 'completed' : action,
      conclusion:
        s.conclusion === undefined ? (action === 'completed' ? 'success' : null) : s.conclusion,
      workflow_id: 5150,
      check_suite_id: 90210,
      check_suite_node_id: nodeId('CS', 90210),
      url,
      html_url: `${WEB}/acme/widgets/actions/runs/${id}`,
      pull_requests: (s.pullRequests ?? []).map((p) => ({
        url: `${API}/repos/acme/widgets/pulls/${p.number}`,
        id: idOf(`acme/widgets#${p.number}`),
        number: p.number,
        head: { ref: 'change', sha: p.head ?? s.headSha, repo: lite(repo) },
        base: { ref: 'main', sha: p.base ?? s.headSha.replace(/^./, 'e'), repo: lite(repo) },
      })),
      created_at: WHEN,
      updated_at: LATER,
      actor: user('dana'),
      triggering_actor: user('dana'),
      run_attempt: 1,
      run_started_at: WHEN,
      jobs_url: `${url}/jobs`,
      logs_url: `${url}/logs`,
      check_suite_url: `${API}/repos/acme/widgets/check-suites/90210`,
      artifacts_url: `${url}/artifacts`,
      cancel_url: `${url}/cancel`,
      rerun_url: `${url}/rerun`,
      previous_attempt_url: null,
      workflow_url: `${API}/repos/acme/widgets/actions/workflows/5150`,
      head_commit: {
        ...commit(s.headSha),
        author: { name: 'Dana', email: 'dana@example.com' },
        committer: { name: 'Dana', email: 'dana@example.com' },
      },
      repository: repo,
      head_repository: headRepo,
    },
    workflow: {
      id: 5150,
      node_id: nodeId('W', 5150),
      name: 'tests',
      path: '.github/workflows/tests.yml',
      state: 'active',
      created_at: '2024-02-11T16:10:00Z',
      updated_at: WHEN,
      url: `${API}/repos/acme/widgets/actions/workflows/5150`,
      html_url: `${WEB}/acme/widgets/blob/main/.github/workflows/tests.yml`,
      badge_url: `${WEB}/acme/widgets/workflows/tests/badge.svg`,
    },
    repository: repo,
    sender: user('dana'),
  };
}

/**
 * `payload`, once held to GitHub's webhooks description as `event`: a payload a test feeds must
 * be one GitHub could send, or the test fails here. (Hostile-event tests feed malformed payloads
 * on purpose and do not come through here.)
 */
export function fed<T>(event: string, payload: T): T {
  assertPayload(event, payload);
  return payload;
}

/**
 * For a test file that feeds payloads without a fake GitHub (whose stop records them): adds the
 * file's validation counts to the group's build/openapi-validated-<group>.json after its tests.
 */
export function recordPayloadCounts(): void {
  afterAll(() => recordCounts(expect.getState().testPath ?? 'unknown'));
}
