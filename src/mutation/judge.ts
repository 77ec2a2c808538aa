// The mutation pass judged (docs/stronger-evidence.md#mutation): every mutant on a judged
// line (a production line the change's agent commits add or change) must be killed by an
// admissible test — a locked_fixture or property row of the base ledger that the change does
// not add or edit, or a hold-out case. Pure: the gather (src/gather/mutation-evidence.ts)
// reads the reports, the head's bytes and the judged lines. Linear in mutants and lines.
import { finding, NO_CASE } from '../decision/finding.js';
import type { Finding, MutantNote } from '../types.js';
import { mapTests, type TestMapping } from './ids.js';
import type { Mutant, MutationReport } from './report.js';

export interface MutationInput {
  /** The readable reports, by the path shown. */
  reports: { file: string; report: MutationReport }[];
  /** Judged lines by repo path, ascending. */
  judged: Map<string, number[]>;
  /** A report file key as a repo path (absolute keys made relative; `\` → `/`). */
  repoPath: (key: string) => string;
  /** The head's text of a repo path, null when absent (a stale report when it differs). */
  headText: (path: string) => string | null;
  /** Every id the gate knows: the head run's tests, both ledgers' row ids, the hold-out cases. */
  known: Iterable<string>;
  /** null: the id's test may kill a mutant; else why not (`a draft`). */
  inadmissible: (id: string) => string | null;
  requireKilled: boolean;
}

const KILLED = new Set(['Killed', 'Timeout']);
const NEITHER = new Set(['CompileError', 'RuntimeError', 'Ignored']);
/** Mutants listed on one finding at most (the count says the rest). */
const MAX_LISTED = 20;

export function judgeMutation(i: MutationInput): { findings: Finding[]; notes: string[] } {
  const out: Finding[] = [];
  const notes: string[] = [];
  // The first report that holds a file judges it; a second one for it is said in a note.
  const cover = new Map<
    string,
    { file: string; mutants: Mutant[]; tests: Map<string, TestMapping> }
  >();
  let twice = 0;
  let neither = 0;
  let counted = 0;
  for (const { file, report } of i.reports) {
    const { byId } = mapTests(report, i.known, i.repoPath);
    let stale = 0;
    let first = '';
    const mine: [string, Mutant[]][] = [];
    for (const [key, fr] of Object.entries(report.files)) {
      const p = i.repoPath(key);
      if (i.headText(p) !== fr.source) {
        if (stale++ === 0) first = p;
        continue;
      }
      mine.push([p, fr.mutants]);
    }
    if (stale > 0) {
      out.push(
        finding('report-invalid', {
          ...NO_CASE,
          file,
          message: `mutation report ${file} is stale: its source of ${first}${stale > 1 ? ` and ${stale - 1} more file(s)` : ''} is not the head's bytes; run the mutation pass on this commit`,
        }),
      );
      continue;
    }
    for (const [p, mutants] of mine) {
      if (cover.has(p)) twice++;
      else cover.set(p, { file, mutants, tests: byId });
    }
  }
  if (twice > 0) notes.push(`mutation: ${twice} file(s) are in two reports; the first one judged`);

  const unmapped = new Map<string, { why: string; report: string }>();
  for (const [path, lines] of i.judged) {
    if (lines.length === 0) continue;
    const c = cover.get(path);
    if (!c) {
      out.push(
        survived(
          i,
          path,
          lines[0],
          `${path}: ${lines.length} judged line(s) (${ranges(lines)}) not mutated: no mutation report covers the file`,
          [],
        ),
      );
      continue;
    }
    const perLine = new Map<number, MutantNote[]>();
    for (const m of c.mutants) {
      const lo = m.location.start.line;
      const hi = Math.max(lo, m.location.end.line);
      let k = firstAtLeast(lines, lo);
      if (k >= lines.length || lines[k] > hi) continue;
      if (NEITHER.has(m.status)) {
        neither++;
        continue;
      }
      counted++;
      const why = verdict(m, c.tests, i, unmapped, c.file);
      if (why === null) continue;
      const note: MutantNote = {
        id: m.id,
        mutator: m.mutatorName,
        replacement: m.replacement ?? null,
        status: m.status,
        why,
      };
      for (; k < lines.length && lines[k] <= hi; k++) {
        const l = perLine.get(lines[k]);
        if (l) l.push(note);
        else perLine.set(lines[k], [note]);
      }
    }
    for (const [line, notes] of [...perLine].sort((a, b) => a[0] - b[0])) {
      const shown = notes
        .slice(0, 3)
        .map(
          (n) =>
            `${n.mutator}${n.replacement === null ? '' : ` → ${JSON.stringify(oneLine(n.replacement))}`} ${n.why}`,
        )
        .join('; ');
      out.push(
        survived(
          i,
          path,
          line,
          `${path}:${line}: ${notes.length} mutant(s) not killed by an admissible test: ${shown}${notes.length > 3 ? '; …' : ''}`,
          notes.slice(0, MAX_LISTED),
        ),
      );
    }
  }
  for (const [id, u] of unmapped)
    out.push(
      finding('report-unmapped', {
        ...NO_CASE,
        file: u.report,
        message: `mutation report ${u.report}: killedBy ${JSON.stringify(id)}: ${u.why}`,
      }),
    );
  notes.push(
    `mutation: ${[...i.judged.values()].reduce((n, l) => n + l.length, 0)} judged line(s) in ${i.judged.size} file(s), ${counted} mutant(s) on them judged` +
      (neither > 0 ? `, ${neither} CompileError / RuntimeError / Ignored counted neither way` : ''),
  );
  return { findings: out, notes };
}

function survived(
  i: MutationInput,
  path: string,
  line: number,
  message: string,
  mutants: MutantNote[],
): Finding {
  const f = finding('mutant-survived', { ...NO_CASE, file: path, line, message });
  if (i.requireKilled) f.result = 'reject';
  f.mutants = mutants;
  return f;
}

/** null when an admissible test killed the mutant; else why it does not count. */
function verdict(
  m: Mutant,
  tests: Map<string, TestMapping>,
  i: MutationInput,
  unmapped: Map<string, { why: string; report: string }>,
  report: string,
): string | null {
  if (m.status === 'Survived') return 'survived: no test failed';
  if (m.status === 'NoCoverage') return 'survived: no test runs the line';
  if (m.status === 'Pending') return 'was not run (Pending)';
  const killers = m.killedBy ?? [];
  if (killers.length === 0) return `${m.status.toLowerCase()} by no named test (no killedBy)`;
  const whyNot: string[] = [];
  for (const k of killers) {
    const t = tests.get(k);
    if (t === undefined || 'unmapped' in t) {
      const why = t === undefined ? 'no test of testFiles has this id' : t.unmapped;
      if (!unmapped.has(k)) unmapped.set(k, { why, report });
      whyNot.push(`an unmapped test`);
      continue;
    }
    const no = i.inadmissible(t.id);
    if (no === null) return null;
    whyNot.push(`${t.id} (${no})`);
  }
  return `${KILLED.has(m.status) ? m.status.toLowerCase() : m.status} only by ${[...new Set(whyNot)].slice(0, 2).join(', ')}${whyNot.length > 2 ? ', …' : ''}`;
}

function firstAtLeast(a: number[], v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Ascending lines as `3-5, 9`. */
export function ranges(lines: number[]): string {
  const out: string[] = [];
  for (let k = 0; k < lines.length;) {
    let e = k;
    while (e + 1 < lines.length && lines[e + 1] === lines[e] + 1) e++;
    out.push(e === k ? `${lines[k]}` : `${lines[k]}-${lines[e]}`);
    k = e + 1;
  }
  const shown = out.slice(0, 8).join(', ');
  return out.length > 8 ? `${shown}, …` : shown;
}

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? flat.slice(0, 59) + '…' : flat;
}
