// The lines an agent's commits changed in test files and goldens, read through the change
// source (git: the base's and the head's text of each file) and kept as a small bounded diff
// on the report's agent changes: the summary shows a reviewer the rewritten expectation
// itself. The API fallback reads no file at a commit, so it gets none; an unreadable,
// binary or large file gets none either, and the summary lists it without its lines.
import { changedLines } from '../decision/changed-lines.js';
import type { AgentChange, ChangeSource } from '../types.js';

/** Files whose lines are read, in the summary's order; the rest are listed without them. */
export const MAX_DIFF_FILES = 8;
/** A side larger than this is not diffed (the summary shows a few lines of it at most). */
const MAX_TEXT_BYTES = 512 * 1024;
const KINDS: ReadonlySet<string> = new Set(['tests', 'goldens']);

export async function addAgentDiffs(
  changes: AgentChange[] | undefined,
  src: ChangeSource | undefined,
): Promise<void> {
  if (!changes || !src?.fileAt) return;
  const fileAt = src.fileAt.bind(src);
  // A deleted file is named deleted: its lines, all removed, say nothing more.
  const picked = changes
    .filter((c) => KINDS.has(c.kind) && c.status !== 'D')
    .slice(0, MAX_DIFF_FILES);
  await Promise.all(
    picked.map(async (c) => {
      const [before, after] = await Promise.all([
        fileAt(src.baseSha, c.path).catch(() => undefined),
        fileAt(src.range.head, c.path).catch(() => undefined),
      ]);
      // Unreadable (undefined) is no diff; absent (null) on one side is an added or deleted file.
      if (before === undefined || after === undefined) return;
      const texts = [before ?? '', after ?? ''];
      if (texts.some((t) => t.length > MAX_TEXT_BYTES || t.includes('\0'))) return;
      const lines = changedLines(texts[0], texts[1]);
      if (lines) c.lines = lines;
    }),
  );
}
