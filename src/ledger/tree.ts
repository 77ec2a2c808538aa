// The ledger file as a small tree of positioned values. Both readers (the fast line reader
// and the `yaml` package fallback) produce this, and one validator reads it, so the two
// paths cannot disagree about what is valid.

export type ScalarType = 'string' | 'number' | 'boolean' | 'null';

export interface Pos {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface ScalarVal extends Pos {
  kind: 'scalar';
  type: ScalarType;
  value: string | number | boolean | null;
}

export interface MapVal extends Pos {
  kind: 'map';
  entries: Entry[];
}

export interface SeqVal extends Pos {
  kind: 'seq';
  items: Val[];
}

export type Val = ScalarVal | MapVal | SeqVal;

export interface Entry extends Pos {
  key: string;
  value: Val;
}

/** A problem found while reading (syntax or a refused construct). */
export interface ReadIssue extends Pos {
  message: string;
}

export interface ReadResult {
  /** null when the document is empty or could not be read at all. */
  root: Val | null;
  issues: ReadIssue[];
}
