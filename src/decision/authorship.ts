// Is the change agent-authored? §3: the PR author, any commit author (name or email) or any
// Co-authored-by trailer matching an `agent-authors` pattern. `*` is the only wildcard.

export interface CommitAuthor {
  name: string;
  email: string;
  message: string;
}

/** Patterns are separated by newlines or commas; empty entries are dropped. */
export function parsePatterns(values: string[]): string[] {
  return values
    .flatMap((v) => v.split(/[\n,]/))
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

export function agentMatcher(patterns: string[]): (who: string) => boolean {
  const res = patterns.map(
    (p) => new RegExp('^' + p.split('*').map(escapeRegExp).join('.*') + '$', 'is'),
  );
  return (who) => who.length > 0 && res.some((re) => re.test(who));
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** `Co-authored-by: Name <email>` trailers of a commit message, as name and email. */
export function coAuthors(message: string): { name: string; email: string }[] {
  const out: { name: string; email: string }[] = [];
  for (const m of message.matchAll(/^co-authored-by:[ \t]*(.*?)[ \t]*(?:<([^>\n]*)>)?[ \t]*$/gim)) {
    out.push({ name: m[1] ?? '', email: m[2] ?? '' });
  }
  return out;
}

export interface Authorship {
  agent: boolean;
  why: string;
}

/** commits === null means the authorship could not be determined: treated as an agent's. */
export function judgeAuthorship(
  commits: CommitAuthor[] | null,
  prAuthor: string | undefined,
  patterns: string[],
): Authorship {
  const isAgent = agentMatcher(patterns);
  if (prAuthor !== undefined && isAgent(prAuthor)) {
    return { agent: true, why: `pull request author ${prAuthor} matches agent-authors` };
  }
  if (commits === null) return { agent: true, why: 'authorship could not be determined' };
  for (const c of commits) {
    for (const who of [c.name, c.email]) {
      if (isAgent(who)) return { agent: true, why: `commit author ${who} matches agent-authors` };
    }
    for (const co of coAuthors(c.message)) {
      for (const who of [co.name, co.email]) {
        if (isAgent(who))
          return { agent: true, why: `Co-authored-by ${who} matches agent-authors` };
      }
    }
  }
  return { agent: false, why: `no author of ${commits.length} commit(s) matches agent-authors` };
}
