// The file system, opened so that nothing a patch plants can hang or mislead the gate:
// a symlink, FIFO, device or directory is refused before a byte is read, and sizes are capped.
import fs, { constants, type Dirent } from 'node:fs';
import { open, readdir, realpath, type FileHandle } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
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
function openError(e: unknown, file: string): GateError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ELOOP' || code === 'EMLINK') return new GateError('is a symlink: refused', file);
  if (code === 'ENOENT') return new GateError('no such file', file);
  if (code === 'EISDIR') return new GateError('is a directory, not a file', file);
  return new GateError(`cannot open (${code ?? 'error'})`, file);
}

async function openRegular(file: string): Promise<{ fh: FileHandle; size: number }> {
  let fh: FileHandle;
  try {
    fh = await open(file, SAFE_OPEN);
  } catch (e) {
    throw openError(e, file);
  }
  const st = await fh.stat();
  if (!st.isFile()) {
    await fh.close();
    throw new GateError(`is not a regular file (${kind(st)}): refused`, file);
  }
  return { fh, size: st.size };
}

/**
 * readCapped, blocking: the same checks and errors. For a worker thread, where a round trip
 * through the thread pool per read only waits for a busy CPU.
 */
export function readCappedSync(file: string, maxBytes: number, shown = file): string {
  let fd: number;
  try {
    fd = fs.openSync(file, SAFE_OPEN);
  } catch (e) {
    throw openError(e, shown);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new GateError(`is not a regular file (${kind(st)}): refused`, shown);
    if (st.size > maxBytes)
      throw new GateError(`is ${st.size} bytes, over the limit of ${maxBytes}`, shown);
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = fs.readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return utf8(buf.subarray(0, off), shown);
  } finally {
    fs.closeSync(fd);
  }
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
    const { line, column } = utf8ErrorAt(buf);
    throw new GateError('is not valid UTF-8: refused', shown, line, column);
  }
}

/**
 * Line and column (in characters) of the first byte that is not UTF-8. Found by walking the
 * bytes (a U+FFFD written in the file is valid and must not be mistaken for the error).
 */
export function utf8ErrorAt(buf: Uint8Array): { line: number; column: number } {
  const at = firstInvalidUtf8(buf);
  let line = 1;
  let lineStart = 0;
  for (let i = buf.indexOf(0x0a); i !== -1 && i < at; i = buf.indexOf(0x0a, i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const column = UTF8.decode(buf.subarray(lineStart, at)).length + 1;
  return { line, column };
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(b: Uint8Array): number {
  const cont = (i: number, lo = 0x80, hi = 0xbf) => i < b.length && b[i] >= lo && b[i] <= hi;
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    let n: number; // the sequence's length when valid, else 0
    if (c < 0x80) n = 1;
    else if (c >= 0xc2 && c <= 0xdf) n = cont(i + 1) ? 2 : 0;
    else if (c >= 0xe0 && c <= 0xef) {
      const [lo, hi] = c === 0xe0 ? [0xa0, 0xbf] : c === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
      n = cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
    } else if (c >= 0xf0 && c <= 0xf4) {
      const [lo, hi] = c === 0xf0 ? [0x90, 0xbf] : c === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
      n = cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    } else n = 0;
    if (n === 0) return i;
    i += n;
  }
  return b.length;
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

/** sha256 of a regular file (for `ledger-gate digest` / `lock`): the same reader the gate uses. */
export async function hashFile(file: string): Promise<string> {
  const req = {
    root: '/',
    artifacts: [path.resolve(file)],
    seeds: [],
    maxBytes: LIMITS.artifactBytes,
  };
  const fact = collectFacts(req, NODE_LIB).artifacts[0][1];
  if (fact.digest !== undefined) return fact.digest;
  throw new GateError(fact.problem ?? 'unreadable', file);
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

/** Digests of repo-relative artifacts, each distinct path hashed once. */
export async function artifactFacts(
  root: string,
  paths: Iterable<string>,
): Promise<Map<string, ArtifactFact>> {
  return (await fileFacts(root, paths, [])).artifacts;
}

/** Regular files below each seeds folder (symlinks are not counted). */
export async function seedsFacts(
  root: string,
  folders: Iterable<string>,
): Promise<Map<string, SeedsFact>> {
  return (await fileFacts(root, [], folders)).seeds;
}

export interface FileFacts {
  artifacts: Map<string, ArtifactFact>;
  seeds: Map<string, SeedsFact>;
  /** Where they were gathered. */
  on: 'worker' | 'main';
}

/** Past this many distinct paths the facts are gathered on a worker thread. */
export const WORKER_THRESHOLD = 1000;

/**
 * Artifact digests and seed counts for repo-relative paths, each distinct path once. Paths
 * that escape the repository are refused (the ledger check names them too). A large set is
 * read and hashed on a worker thread, so it overlaps with parsing the reports on this one;
 * if the worker cannot run, the same code runs here.
 */
export async function fileFacts(
  root: string,
  artifacts: Iterable<string>,
  seeds: Iterable<string>,
  opts: { worker?: boolean; early?: Promise<FileFacts | undefined> } = {},
): Promise<FileFacts> {
  const req: FactsRequest = {
    root: await realpath(root),
    artifacts: [...new Set(artifacts)],
    seeds: [...new Set(seeds)],
    maxBytes: LIMITS.artifactBytes,
  };
  // Facts gathered early (prefetchFileFacts) serve every path they cover; the rest, if the
  // scan missed any (a quoted or commented value), are gathered now.
  const early = await opts.early;
  if (early) {
    const artifactFacts = pick(early.artifacts, req.artifacts);
    const seedsFacts = pick(early.seeds, req.seeds);
    const rest = await fileFacts(root, artifactFacts.missing, seedsFacts.missing, {
      worker: opts.worker,
    });
    for (const [k, v] of rest.artifacts) artifactFacts.found.set(k, v);
    for (const [k, v] of rest.seeds) seedsFacts.found.set(k, v);
    return { artifacts: artifactFacts.found, seeds: seedsFacts.found, on: early.on };
  }
  const big = req.artifacts.length + req.seeds.length >= WORKER_THRESHOLD;
  let res: FactsResult | undefined;
  if (opts.worker ?? big) res = await onWorker(req).catch(() => undefined);
  const on = res ? 'worker' : 'main';
  res ??= collectFacts(req, NODE_LIB);
  return { artifacts: new Map(res.artifacts), seeds: new Map(res.seeds), on };
}

function pick<T>(
  have: Map<string, T>,
  want: string[],
): { found: Map<string, T>; missing: string[] } {
  const found = new Map<string, T>();
  const missing: string[] = [];
  for (const k of want) {
    const v = have.get(k);
    if (v === undefined) missing.push(k);
    else found.set(k, v);
  }
  return { found, missing };
}

/** From this ledger size on, the goldens are hashed while the ledger is parsed. */
export const PREFETCH_LEDGER_BYTES = 1024 * 1024;

/**
 * Starts gathering the facts for the paths a ledger names before it is parsed: a worker reads
 * the ledger's text, picks the plain `artifact:` and `seeds:` values out of it, and reads and
 * hashes those (each is checked to be inside the repository first, as always). Pass the
 * promise to fileFacts as `early`; undefined when the worker could not run.
 */
export async function prefetchFileFacts(
  root: string,
  ledgerAbs: string,
): Promise<FileFacts | undefined> {
  const req: FactsRequest = {
    root: await realpath(root),
    artifacts: [],
    seeds: [],
    maxBytes: LIMITS.artifactBytes,
    scan: { ledger: ledgerAbs, maxBytes: LIMITS.ledgerBytes },
  };
  const res = await onWorker(req).catch(() => undefined);
  return res && { artifacts: new Map(res.artifacts), seeds: new Map(res.seeds), on: 'worker' };
}

interface FactsRequest {
  /** Real path of the repository. */
  root: string;
  artifacts: string[];
  seeds: string[];
  /** Artifacts larger than this are refused, not hashed. */
  maxBytes: number;
  /** Take the paths from this ledger's text (plain values on `artifact:` / `seeds:` lines). */
  scan?: { ledger: string; maxBytes: number };
}

interface FactsResult {
  artifacts: [string, ArtifactFact][];
  seeds: [string, SeedsFact][];
}

interface FactsLib {
  fs: typeof fs;
  crypto: { createHash: typeof createHash };
  path: typeof path;
}

const NODE_LIB: FactsLib = { fs, crypto: { createHash }, path };

// The worker runs collectFacts from its source text, so collectFacts may use only its
// arguments and globals. If that text cannot run there (a coverage tool instruments it, say),
// the worker fails and fileFacts falls back to calling it on this thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const lib = { fs: require('node:fs'), crypto: require('node:crypto'), path: require('node:path') };
parentPort.postMessage((${collectFacts.toString()})(workerData, lib));
`;

function onWorker(req: FactsRequest): Promise<FactsResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: req });
    w.once('message', (m: FactsResult) => resolve(m));
    w.once('error', reject);
    w.once('exit', (code) => reject(new Error(`facts worker exited with ${code}`)));
  });
}

/**
 * The facts, synchronously. Opened so that nothing a patch plants can hang or mislead: no
 * symlink is followed on the last component (O_NOFOLLOW), a FIFO does not block (O_NONBLOCK)
 * and is refused with anything else that is not a regular file, before a byte is read.
 */
function collectFacts(request: FactsRequest, lib: FactsLib): FactsResult {
  let req = request;
  const { fs, crypto, path } = lib;
  const C = fs.constants;
  const SAFE_OPEN = C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK;
  const CHUNK = 1024 * 1024;
  let buf = Buffer.allocUnsafe(64 * 1024);
  const codeOf = (e: unknown) => (e as NodeJS.ErrnoException).code;
  const kind = (st: fs.Stats) =>
    st.isFile()
      ? 'file'
      : st.isDirectory()
        ? 'directory'
        : st.isFIFO()
          ? 'FIFO'
          : st.isSocket()
            ? 'socket'
            : st.isSymbolicLink()
              ? 'symlink'
              : 'device';
  const isInside = (target: string) => {
    const rel = path.relative(req.root, target);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };

  const hash = (abs: string): ArtifactFact => {
    let fd: number;
    try {
      fd = fs.openSync(abs, SAFE_OPEN);
    } catch (e) {
      const code = codeOf(e);
      if (code === 'ELOOP' || code === 'EMLINK') return { problem: 'is a symlink: refused' };
      if (code === 'ENOENT') return { problem: 'no such file' };
      if (code === 'EISDIR') return { problem: 'is a directory, not a file' };
      return { problem: `cannot open (${code ?? 'error'})` };
    }
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile()) return { problem: `is not a regular file (${kind(st)}): refused` };
      if (st.size > req.maxBytes)
        return { problem: `is ${st.size} bytes, over the limit of ${req.maxBytes}` };
      const h = crypto.createHash('sha256');
      // Small files in one read; large ones in chunks of one reused buffer.
      if (buf.length < Math.min(st.size + 1, CHUNK))
        buf = Buffer.allocUnsafe(Math.min(st.size + 1, CHUNK));
      for (;;) {
        const n = fs.readSync(fd, buf, 0, buf.length, null);
        if (n === 0) break;
        h.update(buf.subarray(0, n));
      }
      return { digest: 'sha256:' + h.digest('hex') };
    } catch (e) {
      return { problem: `unreadable (${codeOf(e) ?? 'error'})` };
    } finally {
      fs.closeSync(fd);
    }
  };

  // Real paths of parent folders, each resolved once: thousands of goldens share a few folders,
  // and a realpath walk per file would lstat every component from / again.
  const realDirs = new Map<string, { real: string } | { error: unknown }>();
  /** The real path of `abs` if its last component is no symlink (the caller checks that). */
  const realBelow = (abs: string): string => {
    const dir = path.dirname(abs);
    let known = realDirs.get(dir);
    if (known === undefined) {
      try {
        known = { real: fs.realpathSync(dir) };
      } catch (error) {
        known = { error };
      }
      realDirs.set(dir, known);
    }
    if ('error' in known) throw known.error;
    return path.join(known.real, path.basename(abs));
  };
  const unreadable = (e: unknown, missing: string) => {
    const code = codeOf(e);
    return code === 'ENOENT' ? missing : `unreadable (${code ?? 'error'})`;
  };
  /** The artifact refused or hashed by its full real path: the rare, slow way. */
  const slowArtifact = (abs: string): ArtifactFact => {
    try {
      return isInside(fs.realpathSync(abs))
        ? hash(abs)
        : { problem: 'resolves outside the repository' };
    } catch (e) {
      return { problem: unreadable(e, 'no such file') };
    }
  };

  if (req.scan) {
    // A regular file, opened without following a symlink or waiting on a FIFO, within the cap.
    let text = '';
    try {
      const fd = fs.openSync(req.scan.ledger, SAFE_OPEN);
      try {
        const st = fs.fstatSync(fd);
        if (st.isFile() && st.size <= req.scan.maxBytes) text = fs.readFileSync(fd, 'utf8');
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      // Nothing scanned: every path is gathered after the parse.
    }
    const artifactSet = new Set<string>();
    const seedSet = new Set<string>();
    for (const m of text.matchAll(/^[ -]*(artifact|seeds): *([^\s#'"][^\n#]*?) *$/gm)) {
      // Keyed as the validator keys rows: a seeds folder without its trailing `/`.
      if (m[1] === 'artifact') artifactSet.add(m[2]);
      else seedSet.add(m[2].endsWith('/') ? m[2].slice(0, -1) : m[2]);
    }
    req = { ...req, artifacts: [...artifactSet], seeds: [...seedSet] };
  }

  const artifacts: [string, ArtifactFact][] = [];
  for (const rel of req.artifacts) {
    const abs = path.resolve(req.root, rel);
    let fact: ArtifactFact;
    try {
      // Inside through its folder, and hash() opens it with O_NOFOLLOW: a symlink as the last
      // component (refused either way) goes the slow way for the same message as before.
      fact = isInside(realBelow(abs)) ? hash(abs) : slowArtifact(abs);
      if (fact.problem === 'is a symlink: refused') fact = slowArtifact(abs);
    } catch (e) {
      fact = { problem: unreadable(e, 'no such file') };
    }
    artifacts.push([rel, fact]);
  }

  const seeds: [string, SeedsFact][] = [];
  for (const rel of req.seeds) {
    const abs = path.resolve(req.root, rel);
    let fact: SeedsFact;
    try {
      const st = fs.lstatSync(abs);
      if (!st.isDirectory()) fact = { files: 0, problem: `is not a folder (${kind(st)})` };
      else if (!isInside(realBelow(abs)))
        fact = { files: 0, problem: 'resolves outside the repository' };
      else {
        const entries = fs.readdirSync(abs, { withFileTypes: true, recursive: true });
        let files = 0;
        for (const e of entries) if (e.isFile()) files++;
        fact = { files };
      }
    } catch (e) {
      const code = codeOf(e);
      fact = {
        files: 0,
        problem: code === 'ENOENT' ? 'no such folder' : `unreadable (${code ?? 'error'})`,
      };
    }
    seeds.push([rel, fact]);
  }
  return { artifacts, seeds };
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
