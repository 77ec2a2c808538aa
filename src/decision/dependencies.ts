// Dependency manifests and lock files read as data (CONTRACT §3 "Dependencies"): what one
// commit did to a manifest's registry dependencies, package by package, old → new version,
// or why the edit is more than that (a path, git or tarball spec, a script, an override, any
// other key), which stays a reject. package.json's four dependency maps, pyproject.toml's
// `[project] dependencies`, optional dependencies and `[dependency-groups]`, requirements
// files; package-lock.json is read whole (every changed package must resolve on the npm
// registry), the other lock files line by line (no added line may name a source off the
// registries). Pure: the texts come from git; anything that does not parse is a problem.
import type { DependencyEdit, DependencyMove } from '../types.js';

export type DependencyFile = 'package.json' | 'pyproject' | 'requirements' | 'npm-lock' | 'lock';

/** What kind of dependency file a path is, or undefined. */
export function dependencyFile(path: string): DependencyFile | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'package.json') return 'package.json';
  if (name === 'pyproject.toml') return 'pyproject';
  if (/^requirements[^/]*\.txt$/.test(name) || /(?:^|\/)requirements\/[^/]+\.txt$/.test(path))
    return 'requirements';
  if (name === 'package-lock.json' || name === 'npm-shrinkwrap.json') return 'npm-lock';
  if (/^(?:yarn\.lock|pnpm-lock\.yaml|poetry\.lock|uv\.lock|Pipfile\.lock)$/.test(name))
    return 'lock';
  return undefined;
}

/** The lock files a manifest's edit carries with it: those of its own folder. */
export const sameFolder = (a: string, b: string) =>
  a.slice(0, a.lastIndexOf('/') + 1) === b.slice(0, b.lastIndexOf('/') + 1);

/** A manifest that is a lock file's: npm-family locks follow package.json, Python's pyproject. */
export function manifestOf(lock: string): DependencyFile[] {
  return /(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(lock)
    ? ['package.json']
    : ['pyproject', 'requirements'];
}

/**
 * What a commit did to dependency file `path`, from its text `before` (the parent's; null when
 * absent) to `after` (the commit's; null when deleted).
 */
export function dependencyEdit(
  path: string,
  before: string | null,
  after: string | null,
): DependencyEdit {
  const kind = dependencyFile(path);
  if (kind === undefined) return { problem: 'not a dependency file' };
  if (after === null) return { problem: 'deletes it' };
  try {
    if (kind === 'package.json') return packageJson(before, after);
    if (kind === 'pyproject') return pyproject(before ?? '', after);
    if (kind === 'requirements') return requirements(before ?? '', after);
    if (kind === 'npm-lock') return npmLock(before, after);
    return lockLines(before ?? '', after);
  } catch (e) {
    return { problem: e instanceof Problem ? e.message : 'does not parse' };
  }
}

class Problem extends Error {}
const fail = (why: string): never => {
  throw new Problem(why);
};

// ---------------------------------------------------------------- npm

const NPM_SECTIONS = new Set([
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
]);

/**
 * A version range or dist-tag, or a registry alias of one (`npm:string-width@^4.2.3`): no
 * path, URL, git host or workspace protocol.
 */
const NPM_RANGE =
  /^(?:npm:(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*@)?[A-Za-z0-9.^~<>=|*+\- ]{0,200}$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function jsonObject(text: string, side: string): Obj {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return fail(`the ${side} text does not parse as JSON`);
  }
  return isObj(v) ? v : fail(`the ${side} text is not a JSON object`);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const keysOf = (a: Obj, b: Obj) => [...new Set([...Object.keys(a), ...Object.keys(b)])];

function packageJson(before: string | null, after: string): DependencyEdit {
  const a = before === null ? {} : jsonObject(before, 'parent');
  const b = jsonObject(after, 'new');
  const moves: DependencyMove[] = [];
  for (const key of keysOf(a, b)) {
    if (same(a[key], b[key])) continue;
    if (!NPM_SECTIONS.has(key)) {
      // Name the sub-keys that moved: `scripts.postinstall`, `overrides.lodash`.
      const x = isObj(a[key]) ? a[key] : {};
      const y = isObj(b[key]) ? b[key] : {};
      const inner = isObj(a[key] ?? {}) && isObj(b[key] ?? {});
      const sub = inner ? keysOf(x, y).filter((k) => !same(x[k], y[k])) : [];
      const named = sub.length > 0 ? sub.map((k) => `${key}.${k}`).join(', ') : key;
      return fail(`changes ${named}: not a dependency version`);
    }
    const x = a[key] ?? {};
    const y = b[key] ?? {};
    if (!isObj(x) || !isObj(y)) return fail(`${key} is not an object of versions`);
    for (const name of keysOf(x, y)) {
      if (x[name] === y[name]) continue;
      const to = y[name];
      if (to !== undefined && (typeof to !== 'string' || !NPM_RANGE.test(to)))
        return fail(
          `${key}.${name}: ${JSON.stringify(to)} is not a registry version (a path, link, git, tarball or workspace spec)`,
        );
      const from = x[name];
      moves.push({
        name,
        section: key,
        from: typeof from === 'string' ? from : from === undefined ? null : JSON.stringify(from),
        to: to ?? null,
      });
    }
  }
  return { moves };
}

const REGISTRY = 'https://registry.npmjs.org/';
const packageName = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 13);

/**
 * package-lock.json (and npm-shrinkwrap.json): every package entry the commit changes must
 * resolve on the npm registry; the root entry (`""`, package.json's own maps) may move only
 * beside its manifest's reviewed edit (`needsManifest`).
 */
function npmLock(before: string | null, after: string): DependencyEdit {
  const a = before === null ? {} : jsonObject(before, 'parent');
  const b = jsonObject(after, 'new');
  for (const key of keysOf(a, b))
    if (key !== 'packages' && key !== 'dependencies' && !same(a[key], b[key]))
      return fail(`changes ${key}: not a dependency version`);
  let needsManifest = false;
  const moves = new Map<string, DependencyMove>();
  const move = (name: string, from: unknown, to: unknown) => {
    const m = {
      name,
      section: 'lock',
      from: typeof from === 'string' ? from : null,
      to: typeof to === 'string' ? to : null,
    };
    moves.set(`${m.name}\0${m.from}\0${m.to}`, m);
  };
  // lockfileVersion 2 and 3: a flat map from install path to entry.
  const pa = isObj(a.packages) ? a.packages : {};
  const pb = isObj(b.packages) ? b.packages : {};
  if (b.packages !== undefined && !isObj(b.packages)) fail('packages is not an object');
  for (const key of keysOf(pa, pb)) {
    if (same(pa[key], pb[key])) continue;
    if (key === '') {
      needsManifest = true;
      continue;
    }
    const e = pb[key];
    if (e !== undefined) registryEntry(key, e);
    move(
      packageName(key),
      isObj(pa[key]) ? pa[key].version : undefined,
      isObj(e) ? e.version : undefined,
    );
  }
  // lockfileVersion 1 (and 2's copy of it): nested by name.
  const walk = (x: unknown, y: unknown, at: string) => {
    const da = isObj(x) ? x : {};
    const db = isObj(y) ? y : {};
    if (y !== undefined && !isObj(y)) fail(`${at}dependencies is not an object`);
    for (const name of keysOf(da, db)) {
      if (same(da[name], db[name])) continue;
      const e = db[name];
      const was = da[name];
      if (e !== undefined) {
        registryEntry(`${at}${name}`, e);
        walk(isObj(was) ? was.dependencies : undefined, (e as Obj).dependencies, `${at}${name} > `);
      }
      move(name, isObj(was) ? was.version : undefined, isObj(e) ? e.version : undefined);
    }
  };
  walk(a.dependencies, b.dependencies, '');
  return needsManifest
    ? { moves: [...moves.values()], needsManifest }
    : { moves: [...moves.values()] };
}

function registryEntry(key: string, e: unknown): void {
  if (!isObj(e)) return fail(`${key} is not an object`);
  if (e.link === true || e.bundled === true || e.inBundle === true)
    return fail(`${key} is a link or a bundled package, not a registry download`);
  if (typeof e.resolved !== 'string' || !e.resolved.startsWith(REGISTRY))
    return fail(
      `${key} resolves to ${JSON.stringify(e.resolved ?? null)}, not the npm registry (${REGISTRY})`,
    );
  // The resolved URL is what npm downloads: an alias's version (`npm:string-width@4.2.3`)
  // names a registry package under another name, and lockfile v1 writes a git dependency's
  // version as its URL, which the check above already refuses.
}

/** Hosts a lock file's added lines may download from. */
const REGISTRY_HOSTS = new Set([
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'pypi.org',
  'files.pythonhosted.org',
]);

/** A source off the registries, as yarn, pnpm, poetry, uv and pipenv write one. */
const OFF_REGISTRY =
  /\b(?:file|link|workspace|portal|patch|exec|github|gitlab|bitbucket):|git\+|git:\/\/|\{\s*(?:git|path|directory|editable|virtual|url|repo|tarball)\s*[=:]|^\s*(?:tarball|directory|repo):|^\s*type\s*=\s*"(?:git|directory|file|url)"|"(?:git|path|file|editable)"\s*:/;

/** yarn.lock, pnpm-lock.yaml, poetry.lock, uv.lock, Pipfile.lock: every added line on the registries. */
function lockLines(before: string, after: string): DependencyEdit {
  const had = new Set(before.split('\n'));
  for (const line of after.split('\n')) {
    if (had.has(line)) continue;
    const off = OFF_REGISTRY.exec(line);
    if (off)
      return fail(`adds ${JSON.stringify(line.trim().slice(0, 120))}: a source off the registries`);
    for (const m of line.matchAll(/https?:\/\/([^/\s"'#?]+)/g))
      if (!REGISTRY_HOSTS.has(m[1].toLowerCase()))
        return fail(`adds a download from ${m[1]}, not a registry`);
  }
  return { moves: [], needsManifest: true };
}

// ---------------------------------------------------------------- Python

/** PEP 508 with a version only: `name[extras] >=1,<2 ; marker`; no `@ URL`, no path. */
const PEP508 = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;@]*?)\s*(;.*)?$/;

const normalise = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

/** Requirement strings as a map: normalised name (with extras) → its spec and marker. */
function requirementMap(items: readonly string[], where: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of items) {
    const item = raw.trim();
    const m = PEP508.exec(item);
    if (!m || /:\/\/|^[./]|\//.test(m[3]))
      return fail(
        `${where}: ${JSON.stringify(item.slice(0, 120))} is not a registry requirement (a URL, path or git spec)`,
      );
    const key = normalise(m[1]) + (m[2] ?? '').replace(/\s/g, '');
    const spec = `${m[3].replace(/\s/g, '')}${m[4] ? ` ${m[4].trim()}` : ''}`;
    out.set(key, out.has(key) ? `${out.get(key)} | ${spec}` : spec);
  }
  return out;
}

function diffMaps(
  section: string,
  a: Map<string, string>,
  b: Map<string, string>,
  out: DependencyMove[],
) {
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(name) === b.get(name)) continue;
    out.push({ name, section, from: a.get(name) ?? null, to: b.get(name) ?? null });
  }
}

/** Tables whose arrays of requirement strings are dependencies; `[project]` only its `dependencies`. */
const PY_TABLES = new Set(['project.optional-dependencies', 'dependency-groups']);

/**
 * A pyproject's dependency arrays, by `table.key`, and the rest of its text (which must not
 * change). A multi-line string could hide a table header: such a file is not read.
 */
function pyArrays(text: string): { arrays: Map<string, string[]>; rest: string } {
  if (text.includes('"""') || text.includes("'''"))
    return fail('holds a multi-line string: not read as dependencies');
  const arrays = new Map<string, string[]>();
  const rest: string[] = [];
  const lines = text.split(/\r?\n/);
  let table = '';
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    const header = /^\[\s*([^\]]+?)\s*\]\s*(?:#.*)?$/.exec(t);
    if (header) table = header[1].replace(/["'\s]/g, '');
    const assign = /^([A-Za-z0-9_-]+)\s*=\s*\[(.*)$/.exec(t);
    const isDeps =
      assign && ((table === 'project' && assign[1] === 'dependencies') || PY_TABLES.has(table));
    if (!assign || !isDeps) {
      if (t !== '' && !t.startsWith('#')) rest.push(t);
      continue;
    }
    // The array runs to its closing bracket (strings hold none: requirement syntax has no `]`
    // outside extras, which close inside their string).
    let body = assign[2];
    while (!closes(body) && i + 1 < lines.length) body += `\n${lines[++i]}`;
    if (!closes(body)) return fail(`${table}.${assign[1]}: the array does not close`);
    const items: string[] = [];
    const left = body
      .slice(0, body.lastIndexOf(']'))
      .replace(
        /"((?:[^"\\\n])*)"|'([^'\n]*)'/g,
        (_m, d: string | undefined, s: string | undefined) => {
          items.push(d ?? s ?? '');
          return '';
        },
      )
      .replace(/#[^\n]*/g, '')
      .replace(/[\s,]/g, '');
    if (left !== '' || /\\/.test(body))
      return fail(`${table}.${assign[1]}: holds more than requirement strings`);
    const after = body.slice(body.lastIndexOf(']') + 1).trim();
    if (after !== '' && !after.startsWith('#'))
      return fail(`${table}.${assign[1]}: text after the array`);
    arrays.set(`${table}.${assign[1]}`, items);
  }
  return { arrays, rest: rest.join('\n') };
}

/** Does an array's text close (a `]` outside strings)? */
function closes(body: string): boolean {
  return body
    .replace(/"[^"\n]*"|'[^'\n]*'/g, '')
    .replace(/#[^\n]*/g, '')
    .includes(']');
}

function pyproject(before: string, after: string): DependencyEdit {
  const a = pyArrays(before);
  const b = pyArrays(after);
  if (a.rest !== b.rest)
    return fail(
      'changes more than [project] dependencies, optional dependencies and dependency groups',
    );
  const moves: DependencyMove[] = [];
  for (const key of new Set([...a.arrays.keys(), ...b.arrays.keys()])) {
    const x = requirementMap(a.arrays.get(key) ?? [], key);
    const y = requirementMap(b.arrays.get(key) ?? [], key);
    diffMaps(key, x, y, moves);
  }
  return { moves };
}

/** A requirements file: requirement lines (hashes allowed); option lines may not change. */
function requirements(before: string, after: string): DependencyEdit {
  const read = (text: string) => {
    const options: string[] = [];
    const reqs: string[] = [];
    for (const raw of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
      const line = raw.replace(/(?:^|\s)#.*$/, '').trim();
      if (line === '') continue;
      if (line.startsWith('-')) options.push(line);
      else {
        const req = line.replace(/\s--hash[=\s]\S+/g, '').trim();
        if (/\s-/.test(req))
          return fail(`${JSON.stringify(line.slice(0, 120))}: per-requirement options`);
        reqs.push(req);
      }
    }
    return { options: options.join('\n'), reqs };
  };
  const a = read(before);
  const b = read(after);
  if (a.options !== b.options)
    return fail('changes an option line (-r, -c, -e, --index-url, …): not a dependency version');
  const moves: DependencyMove[] = [];
  diffMaps(
    'requirements',
    requirementMap(a.reqs, 'requirements'),
    requirementMap(b.reqs, 'requirements'),
    moves,
  );
  return { moves };
}
