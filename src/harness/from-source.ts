// The harness the base's CI reaches, read through the change's source (git): the base's tree
// and files at the merge base, never the head's. A source that cannot list the base's tree
// (the API fallback) gives a note instead: then only the listed harness paths count.
import type { ChangeSource } from '../types.js';
import { resolveHarness, type HarnessResolution } from './resolve.js';

export async function baseHarness(src: ChangeSource): Promise<HarnessResolution | string> {
  const { fileAt, filesAt } = src;
  if (!fileAt || !filesAt)
    return `harness: ${src.source} cannot read the base's tree, so only the listed harness paths count (check out with history so git can answer)`;
  let files: string[];
  try {
    files = await filesAt(src.baseSha);
  } catch (e) {
    return `harness: the base's tree could not be listed (${String(e).split('\n')[0]}): only the listed harness paths count`;
  }
  return resolveHarness({ files, read: (p) => fileAt(src.baseSha, p) });
}
