// How many syntax nodes a reader (src/code/python.ts, src/code/js.ts) walks before it gives a
// file up as capped: each walk visits a node a constant number of times, so this bounds a file.
export const MAX_NODES = 400_000;

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
