// Lexical rules for `artifact` and `seeds` paths (pure). The file-system half — symlinks
// that lead out of the repository — is in paths.ts.
//
// Every rule compares ledger paths with git's paths, so a ledger path has one form: the
// canonical one (repository-relative, `/`-separated, no empty, `.` or `..` segment, no
// trailing `/`). The validator stores that form in the row; the change's ledger must be
// written in it (a seeds folder may end with one `/`), the base ledger is normalised to it.

const CLEAN = /^(?![A-Za-z]:)[^/\\\0%][^\\\0%]*$/;
// A `.` or `..` segment, or an empty one between two `/`: one pass, no backtracking.
const NOT_CANONICAL = /(?:^|\/)\.\.?(?:\/|$)|\/\//;

// Segments of letters, digits, `_`, `-` and `.` (never first), `/` between them: a path no
// rule here or in golden-set.ts / doctest-artifact.ts has anything to say about.
const PLAIN = /^[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;

/**
 * Is `p` a file path every path rule accepts as written and whose canonical form is itself?
 * A screen that spares most ledger paths the rules one by one (validate.ts's soundPath).
 */
export function isPlainPath(p: string): boolean {
  return PLAIN.test(p);
}

/** Why a ledger path is refused, or null when it is an acceptable repo-relative path. */
export function pathProblem(p: string): string | null {
  if (CLEAN.test(p) && !p.includes('..')) return null; // the common case, in one pass
  if (p.includes('\0')) return 'contains a NUL character';
  if (p.includes('\\')) return 'contains a backslash; use / as the separator';
  if (/%(?:2e|2f|5c|00)/i.test(p)) return 'contains URL-encoded path characters';
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p))
    return 'is absolute; use a path relative to the repository root';
  let depth = 0;
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      depth--;
      if (depth < 0) return 'climbs out of the repository';
    } else depth++;
  }
  return null;
}

/** The canonical form of a path `pathProblem` accepts ('' for the repository root itself). */
export function canonicalPath(p: string): string {
  if (!NOT_CANONICAL.test(p)) return p.endsWith('/') ? p.slice(0, -1) : p;
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/**
 * How `p` (accepted by `pathProblem`) should have been written, or null when it is canonical.
 * A seeds folder may end with one `/`; an artifact names a file and may not.
 */
export function canonicalSpelling(field: 'artifact' | 'seeds', p: string): string | null {
  const canon = canonicalPath(p);
  if (p === canon || (field === 'seeds' && p === canon + '/')) return null;
  return field === 'seeds' && p.endsWith('/') ? canon + '/' : canon;
}
