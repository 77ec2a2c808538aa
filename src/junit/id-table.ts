// The mapper's ids, each once, numbered in first-seen order (its slots). A million ids in a Map
// of strings were the reports worker's hottest spot at XL (a microsecond a case: the id flattened
// and hashed, a million strings kept and promoted, then copied again into bytes to cross to the
// main thread). Here an id's characters are written once, as bytes, into one growing buffer,
// hashed as they are written, and found through an open-addressing table of numbers: the id's
// string is garbage as soon as it is looked up, and the buffer is what crosses (packed.ts).
import { Buffer } from 'node:buffer';

/** Probes one lookup may take before the table stops trusting its hash (see `flood`). */
const MAX_PROBES = 256;
/**
 * The most characters the buffer is sized for ahead of need (`reserve`'s plan). Ids are the
 * agent's: a few long ones first, then millions of short ones, must not size it past this.
 */
const MAX_PLANNED_CHARS = 1 << 26;

export class IdTable {
  /** Every id's characters, one after another: Latin-1 bytes until a wider one comes. */
  private chars: Uint8Array | Uint16Array = new Uint8Array(1 << 16);
  private used = 0;
  /** Where each slot's id ends in `chars` (its start is the previous slot's end). */
  private ends = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  /** Slot + 1 per bucket, 0 for empty; a power of two, at most half full. */
  private buckets = new Int32Array(2048);
  /**
   * A per-table random seed: ids are written by the agent under review, who must not be able
   * to pick ids that all land in one bucket run.
   */
  private readonly seed = (Math.random() * 2 ** 32) | 0;
  /** Set when a lookup probed too long (ids built to collide): a Map finds the slots then. */
  private flooded: Map<string, number> | undefined;
  size = 0;
  /**
   * The last prefix slotOfPair was given, its hash with the `::`, and where a kept id starts
   * with them (-1: none).
   */
  private prefix: string | undefined;
  private prefixHash = 0;
  private prefixAt = -1;
  /** The ids the mapper said may come (`reserve`): what the characters' buffer is sized for. */
  private planned = 0;

  /** `maxProbes` is for the tests, to reach the flooded way with few ids. */
  constructor(private readonly maxProbes = MAX_PROBES) {}

  /**
   * Room for `ids` more ids (a report's cases), made at once: growing by doubling while they
   * come rehashed every id at each step and touched fresh pages for every copy (page faults
   * are what fresh memory costs here). The characters' buffer is sized when it first runs
   * out, from the ids' mean length so far.
   */
  reserve(ids: number): void {
    const need = this.size + ids;
    this.planned = Math.max(this.planned, need);
    this.fit(need);
  }

  /** The slot of `id`: a new one, numbered `size` before the call, when it was not seen. */
  slotOf(id: string): number {
    this.room(id.length);
    return this.find(mix(this.write(this.seed, id, this.used)), id.length, id);
  }

  /**
   * slotOf(`${prefix}::${name}`) without making that string (fileOrClassId's ids): a run of
   * cases in one file hashes its prefix once and copies it from the last id kept with it.
   */
  slotOfPair(prefix: string, name: string): number {
    const head = prefix.length + 2;
    const n = head + name.length;
    this.room(n);
    const at = this.used;
    let h: number;
    if (prefix === this.prefix) {
      h = this.prefixHash;
      if (this.prefixAt >= 0) this.chars.copyWithin(at, this.prefixAt, this.prefixAt + head);
      else this.write(this.seed, prefix + '::', at);
    } else {
      h = this.write(this.write(this.seed, prefix, at), '::', at + prefix.length);
      this.prefix = prefix;
      this.prefixHash = h;
      this.prefixAt = -1;
    }
    h = mix(this.write(h, name, at + head));
    const known = this.size;
    const s = this.find(h, n, this.flooded === undefined ? '' : `${prefix}::${name}`);
    if (s === known) this.prefixAt = at;
    return s;
  }

  /**
   * Every id, one after another, as Latin-1 bytes (a view of the table's buffer, to transfer);
   * undefined once one is wider.
   */
  latin1(): Uint8Array | undefined {
    return this.chars instanceof Uint8Array ? this.chars.subarray(0, this.used) : undefined;
  }

  /** Every id, one after another, as a string (or the characters from `from` to `to`). */
  text(from = 0, to = this.used): string {
    const view = this.chars.subarray(from, to);
    if (view instanceof Uint8Array)
      return Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString('latin1');
    // Code unit by code unit, so an unpaired surrogate (jest's JSON may hold one) stays as it is.
    let out = '';
    for (let i = 0; i < view.length; i += 8192)
      out += String.fromCharCode(...view.subarray(i, i + 8192));
    return out;
  }

  /** The length of slot `i`'s id. */
  length(i: number): number {
    return this.ends[i] - (i === 0 ? 0 : this.ends[i - 1]);
  }

  /** Every id as its own string, in slot order. */
  ids(): string[] {
    const all = this.text();
    const out: string[] = new Array(this.size);
    for (let i = 0, from = 0; i < this.size; i++) out[i] = all.slice(from, (from = this.ends[i]));
    return out;
  }

  /** Room for `n` more characters past the last id. */
  private room(n: number): void {
    if (this.used + n > this.chars.length) this.growChars(this.used + n);
  }

  /**
   * Writes `text` at `at` (past the last id: kept only if the id is new), continuing hash `h`
   * over its characters.
   */
  private write(h: number, text: string, at: number): number {
    let chars = this.chars;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c > 0xff && chars instanceof Uint8Array) chars = this.widen();
      chars[at + k] = c;
      h = Math.imul(h ^ c, 0x01000193);
    }
    return h;
  }

  /**
   * The slot of the id of `n` characters just written past the last one, with hash `h`; `id`
   * is its text, read only once flooded.
   */
  private find(h: number, n: number, id: string): number {
    const at = this.used;
    if (this.flooded !== undefined) {
      const known = this.flooded.get(id);
      if (known !== undefined) return known;
      this.flooded.set(id, this.size);
      return this.append(n, h);
    }
    const mask = this.buckets.length - 1;
    let probes = 0;
    for (let b = h & mask; ; b = (b + 1) & mask) {
      const s = this.buckets[b] - 1;
      if (s < 0) break;
      if (this.hashes[s] === h && this.same(s, at, n)) return s;
      if (++probes > this.maxProbes) return this.flood(this.text(at, at + n), n, h);
    }
    return this.append(n, h);
  }

  private same(s: number, at: number, n: number): boolean {
    const from = s === 0 ? 0 : this.ends[s - 1];
    if (this.ends[s] - from !== n) return false;
    const chars = this.chars;
    for (let k = 0; k < n; k++) if (chars[from + k] !== chars[at + k]) return false;
    return true;
  }

  /** Keeps the id just written as slot `size`. */
  private append(n: number, h: number): number {
    const s = this.size;
    // Made to fit before the id is kept: a rehash places the ids before it, then it is placed,
    // the order a rehash over all of them would place them in.
    this.fit(s + 1);
    this.used += n;
    this.ends[s] = this.used;
    this.hashes[s] = h;
    this.size = s + 1;
    if (this.flooded === undefined) this.place(s);
    return s;
  }

  /**
   * Slots for `need` ids and buckets at most half full for them (unless flooded), each grown
   * in powers of two: one step as ids come one by one, several at once for `reserve`.
   */
  private fit(need: number): void {
    if (need > this.ends.length) {
      let size = this.ends.length * 2;
      while (size < need) size *= 2;
      this.ends = grown(this.ends, size);
      this.hashes = grown(this.hashes, size);
    }
    if (this.flooded === undefined && need * 2 > this.buckets.length) {
      let buckets = this.buckets.length * 2;
      while (need * 2 > buckets) buckets *= 2;
      this.rehash(buckets);
    }
  }

  private place(s: number): void {
    const mask = this.buckets.length - 1;
    let b = this.hashes[s] & mask;
    while (this.buckets[b] !== 0) b = (b + 1) & mask;
    this.buckets[b] = s + 1;
  }

  private rehash(size: number): void {
    this.buckets = new Int32Array(size);
    for (let s = 0; s < this.size; s++) this.place(s);
  }

  /**
   * A lookup probed past MAX_PROBES: the ids collide on purpose (or the seed is unlucky). The
   * slots are found through a Map of strings from here on, as they were before this table.
   */
  private flood(id: string, n: number, h: number): number {
    this.flooded = new Map(this.ids().map((known, i) => [known, i]));
    const s = this.flooded.get(id);
    if (s !== undefined) return s;
    this.flooded.set(id, this.size);
    return this.append(n, h);
  }

  private growChars(need: number): void {
    // Enough for the ids planned, at the mean length so far: one copy, not one per doubling
    // (in powers of two still, so the buffer ends the size it ended before).
    const planned =
      this.size > 0 && this.planned > this.size
        ? Math.min(Math.ceil((this.used / this.size) * this.planned * 1.125), MAX_PLANNED_CHARS)
        : 0;
    let size = this.chars.length * 2;
    while (size < need || size < planned) size *= 2;
    const next = new (this.chars.constructor as new (n: number) => Uint8Array | Uint16Array)(size);
    next.set(this.chars.subarray(0, this.used));
    this.chars = next;
  }

  /** The first character past U+00FF: every id is kept as UTF-16 code units from here on. */
  private widen(): Uint16Array {
    const wide = new Uint16Array(this.chars.length);
    wide.set(this.chars);
    this.chars = wide;
    return wide;
  }
}

/** Spreads the hash's high bits into the low ones a bucket is picked by (murmur3's finaliser). */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function grown(a: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
