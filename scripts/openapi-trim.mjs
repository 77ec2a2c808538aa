// Writes __fixtures__/openapi/{rest,webhooks}.json: the few operations and webhook payloads
// the action uses, cut from GitHub's own descriptions (@octokit/openapi, 5 MB, and
// @octokit/openapi-webhooks) with every component they reference, so a test file loads a few
// kilobytes instead. `node scripts/openapi-trim.mjs` after updating either package (or adding
// a route the action calls: ROUTES below); `--check` fails when the files are out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** Every REST operation the action calls (method, path as GitHub's description writes it). */
export const ROUTES = [
  'POST /repos/{owner}/{repo}/check-runs',
  'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
  'GET /repos/{owner}/{repo}/pulls',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/commits',
  'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts',
  'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}',
  'GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls',
  'GET /repos/{owner}/{repo}/compare/{basehead}',
  'GET /repos/{owner}/{repo}/contents/{path}',
];
/** The events the tests feed the action, by the webhook names GitHub's description uses. */
export const WEBHOOKS = {
  pull_request: ['opened', 'reopened', 'synchronize', 'ready_for_review', 'edited'],
  pull_request_review: ['submitted', 'dismissed', 'edited'],
  merge_group: ['checks_requested'],
  workflow_run: ['completed', 'requested', 'in_progress'],
  push: [null],
};

/** `spec` with only `keep` at top and the components their $refs reach. */
function closure(spec, roots) {
  const components = {};
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/')) {
      const [, , kind, name] = ref.split('/');
      components[kind] ??= {};
      if (!(name in components[kind])) {
        components[kind][name] = spec.components[kind][name];
        visit(spec.components[kind][name]);
      }
    }
    for (const v of Object.values(node)) visit(v);
  };
  visit(roots);
  for (const kind of Object.keys(components))
    components[kind] = Object.fromEntries(Object.entries(components[kind]).sort());
  return components;
}

function rest() {
  const spec = require('@octokit/openapi/generated/api.github.com.json');
  const paths = {};
  for (const r of ROUTES) {
    const [method, p] = r.split(' ');
    const op = spec.paths[p]?.[method.toLowerCase()];
    if (!op) throw new Error(`GitHub's description has no ${r}`);
    (paths[p] ??= {})[method.toLowerCase()] = op;
  }
  return { openapi: spec.openapi, info: spec.info, paths, components: closure(spec, paths) };
}

function webhooks() {
  const spec = require('@octokit/openapi-webhooks/generated/api.github.com.json');
  const hooks = {};
  for (const [event, actions] of Object.entries(WEBHOOKS))
    for (const action of actions) {
      const key = action ? `${event.replace(/_/g, '-')}-${action.replace(/_/g, '-')}` : event;
      if (!spec.webhooks[key]) throw new Error(`GitHub's webhooks description has no ${key}`);
      hooks[key] = spec.webhooks[key];
    }
  return {
    openapi: spec.openapi,
    info: spec.info,
    webhooks: hooks,
    components: closure(spec, hooks),
  };
}

const out = {
  '__fixtures__/openapi/rest.json': rest(),
  '__fixtures__/openapi/webhooks.json': webhooks(),
};
let stale = false;
for (const [file, data] of Object.entries(out)) {
  const text = JSON.stringify(data) + '\n';
  if (process.argv.includes('--check')) {
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {
      // No file yet: out of date.
    }
    if (old !== text) {
      stale = true;
      console.error(`${file} is out of date: node scripts/openapi-trim.mjs`);
    }
  } else writeFileSync(file, text);
}
if (stale) process.exit(1);
