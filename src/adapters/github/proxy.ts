// The runner's proxy (HTTPS_PROXY / HTTP_PROXY, NO_PROXY, in either case), as @actions/github
// uses it: @actions/http-client's proxy decision (`getProxyUrl`: the scheme's variable,
// NO_PROXY, loopback never proxied) and undici's ProxyAgent, built as http-client's
// `getAgentDispatcher` builds it. The same on every Node (22 and 24): Node's own env-proxy
// support is opt-in at start-up (NODE_USE_ENV_PROXY), which an action cannot set.
// It imports http-client's `lib/proxy` only: the package's root (HttpClient, with `tunnel`
// and node:https) is kept out of the bundle by tsconfig.json's `paths` (docs/development.md).
// Without a proxy the fetch is http-fetch.ts's, on Node's own HTTP client: undici (its fetch,
// ~600 kB of JavaScript and WASM) loads only on a proxied run, as a chunk, for ProxyAgent.
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import type { Dispatcher } from 'undici';
import { httpFetch } from './http-fetch.js';

/**
 * A fetch for `url`: http-fetch.ts's, or undici's through the proxy when one applies to it.
 * Never the global fetch: Node 24's own fetch, a second undici compiled on first use,
 * measured dearer in the action (S, 21 pairs: CPU 1.07-1.12x; docs/performance.md).
 */
export function fetchFor(url: string): typeof fetch {
  const proxy = getProxyUrl(new URL(url));
  if (!proxy?.hostname) return httpFetch as unknown as typeof fetch;
  const auth = proxy.username || proxy.password;
  // Loaded on the first request, so a chunk that cannot load fails that request (one line,
  // through octokit), never an unawaited promise.
  let proxied:
    Promise<{ fetch: typeof import('undici').fetch; dispatcher: Dispatcher }> | undefined;
  const load = () =>
    import('undici').then(({ fetch, ProxyAgent }) => ({
      fetch,
      dispatcher: new ProxyAgent({
        uri: proxy.href,
        pipelining: 0,
        ...(auth && {
          token: `Basic ${Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64')}`,
        }),
      }),
    }));
  return (async (u: string, init?: RequestInit) => {
    const { fetch, dispatcher } = await (proxied ??= load());
    return fetch(u, { ...(init as object), dispatcher });
  }) as unknown as typeof fetch;
}
