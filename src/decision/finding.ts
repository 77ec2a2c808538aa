// One shape for every finding: built here, so all share one object layout.
import type { Finding, RuleKey } from '../types.js';
import { rule } from './table.js';

export type Fields = Omit<Finding, 'rule' | 'result'>;

/** The fields of a finding that concerns no test case and no ledger row. */
export const NO_CASE = { id: null, status: null, class: null } as const;

/** A finding; every one is built here, so all share one object shape. */
export function finding(key: RuleKey, f: Fields): Finding {
  const out: Finding = {
    rule: key,
    result: rule(key).result,
    id: f.id,
    status: f.status,
    class: f.class,
    message: f.message,
    // In the literal even when undefined: added after it, they cost each finding a property
    // array of its own (a million findings at XL).
    file: f.file,
    line: f.line,
  };
  if (f.accepts !== undefined) out.accepts = f.accepts;
  return out;
}
