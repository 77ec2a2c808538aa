// Who approved the pull request's head commit (§3): the latest review of each reviewer counts,
// and only an APPROVED one on the current head, by a human with write access who is not the
// author, admits review findings.
import { agentMatcher } from '../../decision/authorship.js';
import type { Octokit, Repo } from './client.js';
import { apiError, isForbidden } from './client.js';

export interface Review {
  id?: number;
  state: string;
  commit_id?: string | null;
  author_association?: string;
  submitted_at?: string | null;
  user?: { login?: string; type?: string } | null;
}

const WRITE_ACCESS = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);
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

/** Pure: the eligible approver among the reviews (in the API's chronological order), if any. */
export function pickApprover(reviews: Review[], q: ApprovalQuery): ApprovalAnswer {
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
  let approver: string | undefined;
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
            : !WRITE_ACCESS.has(r.author_association ?? '')
              ? `has no write access (${r.author_association ?? 'unknown'})`
              : undefined;
    if (why) passedOver.push(`approval by ${login} not counted: ${why}`);
    else approver ??= login;
  }
  return { approver, passedOver };
}

/** Lists every review of the pull request (paginated) and picks the approver. */
export async function findApprover(
  octokit: Octokit,
  repo: Repo,
  pull: number,
  q: ApprovalQuery,
): Promise<ApprovalAnswer> {
  let reviews: Review[];
  try {
    reviews = await octokit.paginate(octokit.rest.pulls.listReviews, {
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
  return pickApprover(reviews, q);
}

/** The pull request a merge group names: its author and current head, for the approval. */
export async function pullFacts(
  octokit: Octokit,
  repo: Repo,
  pull: number,
): Promise<{ author?: string; headSha: string }> {
  try {
    const r = await octokit.rest.pulls.get({ ...repo, pull_number: pull });
    return { author: r.data.user?.login, headSha: r.data.head.sha };
  } catch (e) {
    throw apiError(`reading pull request #${pull}`, e);
  }
}
