// Who approved the pull request's head commit (§3): the latest review of each reviewer counts,
// and only an APPROVED one on the current head, by a human who is not the author and whose
// permission on the repository is write, maintain or admin (as branch protection counts
// reviewers), admits review findings. The author association is not asked: MEMBER is any
// member of the organisation and COLLABORATOR any collaborator, read-only ones included.
import { agentMatcher } from '../../decision/authorship.js';
import type { Api, Repo } from './client.js';
import { apiError, isForbidden } from './client.js';
import type { ApiPull } from './rest.js';

export interface Review {
  id?: number;
  state: string;
  commit_id?: string | null;
  author_association?: string;
  submitted_at?: string | null;
  user?: { login?: string; type?: string } | null;
}

// A comment does not replace an earlier approval or request for changes; a dismissal does.
const DECISIVE = new Set(['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED']);

export interface ApprovalQuery {
  headSha: string;
  prAuthor?: string;
  agentAuthors: string[];
}

export interface ApprovalAnswer {
  approver?: string;
  /** Why each approval that did not count was passed over, for the summary. */
  passedOver: string[];
}

export interface Candidates {
  /** Logins whose approval counts if their permission allows it, in the order they approved. */
  logins: string[];
  passedOver: string[];
}

/** Pure: the approvals on the head by humans other than the author (reviews in the API's chronological order). */
export function approvalCandidates(reviews: Review[], q: ApprovalQuery): Candidates {
  const isAgent = agentMatcher(q.agentAuthors);
  const latest = new Map<string, Review>();
  // The API lists reviews oldest first; sorting by submitted_at (stable) keeps that if it ever differs.
  const when = (r: Review) => (r.submitted_at ? Date.parse(r.submitted_at) : 0) || 0;
  const ordered = reviews.every((r) => r.submitted_at)
    ? [...reviews].sort((a, b) => when(a) - when(b))
    : reviews;
  for (const r of ordered) {
    const login = r.user?.login;
    if (!login || !DECISIVE.has(r.state)) continue;
    latest.set(login.toLowerCase(), r);
  }
  const passedOver: string[] = [];
  const logins: string[] = [];
  for (const r of latest.values()) {
    if (r.state !== 'APPROVED') continue;
    const login = r.user!.login!;
    const why =
      r.commit_id !== q.headSha
        ? `approved an older commit ${String(r.commit_id ?? '?').slice(0, 12)}`
        : q.prAuthor !== undefined && login.toLowerCase() === q.prAuthor.toLowerCase()
          ? 'is the author'
          : r.user?.type === 'Bot' || isAgent(login)
            ? 'is an agent'
            : undefined;
    if (why) passedOver.push(`approval by ${login} not counted: ${why}`);
    else logins.push(login);
  }
  return { logins, passedOver };
}

/** The collaborator-permission endpoint's answer. */
export interface Permission {
  /** The base role: admin, write (maintain included), read (triage included) or none. */
  permission?: string;
  /** The role itself: admin, maintain, write, triage, read or a custom role's name. */
  role_name?: string;
}

/**
 * Pure: whether a permission lets its holder's approval count. `permission` is the base role,
 * so a custom role built on write counts and one built on triage does not.
 */
export function mayApprove(p: Permission): boolean {
  return p.permission === 'admin' || p.permission === 'write';
}

/** What the token needs to read reviewers' permissions, for the note when it cannot. */
export const PERMISSION_NEEDED =
  "the token may not read the reviewers' permissions on the repository (collaborators/{username}/permission), so no approval is applied: " +
  'grant it the Metadata: read repository permission (a GitHub App or fine-grained token) or the repo scope (a classic token)';

/**
 * Lists every review of the pull request (paginated) and asks each candidate's permission,
 * in the order they approved, until one may approve.
 */
export async function findApprover(
  api: Api,
  repo: Repo,
  pull: number,
  q: ApprovalQuery,
): Promise<ApprovalAnswer> {
  let reviews: Review[];
  try {
    reviews = await api.paginate<Review>('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', {
      ...repo,
      pull_number: pull,
      per_page: 100,
    });
  } catch (e) {
    // Without the reviews nothing is approved: review stays review, and the summary says why.
    if (isForbidden(e))
      return { passedOver: ['the token may not read reviews: no approval applied'] };
    throw apiError(`listing the reviews of pull request #${pull}`, e);
  }
  const { logins, passedOver } = approvalCandidates(reviews, q);
  for (const login of logins) {
    let p: Permission;
    try {
      p = (
        await api.request<Permission>(
          'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
          {
            ...repo,
            username: login,
          },
        )
      ).data;
    } catch (e) {
      // Without the permission nobody's approval can be judged: review stays review, and says
      // what to grant. 404: the token cannot see the repository's collaborators at all.
      const status = (e as { status?: number }).status;
      if (isForbidden(e) || status === 404)
        return { passedOver: [...passedOver, `${PERMISSION_NEEDED} (HTTP ${status})`] };
      throw apiError(`reading the repository permission of ${login}`, e);
    }
    if (mayApprove(p)) return { approver: login, passedOver };
    passedOver.push(
      `approval by ${login} not counted: no write access (permission ${p.permission ?? 'unknown'}, role ${p.role_name ?? 'unknown'})`,
    );
  }
  return { passedOver };
}

/** The pull request a merge group names: its author and current head, for the approval. */
export async function pullFacts(
  api: Api,
  repo: Repo,
  pull: number,
): Promise<{ author?: string; headSha: string }> {
  try {
    const r = await api.request<ApiPull>('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      ...repo,
      pull_number: pull,
    });
    return { author: r.data.user?.login, headSha: r.data.head.sha };
  } catch (e) {
    throw apiError(`reading pull request #${pull}`, e);
  }
}
