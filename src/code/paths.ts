// Where a write lands (pure): a path evaluated as far as the file says, from where it starts
// (the module's own file or folder, the working folder, the root, or text alone) and its
// pieces, some of which may be unknown (a value computed at run time). The folders
// (src/code/fold-python.ts, fold-js.ts) build one from `__file__`, `os.path.join`, `Path / x`,
// `__dirname`, `path.join`, `new URL(x, import.meta.url)` and constants; `whereTo` judges it.
import { TEST_PATH } from './rules/common.js';

export type Anchor = 'file' | 'dir' | 'cwd' | 'root' | 'text';

export interface PathValue {
  anchor: Anchor;
  /** Segments after the anchor; `?` is a piece computed at run time. */
  segs: readonly string[];
}

const UNKNOWN = '?';
const MAX_SEGS = 64;

/** Text split into segments: `/x` starts at the root. */
export function pathOfText(t: string, anchor: Anchor = 'text'): PathValue {
  const root = t.startsWith('/') || /^[A-Za-z]:[\\/]/.test(t);
  return { anchor: root ? 'root' : anchor, segs: t.split(/[\\/]/).filter((s) => s !== '') };
}

/** A piece of unknown value (a parameter, a call): the path cannot be evaluated past it. */
export const unknownPath: PathValue = { anchor: 'text', segs: [UNKNOWN] };

/** `join(a, b)`: b from the root replaces a, else its segments follow a's. */
export function joinPath(a: PathValue, b: PathValue): PathValue {
  if (b.anchor !== 'text') return b;
  const segs = [...a.segs, ...b.segs];
  return { anchor: a.anchor, segs: segs.slice(0, MAX_SEGS) };
}

/** `dirname(p)`, `p.parent`: the module's file gives its folder. */
export function parentOf(p: PathValue): PathValue {
  if (p.anchor === 'file' && p.segs.length === 0) return { anchor: 'dir', segs: [] };
  return { anchor: p.anchor, segs: [...p.segs, '..'] };
}

/** Text appended to a path's last segment (`__dirname + '/../x'`). */
export function appendText(p: PathValue, t: string): PathValue {
  const tail = pathOfText(t);
  if (t.startsWith('/') || t.startsWith('\\')) return joinPath(p, { ...tail, anchor: 'text' });
  const last = p.segs[p.segs.length - 1];
  const [first, ...rest] = tail.segs;
  if (last === undefined || first === undefined) return joinPath(p, tail);
  return { anchor: p.anchor, segs: [...p.segs.slice(0, -1), last + first, ...rest] };
}

export type WriteTarget = 'inside' | 'outside' | 'unevaluated' | 'caller';

/**
 * Where a write goes: `outside` when it climbs out of the module's folder or the working
 * folder (`..` past it), or names a test path; `unevaluated` when a path that starts at the module's folder or the
 * working folder has a piece computed at run time; `caller` when it is a value handed in
 * (the caller's choice, judged where it is made); else `inside`.
 */
export function whereTo(p: PathValue): WriteTarget {
  const out: string[] = [];
  let climbs = p.anchor === 'file' ? -1 : 0;
  let unknown = false;
  for (const s of p.segs) {
    if (s === UNKNOWN) unknown = true;
    if (s === '.' || s === '') continue;
    if (s === '..') {
      // `..` after a computed piece stays unknown; after a known one it goes back up.
      if (out[out.length - 1] === UNKNOWN) continue;
      if (out.length) out.pop();
      else climbs++;
    } else out.push(s);
  }
  // Climbing out of the module's folder, or out of the working folder (the checkout).
  if (climbs > 0 && p.anchor !== 'root') return 'outside';
  if (TEST_PATH.test(out.join('/'))) return 'outside';
  if (unknown) return p.anchor === 'text' && out[0] === UNKNOWN ? 'caller' : 'unevaluated';
  return 'inside';
}
