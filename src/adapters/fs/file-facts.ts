// File facts: the digest of each golden (a locked_fixture's artifact) and the number of seed
// files below each property's seeds folder, each path checked to stay inside the repository.
// A large set is gathered on the worker thread (src/worker/entry.ts), the same code either way.
import fs from 'node:fs';
import { realpath } from 'node:fs/promises';
import crypto, { createHash } from 'node:crypto';
import path from 'node:path';
import {
  byBytes,
  globBase,
  goldenPatterns,
  isGlob,
  isGoldenSet,
  matchesPattern,
  setDigest,
} from '../../ledger/golden-set.js';
import { isDoctestArtifact } from '../../ledger/doctest-artifact.js';
import { DOCTEST_PENDING, withDoctestFacts } from './doctest-facts.js';
import { plainPathValues } from '../../ledger/path-scan.js';
import { GateError, type ArtifactFact, type SeedsFact } from '../../types.js';
import { LIMITS, SAFE_OPEN, inside, kind, openError, readCappedShared } from './safe-read.js';
import { onWorker, type OnFallback } from '../../worker/client.js';
import { sharedCounter, takeTurns } from './shared-goldens.js';
import type { FactsRequest, FactsResult } from '../../worker/jobs.js';

/** sha256 of a regular file (for `ledger-gate digest` / `lock`): the same reader the gate uses. */
export async function hashFile(file: string): Promise<string> {
  const req = {
    root: '/',
    artifacts: [path.resolve(file)],
    seeds: [],
    maxBytes: LIMITS.artifactBytes,
  };
  const fact = collectFacts(req).artifacts[0][1];
  if (fact.digest !== undefined) return fact.digest;
  throw new GateError(fact.problem ?? 'unreadable', file);
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

/** What the worker is told to say when it falls back to this thread. */
export const FACTS = 'gathering the golden digests and seed counts';

/**
 * Artifact digests and seed counts for repo-relative paths, each distinct path once. Paths
 * that escape the repository are refused (the ledger check names them too). A large set is
 * read and hashed on a worker thread, so it overlaps with parsing the reports on this one;
 * if the worker cannot run, the same code runs here and `onFallback` is told why.
 */
export async function fileFacts(
  root: string,
  artifacts: Iterable<string>,
  seeds: Iterable<string>,
  opts: {
    worker?: boolean;
    early?: EarlyFacts;
    onFallback?: OnFallback;
  } = {},
): Promise<FileFacts> {
  // The root's real path synchronously: an await on the thread pool here would let the event
  // loop decide whether the reports' answer or the goldens' hand-over (early.finish) runs first
  // (at L the worker sat idle without its list in one run of three).
  const req: FactsRequest = {
    root: fs.realpathSync(root),
    artifacts: [...new Set(artifacts)],
    seeds: [...new Set(seeds)],
    maxBytes: LIMITS.artifactBytes,
  };
  // Facts gathered early (prefetchFileFacts) serve every path they cover; the rest, if the
  // scan missed any (a quoted or commented value), are gathered now.
  const early = await opts.early?.finish(req);
  if (early) {
    const artifactFacts = pick(early.artifacts, req.artifacts);
    const seedsFacts = pick(early.seeds, req.seeds);
    // Nothing missed (the usual case): no second gathering, not even its realpath.
    if (artifactFacts.missing.length + seedsFacts.missing.length > 0) {
      const rest = await fileFacts(root, artifactFacts.missing, seedsFacts.missing, {
        worker: opts.worker,
        onFallback: opts.onFallback,
      });
      for (const [k, v] of rest.artifacts) artifactFacts.found.set(k, v);
      for (const [k, v] of rest.seeds) seedsFacts.found.set(k, v);
    }
    await withDoctestFacts(req.root, artifactFacts.found);
    return { artifacts: artifactFacts.found, seeds: seedsFacts.found, on: early.on };
  }
  const big = req.artifacts.length + req.seeds.length >= WORKER_THRESHOLD;
  let res: FactsResult | undefined;
  if (opts.worker ?? big) {
    res = await onWorker({ kind: 'facts', request: req }).catch((e: unknown) => {
      opts.onFallback?.(FACTS, e);
      return undefined;
    });
  }
  const on = res ? 'worker' : 'main';
  res ??= collectFacts(req);
  const found = new Map(res.artifacts);
  await withDoctestFacts(req.root, found);
  return { artifacts: found, seeds: new Map(res.seeds), on };
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

/** The paths the parsed ledger names, below the repository's real path. */
export type Wanted = Pick<FactsRequest, 'root' | 'artifacts' | 'seeds'>;

/**
 * Facts gathered from before the ledger was parsed (prefetchFileFacts), or after the reports
 * on their worker (goldens-after-reports.ts).
 */
export interface EarlyFacts {
  /**
   * Takes this thread's turns on the worker's list (once the worker sent it, or `wanted`'s),
   * then gives the worker's facts with those: undefined when the worker could not run. Call
   * it when this thread has nothing else to do; once (later calls give the same answer).
   */
  finish(wanted?: Wanted): Promise<FileFacts | undefined>;
  /**
   * The ledger's bytes as read for the scan, or undefined when they could not be read (the
   * caller then reads it itself, for its own error). Given once: later calls give undefined,
   * so 17 MB are not kept for the rest of the run.
   */
  ledgerBytes(): Promise<Buffer | undefined>;
}

/**
 * Starts gathering the facts for the paths a ledger names before it is parsed: this thread
 * reads the ledger's bytes into shared memory (once: the parse takes them from ledgerBytes()),
 * a worker picks the plain `artifact:` and `seeds:` values out of them, and reads and hashes
 * those (each is checked to be inside the repository first, as always). The goldens' list is
 * shared (shared-goldens.ts): this thread takes turns on it in finish(). Pass the handle to
 * fileFacts as `early`; `onFallback` is told why when the worker could not run.
 */
export function prefetchFileFacts(
  root: string,
  ledgerAbs: string,
  onFallback?: OnFallback,
  // The goldens' counter both threads take from (tests watch it to see the worker at work).
  share: SharedArrayBuffer = sharedCounter(),
): EarlyFacts {
  let list: string[] | undefined;
  let listed!: () => void;
  const arrived = new Promise<void>((resolve) => (listed = resolve));
  const real = realpath(root);
  // Unreadable (missing, a FIFO, over the cap): nothing to scan, and the parse's own read
  // says why.
  let bytes: Promise<Buffer | undefined> | undefined = readCappedShared(
    ledgerAbs,
    LIMITS.ledgerBytes,
  ).catch(() => undefined);
  // Wrapped, so `begun` settles once the worker is spawned, not when it answers.
  const begun = Promise.all([real, bytes]).then(([r, scan]) => ({
    result:
      scan === undefined
        ? NOTHING
        : onWorker(
            {
              kind: 'facts',
              request: {
                root: r,
                artifacts: [],
                seeds: [],
                maxBytes: LIMITS.artifactBytes,
                scan,
                share,
              },
            },
            (m) => {
              list = m.list;
              listed();
            },
          ),
  }));
  const done = begun
    .then((b) => b.result)
    .catch((e: unknown) => {
      onFallback?.(FACTS, e);
      return undefined;
    })
    .finally(listed); // no list came: nothing to take turns on
  const finish = async (): Promise<FileFacts | undefined> => {
    await arrived;
    const mine: [string, ArtifactFact][] = [];
    if (list) {
      const read = factReader({ root: await real, maxBytes: LIMITS.artifactBytes });
      for (const [i, fact] of takeTurns(share, list, read.artifact)) mine.push([list[i], fact]);
    }
    const res = await done;
    if (!res) return undefined; // every path is gathered again, after the parse
    const artifacts = new Map(res.artifacts);
    for (const [k, v] of mine) artifacts.set(k, v);
    return { artifacts, seeds: new Map(res.seeds), on: res === NOTHING ? 'main' : 'worker' };
  };
  let finished: Promise<FileFacts | undefined> | undefined;
  // Handed over only once the worker is spawned: the parse that awaits them is one long
  // synchronous stretch, and a worker spawned after it would hash nothing meanwhile.
  const ledgerBytes = () => {
    const given = bytes ?? Promise.resolve(undefined);
    bytes = undefined;
    return begun.then(
      () => given,
      () => given,
    );
  };
  return { finish: () => (finished ??= finish()), ledgerBytes };
}

/** The facts of a ledger that could not be read: none, and no worker started for them. */
const NOTHING: FactsResult = { artifacts: [], seeds: [] };

const CHUNK = 1024 * 1024;

/**
 * One-shot sha256 (crypto.hash: Node 20.12, 21.7 on), a Hash object where it is missing. Read
 * off the default import: a named import of a missing export would fail the module's link.
 */
const sha256Hex: (bytes: Buffer) => string =
  typeof crypto.hash === 'function'
    ? (bytes) => crypto.hash('sha256', bytes, 'hex')
    : (bytes) => createHash('sha256').update(bytes).digest('hex');
const codeOf = (e: unknown) => (e as NodeJS.ErrnoException).code;

/** Reads the facts of single paths: each golden's digest, each seeds folder's file count. */
export interface FactReader {
  artifact(rel: string): ArtifactFact;
  seeds(rel: string): SeedsFact;
}

/**
 * The facts, synchronously (on the worker, or here). With `share`, the artifacts are a list
 * this thread and the main thread take turns on (shared-goldens.ts): `onList` is handed the
 * list once the ledger is scanned, and only the artifacts this thread took are returned.
 */
export function collectFacts(
  request: FactsRequest,
  onList?: (artifacts: string[]) => void,
): FactsResult {
  const { scan } = request;
  const req = scan
    ? { ...request, ...plainPathValues(Buffer.from(scan.buffer, scan.byteOffset, scan.length)) }
    : request;
  const read = factReader(req);
  if (req.share) onList?.(req.artifacts);
  // The seeds first: the shared goldens come last, where the main thread can help with them.
  const seeds: [string, SeedsFact][] = [];
  for (const rel of req.seeds) seeds.push([rel, read.seeds(rel)]);
  // Unshared, this thread takes every turn.
  const artifacts: [string, ArtifactFact][] = [];
  for (const [i, fact] of takeTurns(req.share ?? sharedCounter(), req.artifacts, read.artifact))
    artifacts.push([req.artifacts[i], fact]);
  return { artifacts, seeds };
}

/**
 * A reader of facts below `root`. Opened so that nothing a patch plants can hang or mislead:
 * no symlink is followed on the last component (O_NOFOLLOW), a FIFO does not block
 * (O_NONBLOCK) and is refused with anything else that is not a regular file, before a byte is
 * read.
 */
export function factReader(req: Pick<FactsRequest, 'root' | 'maxBytes'>): FactReader {
  let buf = Buffer.allocUnsafe(64 * 1024);
  const isInside = (target: string) => inside(req.root, target);
  const hash = (abs: string): ArtifactFact => {
    let fd: number;
    try {
      fd = fs.openSync(abs, SAFE_OPEN);
    } catch (e) {
      return { problem: openError(e, abs).message };
    }
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile()) return { problem: `is not a regular file (${kind(st)}): refused` };
      if (st.size > req.maxBytes)
        return { problem: `is ${st.size} bytes, over the limit of ${req.maxBytes}` };
      // Small files in one read; large ones in chunks of one reused buffer.
      if (buf.length < Math.min(st.size + 1, CHUNK))
        buf = Buffer.allocUnsafe(Math.min(st.size + 1, CHUNK));
      const first = fs.readSync(fd, buf, 0, buf.length, null);
      // A short read of a regular file is its end: no second read to see 0, and the bytes are
      // digested in one call, not through a Hash object (thousands of goldens at L).
      if (first < buf.length) return { digest: 'sha256:' + sha256Hex(buf.subarray(0, first)) };
      const h = createHash('sha256').update(buf);
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
    // A folder that is its own real path (the usual case): `abs` is already the real path.
    return known.real === dir ? abs : path.join(known.real, path.basename(abs));
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

  const fileFact = (rel: string): ArtifactFact => {
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
    return fact;
  };
  const artifact = (rel: string): ArtifactFact =>
    isDoctestArtifact(rel)
      ? DOCTEST_PENDING // parsed apart (doctest-facts.ts), on the main thread
      : isGoldenSet(rel)
        ? setFact(rel, req.root, isInside, fileFact)
        : fileFact(rel);
  const seeds = (rel: string): SeedsFact => {
    const abs = path.resolve(req.root, rel);
    try {
      const st = fs.lstatSync(abs);
      if (!st.isDirectory()) return { files: 0, problem: `is not a folder (${kind(st)})` };
      if (!isInside(realBelow(abs)))
        return { files: 0, problem: 'resolves outside the repository' };
      return { files: countFiles(abs) };
    } catch (e) {
      const code = codeOf(e);
      return {
        files: 0,
        problem: code === 'ENOENT' ? 'no such folder' : `unreadable (${code ?? 'error'})`,
      };
    }
  };
  return { artifact, seeds };
}

/**
 * Regular files below a folder, as `readdirSync(…, { recursive: true })` counts them (into
 * subfolders, never through a symlink), without its Dirent array of the whole subtree: a seeds
 * folder is a few files, and the recursive form cost twice the plain one at L (1,000 folders).
 */
function countFiles(dir: string): number {
  let files = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const at = stack.pop()!;
    for (const e of fs.readdirSync(at, { withFileTypes: true })) {
      if (e.isFile()) files++;
      else if (e.isDirectory()) stack.push(path.join(at, e.name));
    }
  }
  return files;
}

/** Past this many entries walked, a golden glob is refused: it names a folder too wide. */
export const GLOB_WALK_LIMIT = 100_000;

/**
 * The fact of a golden set (a glob or a list, golden-set.ts): every member read as a single
 * golden is, and digested as one; the first member that cannot be read is the set's problem.
 */
function setFact(
  key: string,
  root: string,
  isInside: (real: string) => boolean,
  fileFact: (rel: string) => ArtifactFact,
): ArtifactFact {
  const members = new Set<string>();
  for (const pattern of goldenPatterns(key)) {
    if (!isGlob(pattern)) {
      members.add(pattern);
      continue;
    }
    const found = globFiles(pattern, root, isInside);
    if (typeof found === 'string') return { problem: `${pattern}: ${found}` };
    if (found.length === 0) return { problem: `${pattern} matches no file` };
    for (const f of found) members.add(f);
  }
  const digests: [string, string][] = [];
  for (const m of [...members].sort(byBytes)) {
    const fact = fileFact(m);
    if (fact.digest === undefined) return { problem: `${m}: ${fact.problem ?? 'unreadable'}` };
    digests.push([m, fact.digest]);
  }
  return { digest: setDigest(digests) };
}

/**
 * The repo-relative paths below a glob's base folder that it matches: files and symlinks (a
 * symlink is then refused as any golden's is); folders are walked, never a symlinked one, and
 * never `.git`. A problem as a string.
 */
function globFiles(
  pattern: string,
  root: string,
  isInside: (real: string) => boolean,
): string[] | string {
  const base = globBase(pattern);
  const baseAbs = path.resolve(root, base);
  try {
    if (!isInside(fs.realpathSync(baseAbs))) return 'its folder resolves outside the repository';
  } catch {
    return []; // no such folder: no match
  }
  const out: string[] = [];
  const stack = [base];
  let walked = 0;
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.resolve(root, dir), { withFileTypes: true });
    } catch (e) {
      return `${dir || '.'} unreadable (${codeOf(e) ?? 'error'})`;
    }
    for (const e of entries) {
      if (++walked > GLOB_WALK_LIMIT)
        return `walks over ${GLOB_WALK_LIMIT} entries; name a narrower folder`;
      const rel = dir === '' ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== '.git') stack.push(rel);
      } else if (matchesPattern(pattern, rel)) out.push(rel);
    }
  }
  return out;
}
