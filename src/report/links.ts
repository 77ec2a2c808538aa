// Links from the summary to the ledger line and the test file, as blob URLs at the head sha:
// `https://github.com/{owner}/{repo}/blob/{sha}/{path}#L{n}`. The server, repository and sha
// come from the runner (and are checked all the same); the path comes from a report or the
// ledger, written by the change, so it is refused when it could leave the repository and
// percent-encoded otherwise: a URL holds only [A-Za-z0-9%/._~:-] and `#L` digits, nothing
// that could end a Markdown link destination or start markup.

export interface LinkBase {
  /** e.g. `https://github.com` (GITHUB_SERVER_URL). */
  server: string;
  /** `owner/name` (GITHUB_REPOSITORY). */
  repository: string;
  /** The commit the links point at: the pull request's head. */
  sha: string;
}

/** The checked prefix `https://host/owner/name/blob/sha/`, or undefined when any part is odd. */
export function blobPrefix(base: LinkBase | undefined): string | undefined {
  if (!base) return undefined;
  const server = base.server.replace(/\/+$/, '');
  // A host (and port, and a path for a GitHub Enterprise prefix) of plain characters only.
  if (!/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9._~-]+)*$/.test(server))
    return undefined;
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(base.repository)) return undefined;
  if (/^\.{1,2}$/.test(base.repository.split('/')[1])) return undefined;
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(base.sha)) return undefined;
  return `${server}/${base.repository}/blob/${base.sha}/`;
}

/**
 * A URL the API gave (a check run's html_url) when it is plain: http(s), a host, and path
 * segments of unreserved characters, nothing that could end a Markdown link destination.
 */
export function plainUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9._~%-]+)*$/.test(url)
    ? url
    : undefined;
}

/** A path GitHub can place in the repository: relative, no climbing out, one line. */
export function repoPath(file: string | undefined): string | undefined {
  if (!file) return undefined;
  const p = file.replace(/\\/g, '/').replace(/^\.\//, '');
  if (p === '' || p.startsWith('/') || /^[a-z]:/i.test(p) || p.split('/').includes('..'))
    return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\0-\x1f\x7f]/.test(p)) return undefined;
  return p;
}

/** Each path segment percent-encoded, `!'()*` included (encodeURIComponent leaves those). */
function encodePath(p: string): string {
  return p
    .split('/')
    .map((s) =>
      encodeURIComponent(s).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

/** The blob URL of `file` (and its line), or undefined when there is no base or no safe path. */
export function blobUrl(
  prefix: string | undefined,
  file: string | undefined,
  line?: number,
): string | undefined {
  const p = repoPath(file);
  if (!prefix || p === undefined) return undefined;
  // A folder-like path (`a/`, `a//b`) names no blob.
  if (p.split('/').some((s) => s === '' || s === '.')) return undefined;
  const anchor = line !== undefined && Number.isInteger(line) && line > 0 ? `#L${line}` : '';
  return `${prefix}${encodePath(p)}${anchor}`;
}
