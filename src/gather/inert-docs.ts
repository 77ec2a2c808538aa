// The facts behind inert files (CONTRACT §3 "Agent write paths"), read through the change
// source: which documents the base's CI reads as tests (its runner configs, workflows and task
// files, at the merge base: src/decision/doc-tests.ts), which become test paths for this run;
// and, for each inert-named file the agents' commits changed, whether the head has it as a
// regular, non-executable file without a shebang. Only git can answer; the API fallback gets
// no inert file (fail closed: the write boundary judges them as before).
import { docTests, readsDocTests, type DocTests } from '../decision/doc-tests.js';
import type { EvidenceSettings } from '../decision/evidence.js';
import { inertAtHead, inertByName } from '../decision/inert-paths.js';
import type { ChangeSource, ChangedPath, CommitChanges } from '../types.js';

/** At most this many base files are read for doc-test signals; past it every document is a test path. */
const MAX_CONFIGS = 150;
const MAX_BYTES = 512 * 1024;
/** At most this many inert-named files are checked at the head; the rest are not inert. */
const MAX_FILES = 400;

export async function inertDocs(
  src: ChangeSource,
  commits: readonly CommitChanges[],
  changed: readonly ChangedPath[],
  evidence: EvidenceSettings,
  notes: string[],
): Promise<string[] | undefined> {
  const net = new Map(changed.map((c) => [c.path, c.status]));
  const named = new Set<string>();
  for (const c of commits)
    if (c.agent)
      for (const p of c.paths) if (net.has(p.path) && inertByName(p.path)) named.add(p.path);
  const { fileAt, filesAt, modesAt } = src;
  if (named.size === 0 || !fileAt || !filesAt || !modesAt) return undefined;
  const tested = await baseDocTests(src, fileAt, filesAt);
  if (typeof tested === 'string') {
    notes.push(`inert files: ${tested}, so no document is taken as inert`);
    return undefined;
  }
  if (tested.globs.length > 0) {
    evidence.testPaths = [...new Set([...evidence.testPaths, ...tested.globs])];
    notes.push(
      `inert files: the base's CI reads documents as tests (${tested.why.slice(0, 3).join('; ')}${tested.why.length > 3 ? `; and ${tested.why.length - 3} more` : ''}): ${tested.globs.join(', ')} are test paths`,
    );
  }
  const candidates = [...named].slice(0, MAX_FILES);
  const present = candidates.filter((p) => net.get(p) !== 'D');
  const head = src.range.head;
  const modes = await modesAt(head, present).catch(() => new Map<string, string>());
  const inert: string[] = [];
  await Promise.all(
    candidates.map(async (p) => {
      if (net.get(p) === 'D') return void (inertAtHead('deleted') && inert.push(p));
      const mode = modes.get(p);
      if (mode === undefined) return;
      const text = mode === '100644' ? await fileAt(head, p).catch(() => null) : null;
      if (inertAtHead({ mode, text })) inert.push(p);
    }),
  );
  return inert.sort();
}

async function baseDocTests(
  src: ChangeSource,
  fileAt: NonNullable<ChangeSource['fileAt']>,
  filesAt: NonNullable<ChangeSource['filesAt']>,
): Promise<DocTests | string> {
  let files: string[];
  try {
    files = (await filesAt(src.baseSha)).filter(readsDocTests);
  } catch {
    return "the base's tree could not be listed";
  }
  if (files.length > MAX_CONFIGS)
    return `the base has ${files.length} runner configs and workflows, past the ${MAX_CONFIGS} read`;
  const texts = await Promise.all(
    files.map(async (path) => ({
      path,
      text: await fileAt(src.baseSha, path).catch(() => undefined),
    })),
  );
  const unread = texts.filter(
    (t) => t.text === undefined || t.text === null || t.text.length > MAX_BYTES,
  );
  const failed = unread.find((t) => t.text !== null);
  if (failed) return `the base's ${failed.path} could not be read whole`;
  return docTests(
    texts.filter((t): t is { path: string; text: string } => typeof t.text === 'string'),
  );
}
