// Lexical rules for `artifact` and `seeds` paths (pure). The file-system half — symlinks
// that lead out of the repository — is in paths.ts.

const CLEAN = /^(?![A-Za-z]:)[^/\\\0%][^\\\0%]*$/;

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
