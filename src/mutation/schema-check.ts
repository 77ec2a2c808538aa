// A JSON Schema (draft-07) checker for the keywords the mutation-testing-elements schema uses,
// run on the package's own schema (report-schema.ts), compiled once into closures. Not ajv:
// ajv 6 brings uri-js into the bundle and checks `uniqueItems` over objects pair by pair
// (quadratic: 100,000 mutants of one file would never finish); here items are bucketed by
// their scalar fields and only a bucket's items are compared in full, so the check is
// linear. Where a value fails is built only then. A keyword this checker does not know makes
// it throw when compiled, never pass silently; __tests__/mutation.reader.test.ts holds it to
// ajv 6 on real and broken reports.
type Schema = Record<string, unknown>;
/** Where a value is: built into text only for the one failure shown. */
type At = { up: At; key: string | number } | null;
type Check = (d: unknown, at: At) => string | null;

const KNOWN = new Set([
  // Annotations: no effect on validity.
  '$schema',
  '$id',
  'title',
  'description',
  'examples',
  'definitions',
  // Assertions.
  'type',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'uniqueItems',
  'enum',
  'pattern',
  'minimum',
  'maximum',
  'format',
  '$ref',
]);

export class SchemaError extends Error {}

const compiled = new WeakMap<Schema, Check>();

/** The first way `data` fails `root` (`… at ["files"]["a.js"]["mutants"][3]`), or null. */
export function checkSchema(root: Schema, data: unknown): string | null {
  let c = compiled.get(root);
  if (!c) compiled.set(root, (c = compile(root, root, new Map())));
  return c(data, null);
}

function shown(at: At): string {
  const parts: string[] = [];
  for (let a = at; a; a = a.up)
    parts.push(typeof a.key === 'number' ? `[${a.key}]` : `[${JSON.stringify(a.key)}]`);
  const text = parts.reverse().join('');
  return text === '' ? '' : ` at ${text.slice(0, 160)}`;
}

function compile(s: Schema, root: Schema, refs: Map<string, Check>): Check {
  for (const k of Object.keys(s))
    if (!KNOWN.has(k)) throw new SchemaError(`the report schema uses ${k}, which is not checked`);
  if (typeof s.$ref === 'string') {
    const ref = s.$ref;
    const m = /^#\/definitions\/([\w-]+)$/.exec(ref);
    const target = m && (root.definitions as Record<string, Schema> | undefined)?.[m[1]];
    if (!target) throw new SchemaError(`the report schema's ${ref} is not resolved`);
    let c = refs.get(ref);
    if (!c) {
      // Set before compiling, so a schema that refers to itself ends.
      let inner: Check = () => null;
      refs.set(ref, (c = (d, at) => inner(d, at)));
      inner = compile(target, root, refs);
    }
    return c;
  }
  const checks: Check[] = [];
  const fail = (what: string, at: At) => `${what}${shown(at)}`;
  if (s.type !== undefined) {
    const t = s.type as string;
    const is = typeCheck(t);
    checks.push((d, at) => (is(d) ? null : fail(`should be ${t}`, at)));
  }
  if (s.enum !== undefined) {
    const allowed = s.enum as unknown[];
    checks.push((d, at) =>
      allowed.includes(d) ? null : fail(`should be one of ${allowed.join(', ')}`, at),
    );
  }
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    const p = s.pattern;
    checks.push((d, at) =>
      typeof d !== 'string' || re.test(d) ? null : fail(`should match ${p}`, at),
    );
  }
  if (s.format === 'uri')
    checks.push((d, at) =>
      typeof d !== 'string' || isUri(d) ? null : fail('should be a URI', at),
    );
  if (typeof s.minimum === 'number') {
    const min = s.minimum;
    checks.push((d, at) =>
      typeof d !== 'number' || d >= min ? null : fail(`should be >= ${min}`, at),
    );
  }
  if (typeof s.maximum === 'number') {
    const max = s.maximum;
    checks.push((d, at) =>
      typeof d !== 'number' || d <= max ? null : fail(`should be <= ${max}`, at),
    );
  }
  if (s.items !== undefined) {
    const item = compile(s.items as Schema, root, refs);
    checks.push((d, at) => {
      if (!Array.isArray(d)) return null;
      for (let i = 0; i < d.length; i++) {
        const e = item(d[i], { up: at, key: i });
        if (e) return e;
      }
      return null;
    });
  }
  if (s.uniqueItems === true)
    checks.push((d, at) => {
      if (!Array.isArray(d)) return null;
      const i = repeated(d);
      return i < 0 ? null : fail('should not repeat an earlier item', { up: at, key: i });
    });
  const required = (s.required as string[] | undefined) ?? [];
  const props = new Map<string, Check>();
  for (const [k, v] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {}))
    props.set(k, compile(v, root, refs));
  const extra = s.additionalProperties as Schema | boolean | undefined;
  const other = typeof extra === 'object' ? compile(extra, root, refs) : undefined;
  if (required.length > 0 || props.size > 0 || extra !== undefined)
    checks.push((d, at) => {
      if (d === null || typeof d !== 'object' || Array.isArray(d)) return null;
      const o = d as Record<string, unknown>;
      for (const r of required)
        if (!Object.hasOwn(o, r)) return fail(`should have required property '${r}'`, at);
      for (const k in o) {
        if (!Object.hasOwn(o, k)) continue;
        const c = props.get(k) ?? other;
        if (c === undefined) {
          if (extra === false) return fail(`should not have property ${JSON.stringify(k)}`, at);
          continue;
        }
        const e = c(o[k], { up: at, key: k });
        if (e) return e;
      }
      return null;
    });
  return (d, at) => {
    for (const c of checks) {
      const e = c(d, at);
      if (e) return e;
    }
    return null;
  };
}

function typeCheck(t: string): (d: unknown) => boolean {
  switch (t) {
    case 'object':
      return (d) => d !== null && typeof d === 'object' && !Array.isArray(d);
    case 'array':
      return Array.isArray;
    case 'string':
      return (d) => typeof d === 'string';
    case 'boolean':
      return (d) => typeof d === 'boolean';
    case 'number':
      return (d) => typeof d === 'number' && Number.isFinite(d);
    case 'integer':
      return Number.isInteger;
    default:
      throw new SchemaError(`the report schema uses type ${t}, which is not checked`);
  }
}

function isUri(s: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * The index of the first item equal (as JSON values) to an earlier one, or -1. Items are
 * bucketed by a cheap key (an object's scalar `id`, else its type): distinct mutants differ in
 * their id, so each is compared in full with nothing, and equal items always share a bucket.
 */
function repeated(items: unknown[]): number {
  const buckets = new Map<string, { item: unknown; text?: string }[]>();
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    const id = v !== null && typeof v === 'object' ? (v as { id?: unknown }).id : v;
    const key =
      typeof id === 'string' || typeof id === 'number' || typeof id === 'boolean'
        ? `${typeof id}:${String(id)}`
        : typeof v;
    const bucket = buckets.get(key);
    if (!bucket) {
      buckets.set(key, [{ item: v }]);
      continue;
    }
    const text = canonical(v);
    for (const b of bucket) if ((b.text ??= canonical(b.item)) === text) return i;
    bucket.push({ item: v, text });
  }
  return -1;
}

/** JSON with each object's keys sorted: equal values, equal text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return (
      '{' +
      Object.keys(o)
        .sort()
        .map((k) => JSON.stringify(k) + ':' + canonical(o[k]))
        .join(',') +
      '}'
    );
  }
  return JSON.stringify(v);
}
