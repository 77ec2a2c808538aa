// How many syntax nodes a reader (src/code/python.ts, src/code/js.ts) walks before it gives a
// file up as capped: each walk visits a node a constant number of times, so this bounds a file.
export const MAX_NODES = 400_000;

/**
 * A file larger than this is not parsed: a finding asks for review. Here, not in scan.ts, so a
 * reader that only needs the cap (src/adapters/fs/doctest-facts.ts) does not load every rule.
 */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** Counts a walk's nodes: `spend()` is false once past MAX_NODES, and `capped` then says why. */
export class NodeBudget {
  private count = 0;
  capped: string | undefined;

  spend(): boolean {
    if (this.capped) return false;
    if (++this.count > MAX_NODES) {
      this.capped = `it has more than ${MAX_NODES} syntax nodes`;
      return false;
    }
    return true;
  }
}
