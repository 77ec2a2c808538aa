// Safe reads and containment: a file opened so that nothing a patch plants can hang or mislead
// the gate. A symlink, FIFO, device or directory is refused before a byte is read, sizes are
// capped, bytes that are not UTF-8 are refused, and paths are checked to stay in the repository.
import fs, { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { GateError } from '../../types.js';

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
export const SAFE_OPEN = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Why a file could not be opened with SAFE_OPEN, as the gate words it. */
export function openError(e: unknown, file: string): GateError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ELOOP' || code === 'EMLINK') return new GateError('is a symlink: refused', file);
  if (code === 'ENOENT') return new GateError('no such file', file);
  if (code === 'EISDIR') return new GateError('is a directory, not a file', file);
  return new GateError(`cannot open (${code ?? 'error'})`, file);
}

/** Opens a regular file for reading, or says why not. The caller closes it. */
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

let scratch = Buffer.alloc(0);

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
    // One buffer for every file read this way, grown as needed: fresh memory is what costs
    // (a new page is ~17 µs to fault in on a 2-core VM, 65× a touched one's write), and a
    // worker reads 25 report shards of 3 MB one after another.
    if (scratch.length < st.size)
      scratch = Buffer.allocUnsafe(Math.max(st.size, 2 * scratch.length));
    const buf = scratch;
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

/** What a directory entry is, in the words of the gate's refusals. */
export function kind(st: {
  isFile(): boolean;
  isDirectory(): boolean;
  isFIFO(): boolean;
  isSocket(): boolean;
  isSymbolicLink(): boolean;
}): string {
  if (st.isFile()) return 'file';
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
  return utf8(await readCappedBytes(file, maxBytes, shown, Buffer.alloc), shown);
}

/**
 * readCapped's bytes, not yet decoded (decodeCapped does that, with the same errors), in
 * memory a worker thread shares: a large ledger is read once, scanned on the worker and
 * parsed here (prefetchFileFacts).
 */
export function readCappedShared(file: string, maxBytes: number, shown = file): Promise<Buffer> {
  return readCappedBytes(file, maxBytes, shown, (size) => Buffer.from(new SharedArrayBuffer(size)));
}

/** What readCapped makes of bytes readCappedShared read. */
export function decodeCapped(bytes: Buffer, shown: string): string {
  return utf8(bytes, shown);
}

async function readCappedBytes(
  file: string,
  maxBytes: number,
  shown: string,
  alloc: (size: number) => Buffer,
): Promise<Buffer> {
  const { fh, size } = await openRegular(file).catch((e: GateError) => {
    throw new GateError(e.message, shown);
  });
  try {
    if (size > maxBytes)
      throw new GateError(`is ${size} bytes, over the limit of ${maxBytes}`, shown);
    const buf = alloc(size);
    let off = 0;
    while (off < size) {
      const { bytesRead } = await fh.read(buf, off, size - off, off);
      if (bytesRead === 0) break;
      off += bytesRead;
    }
    return buf.subarray(0, off);
  } finally {
    await fh.close();
  }
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
