// A JSON Schema (draft-07) checker for the keywords the mutation-testing-elements schema uses,
// run on the package's own schema (report-schema.ts). Not ajv: ajv 6 brings uri-js into the
// bundle and checks `uniqueItems` over objects pair by pair (quadratic: 100,000 mutants of one
// file would never finish); here each item's canonical JSON goes into a set, so the check is
// linear. A keyword this checker does not know makes it throw at first use, never pass
// silently; __tests__/mutation.reader.test.ts holds it to ajv 6 on real and broken reports.
type Schema = Record<string, unknown>;

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

/** The first way `data` fails `root` (`at .files['a.js'].mutants[3]: …`), or null. */
export function checkSchema(root: Schema, data: unknown): string | null {
  const patterns = new Map<string, RegExp>();
  const fail = (at: string, what: string) => `${what}${at === '' ? '' : ` at ${at.slice(0, 160)}`}`;
  const check = (s: Schema, d: unknown, at: string): string | null => {
    for (const k of Object.keys(s))
      if (!KNOWN.has(k)) throw new SchemaError(`the report schema uses ${k}, which is not checked`);
    if (typeof s.$ref === 'string') {
      const m = /^#\/definitions\/([\w-]+)$/.exec(s.$ref);
      const target = m && (root.definitions as Record<string, Schema> | undefined)?.[m[1]];
      if (!target) throw new SchemaError(`the report schema's ${s.$ref} is not resolved`);
      return check(target, d, at);
    }
    if (s.type !== undefined && !isType(s.type as string, d))
      return fail(at, `should be ${String(s.type)}`);
    if (s.enum !== undefined && !(s.enum as unknown[]).includes(d))
      return fail(at, `should be one of ${(s.enum as unknown[]).join(', ')}`);
    if (typeof d === 'string') {
      if (typeof s.pattern === 'string') {
        let re = patterns.get(s.pattern);
        if (!re) patterns.set(s.pattern, (re = new RegExp(s.pattern, 'u')));
        if (!re.test(d)) return fail(at, `should match ${s.pattern}`);
      }
      if (s.format === 'uri' && !isUri(d)) return fail(at, 'should be a URI');
    }
    if (typeof d === 'number') {
      if (typeof s.minimum === 'number' && d < s.minimum)
        return fail(at, `should be >= ${s.minimum}`);
      if (typeof s.maximum === 'number' && d > s.maximum)
        return fail(at, `should be <= ${s.maximum}`);
    }
    if (Array.isArray(d)) {
      if (s.items !== undefined)
        for (let i = 0; i < d.length; i++) {
          const e = check(s.items as Schema, d[i], `${at}[${i}]`);
          if (e) return e;
        }
      if (s.uniqueItems === true) {
        const seen = new Set<string>();
        for (let i = 0; i < d.length; i++) {
          const key = canonical(d[i]);
          if (seen.has(key)) return fail(`${at}[${i}]`, 'should not repeat an earlier item');
          seen.add(key);
        }
      }
    } else if (d !== null && typeof d === 'object') {
      const o = d as Record<string, unknown>;
      for (const r of (s.required as string[] | undefined) ?? [])
        if (!Object.hasOwn(o, r)) return fail(at, `should have required property '${r}'`);
      const props = (s.properties as Record<string, Schema> | undefined) ?? {};
      const extra = s.additionalProperties as Schema | boolean | undefined;
      for (const [k, v] of Object.entries(o)) {
        const own = Object.hasOwn(props, k) ? props[k] : undefined;
        const sub = own ?? (typeof extra === 'object' ? extra : undefined);
        if (own === undefined && extra === false)
          return fail(at, `should not have property ${JSON.stringify(k)}`);
        if (sub) {
          const e = check(sub, v, `${at}[${JSON.stringify(k)}]`);
          if (e) return e;
        }
      }
    }
    return null;
  };
  return check(root, data, '');
}

function isType(t: string, d: unknown): boolean {
  switch (t) {
    case 'object':
      return d !== null && typeof d === 'object' && !Array.isArray(d);
    case 'array':
      return Array.isArray(d);
    case 'string':
      return typeof d === 'string';
    case 'boolean':
      return typeof d === 'boolean';
    case 'number':
      return typeof d === 'number' && Number.isFinite(d);
    case 'integer':
      return Number.isInteger(d);
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
