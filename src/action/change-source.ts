// Where the action reads the change from: the clone's git, or GitHub's API for the same range.
import type { EventFacts } from '../adapters/github/event.js';
import * as git from '../adapters/git/git.js';
import type { Api, Repo } from '../adapters/github/client.js';
import { apiChange } from '../adapters/github/fallback.js';
import { GateError, type ChangeSource } from '../types.js';

/**
 * Where the change comes from, chosen once, when the gate first asks: git when the clone has
 * the range's commits (a shallow clone is deepened first), else the API for the same range
 * (the pull request's own endpoints when the range is the pull request's, compare for a
 * base-ref), else one line saying why neither can answer. No API call when git can answer.
 */
export async function chooseChangeSource(
  api: Api,
  repo: Repo,
  event: EventFacts,
  cwd: string,
  baseRef: string | undefined,
): Promise<ChangeSource> {
  // One base for both; git's head is the checkout (HEAD), the API's the pull request's head sha.
  const base = event.base!;
  let gitError: GateError;
  try {
    if ((await git.topLevel(cwd)) === null) throw new GateError('the workspace is not a git clone');
    return await git.gitChange(cwd, base, 'HEAD', true);
  } catch (e) {
    if (!(e instanceof GateError)) throw e;
    gitError = e;
  }
  const head = event.pr?.headSha;
  if (!head) throw gitError;
  // The API knows the repository's branches, not this clone's remote-tracking names.
  const range = { base: baseRef === undefined ? base : apiRef(base), head };
  try {
    return await apiChange(api, repo, range, baseRef === undefined ? event.pr!.number : undefined);
  } catch (e) {
    if (!(e instanceof GateError)) throw e;
    throw new GateError(`${gitError.message}; the GitHub API cannot answer either: ${e.message}`);
  }
}

/** `origin/release` and `refs/remotes/origin/release` name the branch `release` on GitHub. */
export function apiRef(ref: string): string {
  return ref.replace(/^(?:refs\/remotes\/)?origin\//, '');
}
