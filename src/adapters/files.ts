// The file system, opened so that nothing a patch plants can hang or mislead the gate:
// a symlink, FIFO, device or directory is refused before a byte is read, and sizes are capped.
import { constants, createReadStream, type Dirent } from 'node:fs';
import { lstat, open, readdir, realpath, type FileHandle } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import picomatch from 'picomatch';
import { glob, isDynamicPattern } from 'tinyglobby';
import { GateError, type ArtifactFact, type SeedsFact } from '../types.js';

export const LIMITS = {
  /** One JUnit report file. */
  reportBytes: 256 * 1024 * 1024,
  /** The ledger file. */
  ledgerBytes: 64 * 1024 * 1024,
  /** The collected-ids file. */
  collectedBytes: 64 * 1024 * 1024,
  /** Report files one run may read. */
  reportFiles: 10_000,
  /** One golden (a locked_fixture's artifact): larger ones are refused, not hashed. */
  artifactBytes: 256 * 1024 * 1024,
};

// O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the last component is no symlink.
const SAFE_OPEN = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Opens a regular file for reading, or says why not. The caller closes it. */
async function openRegular(file: string): Promise<{ fh: FileHandle; size: number }> {
  let fh: FileHandle;
  try {
    fh = await open(file, SAFE_OPEN);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw new GateError('is a symlink: refused', file);
    if (code === 'ENOENT') throw new GateError('no such file', file);
    if (code === 'EISDIR') throw new GateError('is a directory, not a file', file);
    throw new GateError(`cannot open (${code ?? 'error'})`, file);
  }
  const st = await fh.stat();
  if (!st.isFile()) {
    await fh.close();
    throw new GateError(`is not a regular file (${kind(st)}): refused`, file);
  }
  return { fh, size: st.size };
}

function kind(st: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isSymbolicLink(): boolean;
}): string {
  if (st.isDirectory()) return 'directory';
  if (st.isFIFO()) return 'FIFO';
  if (st.isSocket()) return 'socket';
  if (st.isSymbolicLink()) return 'symlink';
  return 'device';
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8, refusing bytes that are not (never silently replaced by U+FFFD). */
function utf8(buf: Buffer, shown: string): string {
  try {
    return UTF8.decode(buf);
  } catch {
    // Where: the first byte the lenient decoder had to replace.
    const text = buf.toString('utf8');
    const at = text.indexOf('\ufffd');
    const line = at < 0 ? undefined : text.slice(0, at).split('\n').length;
    throw new GateError('is not valid UTF-8: refused', shown, line);
  }
}

/** Reads a regular file as UTF-8, refusing it past `maxBytes` before reading. */
export async function readCapped(file: string, maxBytes: number, shown = file): Promise<string> {
  const { fh, size } = await openRegular(file).catch((e: GateError) => {
    throw new GateError(e.message, shown);
  });
  try {
    if (size > maxBytes)
      throw new GateError(`is ${size} bytes, over the limit of ${maxBytes}`, shown);
    const buf = Buffer.alloc(size);
    let off = 0;
    while (off < size) {
      const { bytesRead } = await fh.read(buf, off, size - off, off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    return utf8(buf.subarray(0, off), shown);
  } finally {
    await fh.close();
  }
}

/** sha256 of a regular file, streamed. */
export async function hashFile(file: string): Promise<string> {
  const { fh, size } = await openRegular(file);
  if (size > LIMITS.artifactBytes) {
    await fh.close();
    throw new GateError(`is ${size} bytes, over the limit of ${LIMITS.artifactBytes}`, file);
  }
  const hash = createHash('sha256');
  // The stream owns and closes the handle.
  const stream = createReadStream('', { fd: fh, highWaterMark: 1024 * 1024 });
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return 'sha256:' + hash.digest('hex');
}

/**
 * Does `abs`, a path inside `root` as written, lead outside it through a symlinked folder?
 * (The last component is opened with O_NOFOLLOW, so only its folders are resolved here.)
 */
export async function leavesRepo(root: string, abs: string): Promise<boolean> {
  if (!inside(path.resolve(root), abs)) return false;
  try {
    return !inside(await realpath(root), await realpath(path.dirname(abs)));
  } catch {
    return false; // an absent folder: the open reports it
  }
}

/** Is `target` (already resolved) inside `root` (already resolved)? */
export function inside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Digests of repo-relative artifacts, each distinct path hashed once, several at a time.
 * Paths that escape the repository are refused (the ledger check names them too).
 */
export async function artifactFacts(
  root: string,
  paths: Iterable<string>,
): Promise<Map<string, ArtifactFact>> {
  const realRoot = await realpath(root);
  const unique = [...new Set(paths)];
  const facts = new Map<string, ArtifactFact>();
  await pool(unique, 8, async (rel) => {
    facts.set(rel, await artifactFact(realRoot, rel));
  });
  return facts;
}

async function artifactFact(realRoot: string, rel: string): Promise<ArtifactFact> {
  const abs = path.resolve(realRoot, rel);
  try {
    const real = await realpath(abs);
    if (!inside(realRoot, real)) return { problem: 'resolves outside the repository' };
    return { digest: await hashFile(abs) };
  } catch (e) {
    if (e instanceof GateError) return { problem: e.message };
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'no such file' : `unreadable (${code ?? 'error'})` };
  }
}

/** Regular files below each seeds folder (symlinks are not counted). */
export async function seedsFacts(
  root: string,
  folders: Iterable<string>,
): Promise<Map<string, SeedsFact>> {
  const realRoot = await realpath(root);
  const facts = new Map<string, SeedsFact>();
  await pool([...new Set(folders)], 8, async (rel) => {
    const abs = path.resolve(realRoot, rel);
    try {
      const st = await lstat(abs);
      if (!st.isDirectory())
        return void facts.set(rel, { files: 0, problem: `is not a folder (${kind(st)})` });
      if (!inside(realRoot, await realpath(abs))) {
        return void facts.set(rel, { files: 0, problem: 'resolves outside the repository' });
      }
      const entries = await readdir(abs, { withFileTypes: true, recursive: true });
      facts.set(rel, { files: entries.filter((e) => e.isFile()).length });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      facts.set(rel, {
        files: 0,
        problem: code === 'ENOENT' ? 'no such folder' : `unreadable (${code ?? 'error'})`,
      });
    }
  });
  return facts;
}

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

export interface ReportFile {
  /** Absolute path. */
  path: string;
  /** As shown to users: relative to cwd when below it. */
  shown: string;
}

/**
 * Expands report globs. A literal path is taken as is (so a symlink or FIFO named directly is
 * refused, not silently unmatched); a glob that matches nothing is an error of its own.
 */
export async function expandReports(
  cwd: string,
  patterns: string[],
): Promise<{ files: ReportFile[]; problems: { file: string; message: string }[] }> {
  const files = new Map<string, ReportFile>();
  const problems: { file: string; message: string }[] = [];
  const show = (abs: string) => {
    const rel = path.relative(cwd, abs);
    return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel;
  };
  for (const pattern of patterns) {
    if (/\0/.test(pattern)) {
      problems.push({ file: JSON.stringify(pattern), message: 'a report path with a NUL byte' });
      continue;
    }
    const matches = isDynamicPattern(pattern)
      ? await glob(pattern, {
          cwd,
          absolute: true,
          onlyFiles: false,
          followSymbolicLinks: false,
          dot: true,
          expandDirectories: false,
        })
      : [path.resolve(cwd, pattern)];
    // The glob skips symlinks, FIFOs, sockets and devices; they are refused by name instead.
    if (isDynamicPattern(pattern)) matches.push(...(await specialMatches(cwd, pattern)));
    if (matches.length === 0)
      problems.push({ file: pattern, message: 'no report file matches this pattern' });
    for (const abs of matches.sort()) {
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
