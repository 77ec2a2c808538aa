// The gaming-shape findings (pure): what the parser found on the agents' added lines, less what
// the base's ledger allows, one finding per shape and file (annotated on its first line).
// `production-gaming-shape` is review unless the base's ledger (`gaming_result: reject`) or
// the run (`--gaming reject`) makes it reject; the change's own ledger decides neither.
import picomatch from 'picomatch';
import { finding, NO_CASE } from './finding.js';
import type { Change, Finding } from '../types.js';
import { SHAPES } from '../code/shapes.js';

const BY_ID = new Map(SHAPES.map((s) => [s.id, s]));

export function gamingFindings(change: Change): Finding[] {
  const g = change.gaming;
  if (!g) return [];
  const base = change.baseLedger;
  const ledger = base?.ledger && base.errors.length === 0 ? base.ledger : undefined;
  const reject = ledger?.gamingResult === 'reject' || g.result === 'reject';
  const allow = (ledger?.gamingAllow ?? []).map((a) => ({
    shape: a.shape,
    match: picomatch(a.glob, { dot: true }),
  }));
  const groups = new Map<string, { shape: string; path: string; at: typeof g.hits }>();
  for (const h of g.hits) {
    if (allow.some((a) => a.shape === h.shape && a.match(h.path))) continue;
    const k = `${h.shape}\0${h.path}`;
    const grp = groups.get(k);
    if (grp) grp.at.push(h);
    else groups.set(k, { shape: h.shape, path: h.path, at: [h] });
  }
  const out: Finding[] = [];
  const result = (f: Finding): Finding => (reject ? { ...f, result: 'reject' } : f);
  for (const grp of groups.values()) {
    const s = BY_ID.get(grp.shape)!;
    const first = grp.at[0];
    const lines = grp.at.map((h) => h.line);
    const shownLines =
      lines.length > 3
        ? `${lines.slice(0, 3).join(', ')} and ${lines.length - 3} more`
        : lines.join(', ');
    const commits = [...new Set(grp.at.map((h) => `${h.sha.slice(0, 12)} (${h.why})`))];
    const f = finding('production-gaming-shape', {
      ...NO_CASE,
      message: `${grp.path}: line ${shownLines} added by commit ${commits.slice(0, 3).join(', ')} ${s.what} (${s.id}): the shape of ${s.stops}; if it is meant, allow it with \`gaming_allow: [${s.id}=${grp.path}]\` in the ledger`,
      file: grp.path,
      line: first.line,
      accepts: `the ${s.id} line(s) of ${grp.path} as the head has them`,
    });
    out.push(result(f));
  }
  for (const u of g.unscanned) {
    out.push(result(finding('production-gaming-shape', { ...NO_CASE, message: u })));
  }
  return out;
}
