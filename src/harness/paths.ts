// Repository paths as the resolvers build them (pure, POSIX): joined, normalised, never
// leaving the repository, and the files a module name or an extensionless path can load.
import type { TreeView } from './types.js';

/** `dir` + `rel` normalised; null when it leaves the repository or is absolute. */
export function repoPath(dir: string, rel: string): string | null {
  if (rel.startsWith('/') || rel.includes('\0')) return null;
  const parts: string[] = [];
  for (const seg of `${dir}/${rel}`.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.length === 0 ? null : parts.join('/');
}

export const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

const JS_EXT = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.jsx', '.tsx', '.json'];

/**
 * The files a JS module path can load (`./setup` → `setup.js`, `setup/index.js`, …): the path
 * itself, then with each extension, then as a folder's index. Absent ones count too: a file the
 * change adds where the base's config looks is harness all the same.
 */
export function jsCandidates(p: string): string[] {
  const out = [p];
  if (!/\.[cm]?[jt]sx?$|\.json$/.test(p)) {
    for (const e of JS_EXT) out.push(p + e);
    for (const e of JS_EXT) out.push(`${p}/index${e}`);
  }
  return out;
}

/** The files `import a.b.c` loads from `root`: `a/b/c.py` or the package `a/b/c/__init__.py`. */
export function pyCandidates(root: string, module: string): string[] {
  if (!/^[A-Za-z_][\w.]*$/.test(module)) return [];
  const rel = module.split('.').join('/');
  return [`${rel}.py`, `${rel}/__init__.py`]
    .map((p) => repoPath(root, p))
    .filter((p): p is string => p !== null);
}

/** Of the candidates, those the tree has; all of them when it has none (shadowing counts). */
export function present(tree: TreeView, candidates: string[]): string[] {
  const have = candidates.filter((c) => tree.has(c));
  return have.length > 0 ? have : candidates;
}

/** A path-like argument: relative, or `<rootDir>`-based, or a file with a code extension. */
export function looksLikePath(s: string): boolean {
  // A glob (`projects: ['<rootDir>/packages/*']`) names no one file; node_modules is installed.
  if (s === '' || s.startsWith('@') || /[\n*?]/.test(s) || /^[a-z][\w+.-]*:/i.test(s)) return false;
  if (/(?:^|\/)node_modules\//.test(s)) return false;
  if (s.startsWith('./') || s.startsWith('../') || s.startsWith('<rootDir>')) return true;
  return /\.(?:[cm]?[jt]sx?|json|py|sh|ya?ml|toml|ini|cfg)$/.test(s);
}
