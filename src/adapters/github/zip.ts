// A small, strict zip reader for workflow artifacts (what a fork's run uploaded: untrusted).
// It reads the central directory, accepts only plain files and folders stored or deflated, and
// refuses, with one line, anything else: a path with `..`, an absolute or backslash path, a
// symlink, encryption, zip64, duplicates, a size that does not match, a bad CRC, or more bytes
// or entries than the limits (a zip bomb stops at the limit, it is never inflated past it).
import { inflateRawSync } from 'node:zlib';
import { GateError } from '../../types.js';

export interface ZipLimits {
  /** Files and folders in the archive. */
  entries: number;
  /** Sum of the files' uncompressed sizes. */
  totalBytes: number;
  /** One file's uncompressed size. */
  fileBytes: number;
}

export interface ZipEntry {
  /** The path inside the archive, `/`-separated, never `..`, never absolute. */
  name: string;
  /** The file's bytes; null for a folder. */
  data: Buffer | null;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

export function crc32(buf: Buffer): number {
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function bad(why: string): never {
  throw new GateError(`the artifact zip is refused: ${why}`);
}

/** A name as a safe relative path, or the reason it is not one. */
export function unsafeName(name: string): string | undefined {
  if (name === '') return 'an empty name';
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to refuse
  if (/[\0-\x1f\x7f\\]/.test(name)) return 'a control character or backslash in a name';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  const parts = name.replace(/\/$/, '').split('/');
  if (parts.some((p) => p === '..')) return 'a path with ..';
  if (parts.some((p) => p === '' || p === '.')) return 'an empty or `.` path segment';
  return undefined;
}

/** Every entry of a zip held in memory, checked as described above. */
export function readZip(buf: Buffer, limits: ZipLimits): ZipEntry[] {
  return [...zipEntries(buf, limits)];
}

interface Planned {
  name: string;
  /** Where the entry's data starts; -1 for a folder. */
  start: number;
  method: number;
  crc: number;
  csize: number;
  usize: number;
}

/**
 * The entries one at a time (so only one file's bytes are held besides the zip). The whole
 * central directory is checked before the first entry is given: an archive refused for its
 * names, types or sizes yields nothing.
 */
export function* zipEntries(buf: Buffer, limits: ZipLimits): Generator<ZipEntry> {
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65535.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) bad('not a zip file (no end of central directory)');
  if (eocd >= 20 && buf.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) bad('zip64 is not supported');
  const disk = buf.readUInt16LE(eocd + 4);
  const cdDisk = buf.readUInt16LE(eocd + 6);
  const onDisk = buf.readUInt16LE(eocd + 8);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdStart = buf.readUInt32LE(eocd + 16);
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) bad('a multi-disk archive');
  if (count === 0xffff || cdStart === 0xffffffff) bad('zip64 is not supported');
  if (count > limits.entries) bad(`${count} entries, over the limit of ${limits.entries}`);
  if (cdStart + cdSize > eocd) bad('the central directory lies outside the file');

  const plan: Planned[] = [];
  const seen = new Set<string>();
  let total = 0;
  let p = cdStart;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) bad('a broken central directory');
    const madeBy = buf.readUInt16LE(p + 4) >> 8;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const csize = buf.readUInt32LE(p + 20);
    const usize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const external = buf.readUInt32LE(p + 38);
    const local = buf.readUInt32LE(p + 42);
    const nameBytes = buf.subarray(p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (p > cdStart + cdSize) bad('a broken central directory');

    const name = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(nameBytes);
    const problem = unsafeName(name);
    if (problem) bad(`${problem}: ${JSON.stringify(name.slice(0, 120))}`);
    if (seen.has(name)) bad(`a duplicate entry ${JSON.stringify(name.slice(0, 120))}`);
    seen.add(name);
    if (flags & 0x41) bad(`an encrypted entry ${JSON.stringify(name)}`);
    if (csize === 0xffffffff || usize === 0xffffffff || local === 0xffffffff)
      bad('zip64 is not supported');
    // Unix mode in the high half of the external attributes: only files and folders.
    const type = madeBy === 3 ? (external >>> 16) & 0o170000 : 0;
    const isDir = name.endsWith('/');
    if (type === 0o120000) bad(`a symlink ${JSON.stringify(name)}`);
    if (type !== 0 && type !== (isDir ? 0o040000 : 0o100000))
      bad(`an entry that is not a plain file or folder: ${JSON.stringify(name)}`);
    if (isDir) {
      if (usize !== 0) bad(`a folder with contents: ${JSON.stringify(name)}`);
      plan.push({ name: name.slice(0, -1), start: -1, method, crc, csize, usize });
      continue;
    }
    if (usize > limits.fileBytes)
      bad(`${JSON.stringify(name)} is ${usize} bytes, over the limit of ${limits.fileBytes}`);
    total += usize;
    if (total > limits.totalBytes)
      bad(`its files add up to more than the limit of ${limits.totalBytes} bytes`);

    if (local + 30 > cdStart || buf.readUInt32LE(local) !== LOCAL)
      bad(`a broken local header for ${JSON.stringify(name)}`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + csize > cdStart) bad(`the data of ${JSON.stringify(name)} lies outside the file`);
    if (method !== 0 && method !== 8)
      bad(`compression method ${method} of ${JSON.stringify(name)} (only stored or deflate)`);
    if (method === 0 && csize !== usize)
      bad(`a stored entry whose sizes differ: ${JSON.stringify(name)}`);
    plan.push({ name, start, method, crc, csize, usize });
  }

  for (const { name, start, method, crc, csize, usize } of plan) {
    if (start < 0) {
      yield { name, data: null };
      continue;
    }
    const raw = buf.subarray(start, start + csize);
    let data: Buffer;
    if (method === 0) {
      data = Buffer.from(raw);
    } else {
      try {
        // Never more than the size the directory declares (checked against the limits above).
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, usize) });
      } catch (e) {
        bad(
          `${JSON.stringify(name)} does not inflate to its declared size: ${String((e as Error).message).split('\n')[0]}`,
        );
      }
    }
    if (data.length !== usize) bad(`${JSON.stringify(name)} is not its declared size`);
    if (crc32(data) !== crc) bad(`${JSON.stringify(name)} fails its CRC check`);
    yield { name, data };
  }
}
