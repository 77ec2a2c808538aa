// The change from the API, for runGate when git cannot answer (a clone without the history,
// a job without the base): the pull request's files, the base ledger, the commit authors.
import { coAuthorsOf } from './git.js';
import {
  GateError,
  type ChangeFallback,
  type ChangeStatus,
  type ChangedPath,
  type CommitInfo,
} from '../types.js';
import type { Octokit, Repo } from './github.js';
import { apiError } from './github.js';

/** pulls.listFiles returns at most 3000 files; past that the list would be silently short. */
export const LIST_FILES_CAP = 3000;
/** pulls.listCommits returns at most 250 commits. */
export const LIST_COMMITS_CAP = 250;

function status(s: string): ChangeStatus {
  if (s === 'added') return 'A';
  if (s === 'removed') return 'D';
  return 'M';
}

/** `renamed` is a deletion of the old path plus an addition of the new, as git --no-renames says. */
export function filesToChanges(
  files: { filename: string; status: string; previous_filename?: string }[],
): ChangedPath[] {
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

export async function pullRequestFallback(
  octokit: Octokit,
  repo: Repo,
  pull: number,
  base: string,
  head: string,
): Promise<ChangeFallback> {
  // The files and commits of a pull request are counted from the merge base, so is the ledger.
  let baseSha: string;
  try {
    const r = await octokit.rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: `${base}...${head}`,
      per_page: 1,
    });
    baseSha = r.data.merge_base_commit.sha;
  } catch (e) {
    throw apiError(`comparing ${base}...${head}`, e);
  }
  return {
    source: `the GitHub API (pulls.listFiles of #${pull})`,
    baseSha,
    async changedPaths() {
      let files;
      try {
        files = await octokit.paginate(octokit.rest.pulls.listFiles, {
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
    async baseLedgerText(path: string) {
      try {
        const r = await octokit.rest.repos.getContent({
          ...repo,
          path,
          ref: baseSha,
          mediaType: { format: 'raw' },
        });
        return typeof r.data === 'string' ? r.data : String(r.data);
      } catch (e) {
        if ((e as { status?: number }).status === 404) return null;
        throw apiError(`reading ${path} at ${baseSha.slice(0, 12)}`, e);
      }
    },
    async commits() {
      let commits;
      try {
        commits = await octokit.paginate(octokit.rest.pulls.listCommits, {
          ...repo,
          pull_number: pull,
          per_page: 100,
        });
      } catch (e) {
        throw apiError(`listing the commits of pull request #${pull}`, e);
      }
      // Past the cap some authors are unknown: unknown authorship counts as an agent's (§3).
      if (commits.length >= LIST_COMMITS_CAP) return null;
      // The trailers are read by git's own parser, as on the git path; the API gives no
      // per-commit ledger versions, so rows take the change's authorship here (§3).
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
    },
  };
}
