// The ids cross from the reports worker as Latin-1 bytes when every one of them is Latin-1 (as
// nearly all are): a transferred buffer moves between threads, where a string is serialised
// and copied while the worker's heap is still whole (at XL, 55 MB more at the action's peak).
import { Buffer } from 'node:buffer';

/** Ids joined at a time: a joined chunk is small, where joining all of them was not. */
const CHUNK = 4096;
const WIDE = /[^\x00-\xff]/; // eslint-disable-line no-control-regex

/**
 * The ids, one after another, as Latin-1 bytes in a buffer of their own (to transfer); undefined
 * when any id holds a character past U+00FF (those cross as a string). `chars` is their total
 * length.
 */
export function latin1Ids(ids: readonly string[], chars: number): Uint8Array | undefined {
  const out = Buffer.allocUnsafeSlow(chars);
  let at = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const s = ids.slice(i, i + CHUNK).join('');
    if (WIDE.test(s)) return undefined;
    at += out.write(s, at, 'latin1');
  }
  return new Uint8Array(out.buffer, out.byteOffset, at);
}

/** The ids' text back from latin1Ids' bytes. */
export function idsText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}
