// The runner's proxy (HTTPS_PROXY / HTTP_PROXY, NO_PROXY, in either case), as @actions/github
// uses it: @actions/http-client decides whether a URL goes through the proxy, and its undici
// ProxyAgent carries the request. The same on every Node (22 and 24): Node's own env-proxy
// support is opt-in at start-up (NODE_USE_ENV_PROXY), which an action cannot set.
import { HttpClient } from '@actions/http-client';
import { fetch as undiciFetch, type Dispatcher } from 'undici';

/**
 * A fetch for `url`: undici's, through the proxy when one applies to it. Always the bundled
 * undici's, never the global fetch: @actions/core brings this undici in at start-up anyway,
 * and Node's own fetch is a second copy compiled on first use (~25 ms of a 0.3 s run).
 */
export function fetchFor(url: string): typeof fetch {
  const dispatcher = new HttpClient('ledger-gate').getAgentDispatcher(url) as
    Dispatcher | undefined;
  if (!dispatcher) return undiciFetch as unknown as typeof fetch;
  return ((u: string, init?: RequestInit) =>
    undiciFetch(u, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}
