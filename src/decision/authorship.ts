// Who wrote what (§3): a commit is an agent's when its author, committer or a Co-authored-by
// trailer matches an `agent-authors` pattern; a ledger row's change belongs to the commit that
// last touched the row. Everything here runs over text an attacker writes (names, emails,
// trailers), so every match is linear in the input: no regular expressions.

import type { CommitInfo, Identity } from '../types.js';

/**
 * The default `agent-authors` list: how today's coding agents sign their commits, trailers
 * and pull requests. docs/agents.md gives the source of each entry.
 */
export const DEFAULT_AGENT_AUTHORS: readonly string[] = [
  '*[bot]', // GitHub App accounts: copilot-swe-agent[bot], devin-ai-integration[bot], google-labs-jules[bot], chatgpt-codex-connector[bot], claude[bot]
  '*[bot]@users.noreply.github.com', // the same accounts' commit emails
  'Copilot', // the Copilot coding agent's pull request author login
  '*+Copilot@users.noreply.github.com', // its commit and co-author email
  'noreply@anthropic.com', // Claude Code: Co-Authored-By: Claude <noreply@anthropic.com>
  '* (aider)', // aider: author and committer name "User Name (aider)"
  'noreply@aider.chat', // aider: Co-authored-by: aider (model) <noreply@aider.chat>
  'cursoragent@cursor.com', // Cursor: Co-authored-by: Cursor <cursoragent@cursor.com>, and its cloud agents' author
];

/** Patterns are separated by newlines or commas; empty entries are dropped. */
export function parsePatterns(values: readonly string[]): string[] {
  return values
    .flatMap((v) => v.split(/[\n,]/))
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * Does `text` match `pattern`, where `*` matches any run of characters and every other
 * character is literal, case-insensitively? Greedy segment matching: the first segment is a
 * prefix, the last a suffix, the ones between are found left to right, each at its earliest
 * place (the earliest place never loses a match). Each indexOf moves forward only, so the
 * work is bounded by text length × pattern length, never worse.
 */
export function globMatch(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase();
  const t = text.toLowerCase();
  const parts = p.split('*');
  if (parts.length === 1) return p === t;
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (first.length + last.length > t.length || !t.startsWith(first) || !t.endsWith(last)) {
    return false;
  }
  let at = first.length;
  const end = t.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i];
    if (part === '') continue;
    const found = t.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

export function agentMatcher(patterns: readonly string[]): (who: string) => boolean {
  return (who) => who.length > 0 && patterns.some((p) => globMatch(p, who));
}

/**
 * A trailer value `Name <email>` as name and email: the email is between the last `<` and a
 * closing `>` at the end; without one, the whole value is the name.
 */
export function parseIdentity(value: string): Identity {
  const v = value.trim();
  const open = v.lastIndexOf('<');
  if (open >= 0 && v.endsWith('>')) {
    return { name: v.slice(0, open).trim(), email: v.slice(open + 1, -1).trim() };
  }
  return { name: v, email: '' };
}

/** Why a commit is an agent's, or null when nothing in it matches. */
export function agentSign(c: CommitInfo, isAgent: (who: string) => boolean): string | null {
  const signs: [string, Identity][] = [
    ['author', c.author],
    ['committer', c.committer],
    ...c.coAuthors.map((co): [string, Identity] => ['Co-authored-by', co]),
  ];
  for (const [role, who] of signs) {
    for (const field of [who.name, who.email]) {
      if (isAgent(field)) return `${role} ${field} matches agent-authors`;
    }
  }
  return null;
}

export interface Authorship {
  agent: boolean;
  why: string;
}

export interface PullAuthor {
  login?: string;
  /** The account type GitHub reports (`User`, `Bot`, `Organization`). */
  type?: string;
}

/** Why the pull request's author is an agent, or null. */
export function pullAuthorSign(pr: PullAuthor, isAgent: (who: string) => boolean): string | null {
  if (pr.type?.toLowerCase() === 'bot') {
    return `pull request author ${pr.login ?? '(unknown)'} is a Bot account`;
  }
  if (pr.login !== undefined && isAgent(pr.login)) {
    return `pull request author ${pr.login} matches agent-authors`;
  }
  return null;
}

/**
 * The change as a whole: an agent's when the pull request's author or any commit is. Used
 * where no row can be attributed to a commit (the API fallback, a local uncommitted edit);
 * commits === null means the authorship could not be determined, treated as an agent's.
 */
export function judgeAuthorship(
  commits: CommitInfo[] | null,
  pr: PullAuthor,
  patterns: readonly string[],
): Authorship {
  const isAgent = agentMatcher(patterns);
  const byPr = pullAuthorSign(pr, isAgent);
  if (byPr) return { agent: true, why: byPr };
  if (commits === null) return { agent: true, why: 'authorship could not be determined' };
  for (const c of commits) {
    const sign = agentSign(c, isAgent);
    if (sign) return { agent: true, why: `commit ${c.sha.slice(0, 12)}: ${sign}` };
  }
  return { agent: false, why: `no author of ${commits.length} commit(s) matches agent-authors` };
}

/**
 * The commits that last touched one ledger row, found by walking back from the head the way
 * `git blame` does for a line: at each commit, if some parent holds the same value of the
 * row, the value came from that parent; otherwise this commit wrote it. Returns the writers'
 * shas, or null when the walk leaves the change (the value came from outside it: unknown).
 *
 * `valueAt(sha)` is the row's contract value at a commit ('' when the row is absent, null
 * when unknown: a commit beyond a shallow clone's boundary); `commits` holds the change's
 * commits by sha. A commit with a parent of unknown value makes the whole answer unknown.
 */
export function lastTouchers(
  head: string,
  commits: Map<string, CommitInfo>,
  valueAt: (sha: string) => string | null,
): string[] | null {
  const writers = new Set<string>();
  const seen = new Set<string>();
  const stack = [head];
  while (stack.length > 0) {
    const sha = stack.pop()!;
    if (seen.has(sha)) continue;
    seen.add(sha);
    const c = commits.get(sha);
    if (!c) return null;
    const v = valueAt(sha);
    // Every parent that holds the same value could have passed it on (a merge of two sides
    // that made the same edit): all of them are followed, so an agent on either side counts.
    if (v === null || c.parents.some((p) => valueAt(p) === null)) return null;
    const same = c.parents.filter((p) => valueAt(p) === v);
    if (same.length === 0) writers.add(sha);
    else stack.push(...same);
  }
  return [...writers];
}

/** A row's authorship from the commits that last touched it. */
export function rowAuthorship(
  writers: string[] | null,
  commits: Map<string, CommitInfo>,
  isAgent: (who: string) => boolean,
): Authorship {
  if (writers === null) {
    return { agent: true, why: 'its last change cannot be traced to a commit of this change' };
  }
  for (const sha of writers) {
    const c = commits.get(sha)!;
    if (c.parents.length === 0) {
      return { agent: true, why: `commit ${sha.slice(0, 12)} has no known parent` };
    }
    const sign = agentSign(c, isAgent);
    if (sign) return { agent: true, why: `last touched in ${sha.slice(0, 12)}: ${sign}` };
  }
  const shown = writers.map((s) => s.slice(0, 12)).join(', ');
  const c = commits.get(writers[0])!;
  return { agent: false, why: `last touched in ${shown} by ${c.author.name}` };
}
