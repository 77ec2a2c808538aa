// The runner's proxy (HTTPS_PROXY / HTTP_PROXY, NO_PROXY, in either case), as @actions/github
// uses it: @actions/http-client decides whether a URL goes through the proxy, and its undici
// ProxyAgent carries the request. The same on every Node (22 and 24): Node's own env-proxy
// support is opt-in at start-up (NODE_USE_ENV_PROXY), which an action cannot set.
import { HttpClient } from '@actions/http-client';
import { fetch as undiciFetch, type Dispatcher } from 'undici';

/** A fetch for `url`: through the proxy when one applies to it, else the global fetch. */
export function fetchFor(url: string): typeof fetch {
  const dispatcher = new HttpClient('ledger-gate').getAgentDispatcher(url) as
    Dispatcher | undefined;
  if (!dispatcher) return globalThis.fetch;
  return ((u: string, init?: RequestInit) =>
    undiciFetch(u, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}
