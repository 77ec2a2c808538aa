// GitHub's own descriptions of its REST API (@octokit/openapi, OpenAPI 3.0.3) and of its webhook
// payloads (@octokit/openapi-webhooks, OpenAPI 3.1), held against the fake GitHub and the event
// payloads the tests feed: a request must name an operation GitHub has and its JSON body match
// the operation's request schema; an answer must match the operation's response schema; an
// event payload must match its webhook's schema. The descriptions are read from the trimmed
// copies in __fixtures__/openapi (scripts/openapi-trim.mjs), and each schema compiled once.
// ajv 8 validates both: its draft-07 core knows OpenAPI 3.0's `nullable`, and 3.1's type
// arrays are plain JSON Schema; formats are not checked (GitHub's `uri` examples are not all URIs).
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AjvModule, { type ValidateFunction } from 'ajv8';
import { openapiLedgers } from './openapi-files.mjs';

const Ajv = AjvModule as unknown as typeof AjvModule.default;
const root = path.join(import.meta.dirname, '../..');
const load = (f: string) =>
  JSON.parse(readFileSync(path.join(root, '__fixtures__/openapi', f), 'utf8')) as Spec;

interface Operation {
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Spec {
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation }>;
  components: object;
}

/**
 * OpenAPI 3.0's `nullable: true`, as GitHub means it: null is allowed too. ajv knows the keyword
 * only beside a `type`, and reads an `enum` as it is; so null is added to a nullable `enum` (a
 * check run's `conclusion`), and a nullable schema without a type (`allOf: [user]`) becomes
 * `anyOf: [schema, null]`.
 */
function nullable(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullable);
  if (!node || typeof node !== 'object') return;
  Object.values(node).forEach(nullable);
  const o = node as Record<string, unknown> & { nullable?: boolean; enum?: unknown[] };
  if (o.nullable !== true) return;
  if (Array.isArray(o.enum) && !o.enum.includes(null)) o.enum.push(null);
  if (o.type !== undefined) return;
  const inner = { ...o };
  delete inner.nullable;
  for (const k of Object.keys(o)) delete o[k];
  o.anyOf = [inner, { type: 'null' }];
}
const rest = load('rest.json');
nullable(rest);
const webhooks = load('webhooks.json');
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
ajv.addSchema({ $id: 'rest', components: rest.components });
ajv.addSchema({ $id: 'webhooks', components: webhooks.components });
const compiled = new Map<string, ValidateFunction>();
/** A schema of `doc`, compiled once; its `#/components` refs resolve in `doc`. */
function validator(doc: 'rest' | 'webhooks', key: string, schema: object): ValidateFunction {
  let v = compiled.get(key);
  if (!v) {
    const text = JSON.stringify(schema).replaceAll('"#/components/', `"${doc}#/components/`);
    v = ajv.compile(JSON.parse(text));
    compiled.set(key, v);
  }
  return v;
}
const why = (v: ValidateFunction) =>
  (v.errors ?? [])
    .slice(0, 3)
    .map(
      (e) =>
        `${e.instancePath || '/'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`,
    )
    .join('; ');

/** What this test file had validated. */
export const counts = { requests: 0, responses: 0, payloads: 0 };

interface Route {
  method: string;
  template: string;
  re: RegExp;
  op: Operation;
  literal: number;
}
const routes: Route[] = Object.entries(rest.paths ?? {})
  .flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      op,
      // {path} and {basehead} may hold slashes, as GitHub reads them.
      re: new RegExp(
        '^' +
          template.replace(/\{(\w+)\}/g, (_, k: string) =>
            k === 'path' || k === 'basehead' ? '.+' : '[^/]+',
          ) +
          '$',
      ),
      literal: template.split('/').filter((s) => s && !s.startsWith('{')).length,
    })),
  )
  .sort((a, b) => b.literal - a.literal);

/** The operation GitHub's description has for this method and path, or undefined. */
export function operationOf(method: string, pathname: string): Route | undefined {
  return routes.find((r) => r.method === method && r.re.test(pathname));
}

/** Why GitHub would refuse this request (no such operation, a body off its schema), or undefined. */
export function requestProblem(
  method: string,
  pathname: string,
  body: unknown,
): string | undefined {
  const r = operationOf(method, pathname);
  if (!r) return `GitHub's description has no operation ${method} ${pathname}`;
  counts.requests++;
  const schema = r.op.requestBody?.content?.['application/json']?.schema;
  if (!schema) return undefined;
  const v = validator('rest', `req ${r.method} ${r.template}`, schema);
  return v(body) ? undefined : `${r.method} ${r.template} body: ${why(v)}`;
}

/** Why this answer is not one GitHub's description allows for the operation, or undefined. */
export function responseProblem(
  method: string,
  pathname: string,
  status: number,
  data: unknown,
): string | undefined {
  const r = operationOf(method, pathname);
  if (!r) return undefined;
  const described = r.op.responses?.[String(status)];
  if (!described) {
    // A success GitHub does not give for the operation is the fake's mistake; an error answer
    // the description leaves out (a 5xx, a rate limit) is not described by any operation.
    return status < 400 ? `${r.method} ${r.template} answered ${status}, not described` : undefined;
  }
  counts.responses++;
  const schema = described.content?.['application/json']?.schema;
  if (!schema || typeof data !== 'object' || Buffer.isBuffer(data)) return undefined;
  const v = validator('rest', `res ${status} ${r.method} ${r.template}`, schema);
  return v(data) ? undefined : `${r.method} ${r.template} ${status} answer: ${why(v)}`;
}

interface Examples {
  examples?: Record<string, { value?: unknown }>;
}
/** The first example GitHub's description gives for this operation's answer, if any. */
export function exampleOf(method: string, pathname: string, status: number): unknown {
  const r = operationOf(method, pathname);
  const content = r?.op.responses?.[String(status)]?.content?.['application/json'] as
    { examples?: Record<string, { $ref?: string; value?: unknown }> } | undefined;
  const first = Object.values(content?.examples ?? {})[0];
  if (!first) return undefined;
  if (first.$ref) {
    const name = first.$ref.split('/').pop()!;
    return (rest.components as Examples).examples?.[name]?.value;
  }
  return first.value;
}

/**
 * `ours` with whatever it leaves out taken from GitHub's `example`: the fake keeps only the
 * fields a test sets, and answers with GitHub's whole shape around them. A list's items are
 * each completed from the example's first item. Fields that are ours are never overwritten.
 */
export function completed(example: unknown, ours: unknown): unknown {
  if (Array.isArray(ours))
    return ours.map((x) => completed(Array.isArray(example) ? example[0] : undefined, x));
  if (!isObject(ours) || !isObject(example)) return ours;
  const out: Record<string, unknown> = { ...example };
  for (const [k, v] of Object.entries(ours)) out[k] = completed(example[k], v);
  return out;
}
const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && !Buffer.isBuffer(x);

/** The webhook's name in GitHub's description: `pull-request-synchronize`, `push`. */
const hookName = (event: string, action?: unknown) =>
  typeof action === 'string' && event !== 'push'
    ? `${event}-${action}`.replace(/_/g, '-')
    : event.replace(/_/g, '-');

/** Why GitHub would never send this payload for `event`, or undefined. */
export function payloadProblem(event: string, payload: unknown): string | undefined {
  const name = hookName(event, (payload as { action?: unknown })?.action);
  const hook = webhooks.webhooks?.[name];
  if (!hook) return `GitHub's webhooks description has no ${name} (or the trim leaves it out)`;
  counts.payloads++;
  const schema = hook.post.requestBody?.content?.['application/json']?.schema;
  if (!schema) return undefined;
  const v = validator('webhooks', `hook ${name}`, schema);
  return v(payload) ? undefined : `${name} payload: ${why(v)}`;
}

/** Throws when the payload is not one GitHub would send: a test feeds only real shapes. */
export function assertPayload(event: string, payload: unknown): void {
  const problem = payloadProblem(event, payload);
  if (problem) throw new Error(`event payload off GitHub's description: ${problem}`);
}

const [ledger, sumFile] = openapiLedgers() as string[];
/**
 * Adds this file's counts to build/openapi-validated-<group>.jsonl (emptied by the run's
 * global setup) and their sum to build/openapi-validated-<group>.json.
 */
export function recordCounts(file: string): void {
  if (counts.requests + counts.responses + counts.payloads === 0) return;
  mkdirSync(path.dirname(ledger), { recursive: true });
  appendFileSync(ledger, JSON.stringify({ file: path.basename(file), ...counts }) + '\n');
  counts.requests = counts.responses = counts.payloads = 0;
  const lines = readFileSync(ledger, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const sum = { files: lines.length, requests: 0, responses: 0, payloads: 0 };
  for (const l of lines) {
    sum.requests += l.requests;
    sum.responses += l.responses;
    sum.payloads += l.payloads;
  }
  writeFileSync(sumFile, JSON.stringify(sum, null, 2) + '\n');
}
