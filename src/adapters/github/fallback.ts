// The change from the API, for when git cannot answer (a clone without the history, a job
// without the base): the changed files, the base ledger and the commit authors, all over one
// range. The pull request's own range is read with pulls.listFiles and pulls.listCommits; any
// other (a base-ref input) with the compare endpoint, base...head.
import { coAuthorsOf } from '../git/git.js';
import {
  GateError,
  type ChangeSource,
  type ChangeStatus,
  type ChangedPath,
  type CommitInfo,
} from '../../types.js';
import type { Api, Repo } from './client.js';
import { apiError } from './client.js';

/** pulls.listFiles returns at most 3000 files; past that the list would be silently short. */
export const LIST_FILES_CAP = 3000;
/** pulls.listCommits returns at most 250 commits. */
export const LIST_COMMITS_CAP = 250;
/** The compare endpoint lists at most 300 files for the whole comparison. */
export const COMPARE_FILES_CAP = 300;

function status(s: string): ChangeStatus {
  if (s === 'added') return 'A';
  if (s === 'removed') return 'D';
  return 'M';
}

/** `renamed` is a deletion of the old path plus an addition of the new, as git --no-renames says. */
export function filesToChanges(files: ApiFile[]): ChangedPath[] {
  const out: ChangedPath[] = [];
  for (const f of files) {
    if (f.status === 'renamed' && f.previous_filename) {
      out.push({ path: f.previous_filename, status: 'D' }, { path: f.filename, status: 'A' });
    } else {
      out.push({ path: f.filename, status: status(f.status) });
    }
  }
  return out;
}

/** A changed file as the API lists it (pulls.listFiles, compare). */
interface ApiFile {
  filename: string;
  status: string;
  previous_filename?: string;
}

/** A commit as the API lists it (pulls.listCommits, compare). */
interface ApiCommit {
  sha: string;
  parents?: { sha: string }[];
  commit: {
    message: string;
    author?: { name?: string; email?: string } | null;
    committer?: { name?: string; email?: string } | null;
  };
}

/** What the compare endpoint answers that is read here. */
interface Compared {
  merge_base_commit: { sha: string };
  files?: ApiFile[];
  commits: ApiCommit[];
  total_commits: number;
}

/**
 * The API's answers over base...head. With `pull`, the range is that pull request's own (its
 * base and head), read with the pulls endpoints; without, the compare endpoint answers for
 * exactly this range. The merge base is asked first: a source is only returned when the API
 * knows the range.
 */
export async function apiChange(
  api: Api,
  repo: Repo,
  range: { base: string; head: string },
  pull?: number,
): Promise<ChangeSource> {
  const basehead = `${range.base}...${range.head}`;
  let compared;
  try {
    // The pull request's files and commits come from its own endpoints: one line is enough.
    const page = pull === undefined ? {} : { per_page: 1 };
    compared = (
      await api.request<Compared>('GET /repos/{owner}/{repo}/compare/{basehead}', {
        ...repo,
        basehead,
        ...page,
      })
    ).data;
  } catch (e) {
    throw apiError(`comparing ${basehead}`, e);
  }
  const baseSha = compared.merge_base_commit.sha;
  const baseLedgerText = async (path: string): Promise<string | null> => {
    try {
      const r = await api.request<string>(
        'GET /repos/{owner}/{repo}/contents/{path}',
        { ...repo, path, ref: baseSha },
        { raw: true },
      );
      return typeof r.data === 'string' ? r.data : String(r.data);
    } catch (e) {
      if ((e as { status?: number }).status === 404) return null;
      throw apiError(`reading ${path} at ${baseSha.slice(0, 12)}`, e);
    }
  };
  if (pull === undefined) {
    const files = compared.files ?? [];
    return {
      source: `the GitHub API (compare ${range.base}...${range.head.slice(0, 12)})`,
      range,
      baseSha,
      async changedPaths() {
        if (files.length >= COMPARE_FILES_CAP) {
          // A short list could hide a golden change: fail closed and say how to avoid it.
          throw new GateError(
            `${basehead} changes ${COMPARE_FILES_CAP} files or more, past what the compare API returns; check out with history (fetch-depth: 0) so git can answer`,
          );
        }
        return filesToChanges(files);
      },
      baseLedgerText,
      // Past the listed commits some authors are unknown: unknown counts as an agent's (§3).
      commits: async () =>
        compared.commits.length < compared.total_commits ? null : commitInfos(compared.commits),
    };
  }
  return {
    source: `the GitHub API (pulls.listFiles of #${pull})`,
    range,
    baseSha,
    async changedPaths() {
      let files;
      try {
        files = await api.paginate<ApiFile>('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
          ...repo,
          pull_number: pull,
          per_page: 100,
        });
      } catch (e) {
        throw apiError(`listing the files of pull request #${pull}`, e);
      }
      if (files.length >= LIST_FILES_CAP) {
        // A short list could hide a golden change: fail closed and say how to avoid it.
        throw new GateError(
          `pull request #${pull} changes ${LIST_FILES_CAP} files or more, past what pulls.listFiles returns; check out with history (fetch-depth: 0) so git can answer`,
        );
      }
      return filesToChanges(files);
    },
    baseLedgerText,
    async commits() {
      let commits;
      try {
        commits = await api.paginate<ApiCommit>(
          'GET /repos/{owner}/{repo}/pulls/{pull_number}/commits',
          {
            ...repo,
            pull_number: pull,
            per_page: 100,
          },
        );
      } catch (e) {
        throw apiError(`listing the commits of pull request #${pull}`, e);
      }
      // Past the cap some authors are unknown: unknown authorship counts as an agent's (§3).
      if (commits.length >= LIST_COMMITS_CAP) return null;
      return commitInfos(commits);
    },
  };
}

/**
 * The trailers are read by git's own parser, as on the git path; the API gives no per-commit
 * ledger versions, so rows take the change's authorship here (§3). Null when unreadable.
 */
async function commitInfos(commits: ApiCommit[]): Promise<CommitInfo[] | null> {
  const out: CommitInfo[] = [];
  for (const c of commits) {
    const coAuthors = await coAuthorsOf(c.commit.message).catch(() => null);
    if (coAuthors === null) return null; // trailers unreadable: authorship unknown
    out.push({
      sha: c.sha,
      parents: (c.parents ?? []).map((p) => p.sha),
      author: { name: c.commit.author?.name ?? '', email: c.commit.author?.email ?? '' },
      committer: {
        name: c.commit.committer?.name ?? '',
        email: c.commit.committer?.email ?? '',
      },
      coAuthors,
    });
  }
  return out;
}
