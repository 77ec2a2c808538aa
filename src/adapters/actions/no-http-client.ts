// Stands in for @actions/http-client's root where @actions/core imports it (tsconfig.json
// `paths`, which ncc's resolver applies to every import, node_modules' included). core
// imports it for getIDToken (OIDC) alone, which the action never calls; the real root brings
// `tunnel` and node:https into every run's start. The proxy (src/adapters/github/proxy.ts)
// imports http-client's `lib/proxy`, which this does not replace. Unlike the real root (no
// `sideEffects: false`), this stand-in is dropped from the bundle when getIDToken is unused.
// docs/development.md says why; scripts/build.mjs fails a build that bundles the real root.

/** What core's OIDC helper would construct: it fails with one line instead of requesting. */
export class HttpClient {
  constructor(..._args: unknown[]) {
    throw new Error('ledger-gate does not bundle @actions/http-client: no OIDC token');
  }
}
