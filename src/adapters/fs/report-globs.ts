// Report globs: the `junit` patterns expanded to report files. A literal path is taken as is,
// and entries a glob skips (symlinks, FIFOs, sockets, devices) are found by name, so that each
// is refused rather than silently unmatched.
import { type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { glob, isDynamicPattern } from 'tinyglobby';
import type { ReportProblem } from '../../types.js';
import { LIMITS, leavesRepo } from './safe-read.js';

export interface ReportFile {
  /** Absolute path. */
  path: string;
  /** As shown to users: relative to cwd when below it. */
  shown: string;
}

/**
 * Expands report globs. A literal path is taken as is (so a symlink or FIFO named directly is
 * refused, not silently unmatched); a glob that matches nothing is an error of its own. A
 * pattern that starts with `!` excludes what it matches from every other pattern's files,
 * wherever it stands in the list.
 */
export async function expandReports(
  cwd: string,
  patterns: string[],
): Promise<{ files: ReportFile[]; problems: ReportProblem[] }> {
  const files = new Map<string, ReportFile>();
  const problems: ReportProblem[] = [];
  const show = (abs: string) => {
    const rel = path.relative(cwd, abs);
    return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel;
  };
  const excludes = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  if (excludes.includes(''))
    problems.push({ file: '!', message: 'an exclusion without a pattern' });
  const posix = (p: string) => p.split(path.sep).join('/');
  const given = excludes.filter((p) => p !== '').map((p) => posix(path.resolve(cwd, p)));
  const excluded = given.length > 0 ? picomatch(given, { dot: true }) : () => false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue;
    if (/\0/.test(pattern)) {
      problems.push({ file: JSON.stringify(pattern), message: 'a report path with a NUL byte' });
      continue;
    }
    const dynamic = isDynamicPattern(pattern);
    const matches = dynamic ? await globMatches(cwd, pattern) : [path.resolve(cwd, pattern)];
    // The glob skips symlinks, FIFOs, sockets and devices; they are refused by name instead.
    if (dynamic) matches.push(...(await specialMatches(cwd, pattern)));
    if (matches.length === 0)
      problems.push({ file: pattern, message: 'no report file matches this pattern' });
    for (const abs of matches.sort()) {
      if (excluded(posix(abs))) continue;
      if (files.size >= LIMITS.reportFiles) {
        problems.push({ file: pattern, message: `more than ${LIMITS.reportFiles} report files` });
        break;
      }
      if (await leavesRepo(cwd, abs)) {
        problems.push({
          file: show(abs),
          message: 'resolves outside the repository through a symlinked folder: refused',
        });
        continue;
      }
      files.set(abs, { path: abs, shown: show(abs) });
    }
  }
  return { files: [...files.values()], problems };
}

// The files a glob matches, and the folders it names as reports. A bare `*` or `**` last
// segment matches every folder it walks (`reports/**/*`, an unzipped artifact's folders):
// those hold reports and are no matches. A last segment that spells part of a name (`*.xml`)
// asks for reports by it, so a folder so named (`r.xml/`) is listed too, to be refused when
// it is read rather than silently unmatched.
async function globMatches(cwd: string, pattern: string): Promise<string[]> {
  // One walk: the glob marks each folder it matches with a trailing `/`.
  const found = await glob(pattern, {
    cwd,
    absolute: true,
    onlyFiles: false,
    followSymbolicLinks: false,
    dot: true,
    expandDirectories: false,
  });
  const last = pattern.replace(/\/+$/, '').split('/').pop() ?? '';
  const foldersNamed = !/^\*+$/.test(last);
  return found.filter((p) => foldersNamed || !p.endsWith('/')).map((p) => p.replace(/\/+$/, ''));
}

/** Entries matching a glob that are neither files nor folders: symlinks, FIFOs, sockets, devices. */
async function specialMatches(cwd: string, pattern: string): Promise<string[]> {
  const isMatch = picomatch(pattern, { dot: true });
  const base = path.resolve(cwd, picomatch.scan(pattern).base);
  let entries: Dirent[];
  try {
    entries = await readdir(base, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    if (e.isFile() || e.isDirectory()) continue;
    const dir = (e as { parentPath?: string }).parentPath ?? e.path;
    const abs = path.join(dir, e.name);
    const shown = path.isAbsolute(pattern) ? abs : path.relative(cwd, abs);
    if (isMatch(shown.split(path.sep).join('/'))) out.push(abs);
  }
  return out;
}
