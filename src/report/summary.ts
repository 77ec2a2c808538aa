// The Markdown summary (job summary, check run, `ledger-gate check --summary`), in the order
// people act on it: the decision and what it means, the counts (test cases by status,
// findings by result), the reject and review findings with links to the ledger line and the
// test file, the notes and warnings, then folded away the findings that need no action and
// the decision table with a count per rule. Everything that came from a test name, a report
// or the ledger goes through escape.ts, and every link through links.ts.
import type { FixContext } from '../decision/fix.js';
import { rule } from '../decision/table.js';
import { rowFor } from '../ledger/file-rows.js';
import { goldenLabel, isGoldenSet } from '../ledger/golden-set.js';
import { testChangesOf } from '../decision/test-changes.js';
import type {
  Finding,
  Ledger,
  Report,
  Result,
  RuleKey,
  TestChanges,
  TestResult,
} from '../types.js';
import { cell, clip, code, codeCell, text } from './escape.js';
import {
  countLines,
  entryAccepts,
  groupFindings,
  idFile,
  shortDigests,
  type Entry,
  type RuleGroup,
} from './groups.js';
import { blobPrefix, blobUrl, plainUrl, type LinkBase } from './links.js';
import { isFileRowId } from '../ledger/file-rows.js';
import { agentChangesMarkdown, type FileTests } from './agent-changes.js';
import {
  actionOf,
  clearBlock,
  commandFence,
  entryFix,
  whySentence,
  type ClearBlock,
} from './top.js';
import { pairingText } from './pairing.js';
import { entriesLine } from './headline.js';
import { renderRulesTable } from './table-md.js';
import {
  SUMMARY_MAX_BYTES,
  approversByRule,
  bytes,
  clipBytes,
  fullListingLine,
  moreLine,
  noActionBlock,
  shareRows,
  type FullListing,
} from './summary-fit.js';
import { findingTotal } from '../decision/admits.js';

export { SUMMARY_MAX_BYTES } from './summary-fit.js';

export interface SummaryInput {
  report: Report;
  notes: string[];
  warnings?: { message: string; file: string; line: number }[];
  /** The mapped test results: their statuses for the counts, their files for the links. */
  tests?: readonly TestResult[];
  /** The change's ledger: a locked fixture's findings are grouped by the golden its row names. */
  ledger?: Pick<Ledger, 'byId'>;
  /** The run's inputs the findings' fixes came from: an entry of several gets one command from them. */
  fix?: FixContext;
}

export interface SummaryOptions {
  /** UTF-8 bytes. Default SUMMARY_MAX_BYTES (16 KiB), the documented bound for people (CONTRACT §7). */
  maxBytes?: number;
  /** Heading at the top; default `ledger-gate`. */
  title?: string;
  /** Where blob links point; without it (the CLI) nothing is linked. */
  links?: LinkBase;
  /** The check run this summary belongs to (the job summary links it; the check run's own does not). */
  checkRun?: { name: string; url?: string };
  /** Where the JSON report (every finding, one per test) is: named under the counts. */
  fullListing?: FullListing;
}

export const MARK: Record<Result, string> = { reject: '❌', review: '⚠️', admit: '✅', info: 'ℹ️' };

/** One sentence that says what the decision means and why (top.ts). */
export function verdict(report: Report): string {
  const groups = groupFindings(report.findings).filter((g) => g.acting);
  return whySentence(report, groups);
}

export { ONE_FIX } from './top.js';

/** The commands that clear what can be cleared, as one block under one sentence. */
function clearLines(block: ClearBlock | undefined): string {
  if (block === undefined) return '';
  const more =
    block.cut > 0
      ? `${block.cut} more command${block.cut === 1 ? '' : 's'} under ${block.cut === 1 ? 'its rule' : 'their rules'} below.\n\n`
      : '';
  return `**${text(block.lead)}**\n\n${commandFence(block.commands)}\n${more}`;
}

/** Appends parts while they fit under the byte budget; what does not fit is counted, not shown. */
class Budget {
  private parts: string[] = [];
  used = 0;
  constructor(private readonly max: number) {}
  /** True (and appended) when `s` plus `reserve` bytes still fits. */
  add(s: string, reserve = 0): boolean {
    const n = bytes(s);
    if (this.used + n + reserve > this.max) return false;
    this.parts.push(s);
    this.used += n;
    return true;
  }
  /** Appends regardless of the budget: only for text already reserved. */
  force(s: string): void {
    this.parts.push(s);
    this.used += bytes(s);
  }
  toString(): string {
    return this.parts.join('');
  }
}

// Room kept for the closing of an open group and the line that says what was cut.
const RESERVE = 600;
/** Test ids listed on a file's line; the rest are counted (the JSON report has each). */
const IDS_PER_GOLDEN = 3;

/** Renders locations and links; `prefix` is undefined when nothing is linked. */
class Places {
  private readonly byId = new Map<string, TestResult>();
  constructor(
    private readonly prefix: string | undefined,
    tests: readonly TestResult[] | undefined,
    acting: readonly Finding[],
  ) {
    if (!prefix || !tests || acting.length === 0) return;
    // Only the ids that will be shown are looked up: a run may hold 100k tests.
    const wanted = new Set<string>();
    for (const f of acting) if (f.id) wanted.add(f.id);
    for (const t of tests) if (wanted.has(t.id)) this.byId.set(t.id, t);
  }

  /** `path:line` as code, linked to its blob at the head when it is a repository path. */
  at(file: string | undefined, line: number | undefined): string {
    if (!file) return '';
    const shown = codeCell(line ? `${file}:${line}` : file);
    const url = blobUrl(this.prefix, file, line);
    return url ? `[${shown}](${url})` : shown;
  }

  /** The finding's own place, then (when linked) the test's file if that is elsewhere. */
  where(f: Finding): string {
    const own = this.at(f.file, f.line);
    if (!this.prefix || !f.id) return own;
    const t = this.byId.get(f.id);
    const file = t?.file ?? idFile(f.id);
    if (!file || file === f.file || !blobUrl(this.prefix, file)) return own;
    const test = this.at(file, t?.file ? t.line : undefined);
    return own ? `${own} · test ${test}` : test;
  }

  /** A test id as code, linked to its ledger line (or followed by it, when nothing links). */
  id(f: Finding): string {
    const shown = codeCell(f.id);
    const url = blobUrl(this.prefix, f.file, f.line);
    if (url && shown) return `[${shown}](${url})`;
    return f.file ? `${shown} at ${this.at(f.file, f.line)}` : shown;
  }
}

function statusesOf(findings: Finding[]): string {
  const by = new Map<string, number>();
  for (const f of findings) by.set(f.status ?? '—', (by.get(f.status ?? '—') ?? 0) + 1);
  if (by.size === 1) return [...by.keys()][0];
  return [...by].map(([s, n]) => `${n} ${s}`).join(', ');
}

/**
 * The table of one rule group: a header, then one row per entry (rendered when asked). No
 * command sits in a cell, where it would wrap into pieces: the commands are code blocks.
 */
function groupTable(g: RuleGroup, places: Places, moved?: readonly TestChanges[]) {
  const approvedCol = g.approved > 0;
  const extra = approvedCol ? ' approved by |' : '';
  const sep = (n: number) => '|---'.repeat(n + (approvedCol ? 1 : 0)) + '|\n';
  const label = g.entries.find((e) => e.label)?.label ?? 'golden';
  const header = g.byGolden
    ? `| result | ${label} | tests | status | message |${extra}\n${sep(5)}`
    : `| result | id | status | class | where | message |${extra}\n${sep(6)}`;
  const extraCells = (e: Entry) => (approvedCol ? ` ${codeCell(e.findings[0].approved_by)} |` : '');
  const said = (e: Entry) => {
    const accepts = entryAccepts(e);
    const m = e.findings[0].message;
    const pair = pairingText(e.findings);
    const said = accepts ? `${m}; an approval accepts ${accepts}` : m;
    const tests = testChangesOf(moved, e.artifact);
    const full = (pair ? `${said} (base run: ${pair})` : said) + (tests ? `; tests: ${tests}` : '');
    return cell(shortDigests(full));
  };
  const row = (e: Entry): string => {
    const f = e.findings[0];
    if (g.byGolden) {
      const n = e.findings.length;
      // A test of the entry's own file is named without its file; a row shared by every
      // listed test is named once, not after each.
      const shown = e.findings.slice(0, IDS_PER_GOLDEN);
      const oneRow = shown.length > 1 && shown.every((x) => x.file === f.file && x.line === f.line);
      const name = (x: Finding) => {
        const own = e.artifact !== undefined && idFile(x.id) === e.artifact;
        return codeCell(own ? x.id!.slice(e.artifact!.length + 2) : x.id);
      };
      const ids = shown.map((x) =>
        oneRow || (x.file === e.artifact && !x.line) ? name(x) : places.id(x),
      );
      const more = n > IDS_PER_GOLDEN ? ` and ${n - IDS_PER_GOLDEN} more` : '';
      const row =
        oneRow && f.file && f.file !== e.artifact ? ` (row ${places.at(f.file, f.line)})` : '';
      const tests = `${n} test${n === 1 ? '' : 's'}: ${ids.join(', ')}${more}${row}`;
      // A golden list or glob names several files: no one link (golden-set.ts).
      const file =
        e.artifact === undefined
          ? '—'
          : isGoldenSet(e.artifact)
            ? codeCell(goldenLabel(e.artifact))
            : places.at(e.artifact, undefined);
      return (
        `| ${e.result} | ${file} | ${tests} | ${statusesOf(e.findings)} | ${said(e)} |` +
        extraCells(e) +
        '\n'
      );
    }
    return (
      `| ${f.result} | ${codeCell(f.id)} | ${f.status ?? '—'} | ${f.class ?? '—'} | ${places.where(f)} | ${said(e)} |` +
      extraCells(e) +
      '\n'
    );
  };
  return { header, row };
}

/** The distinct commands of the shown entries that the top block does not hold, as a block. */
function commandsBelow(
  entries: readonly Entry[],
  fix: FixContext | undefined,
  top: ClearBlock | undefined,
): string {
  const cmds: string[] = [];
  // The first entries' commands, a few: a rule of 100,000 entries is not scanned whole.
  for (const e of entries.slice(0, 200)) {
    const c = entryFix(e, fix);
    if (c === undefined || cmds.includes(c) || top?.covers(c)) continue;
    cmds.push(clip(c, 1000));
    if (cmds.length === 5) break;
  }
  return cmds.length === 0 ? '' : `\n${commandFence(cmds)}`;
}

function groupTitle(g: RuleGroup): string {
  const key = `\`${g.key}\``;
  const files = new Set<string>();
  for (const e of g.entries) if (e.artifact !== undefined) files.add(e.artifact);
  const n = files.size;
  const label = g.entries.find((e) => e.label)?.label ?? 'golden';
  const count = g.byGolden
    ? `${g.count} test${g.count === 1 ? '' : 's'} on ${n} ${label}${n === 1 ? '' : 's'}`
    : `${g.count}`;
  return (
    `${MARK[g.worst]} ${key} — ${g.worst} · ${count}` +
    (g.approved ? ` (${g.approved} admitted by approval)` : '')
  );
}

export function renderSummary(input: SummaryInput, opts: SummaryOptions = {}): string {
  return summaryRenderer(input)(opts);
}

/**
 * Renders one outcome's summary for several places (the action's check run and job summary)
 * with the findings grouped and counted once: at 100,000 findings that is most of a render.
 */
export function summaryRenderer(input: SummaryInput): (opts?: SummaryOptions) => string {
  let s: Shared | undefined;
  return (opts = {}) => renderShared((s ??= shared(input)), input, opts);
}

/** What every rendering of one outcome shares, whatever its options. */
interface Shared {
  groups: RuleGroup[];
  acting: RuleGroup[];
  rest: RuleGroup[];
  lines: ReturnType<typeof countLines>;
  approvers: Map<string, Set<string>>;
  /** The decision's sentence of why and its block of commands (top.ts). */
  lead: { why: string; top: ClearBlock | undefined };
}

/** The sentence of why and the block of commands under it. */
function leadOf(report: Report, acting: readonly RuleGroup[], fix: FixContext | undefined) {
  const top = clearBlock(report, acting, fix);
  return { why: whySentence(report, acting, top !== undefined), top };
}

function shared(input: SummaryInput): Shared {
  const { report, ledger } = input;
  const groups = groupFindings(
    report.findings,
    ledger ? (id) => rowFor(ledger, id)?.artifact : undefined,
    report.admits,
  );
  const acting = groups.filter((g) => g.acting);
  return {
    groups,
    acting,
    lead: leadOf(report, acting, input.fix),
    rest: groups.filter((g) => !g.acting),
    lines: countLines(report.counts, findingTotal(report), input.tests),
    approvers: approversByRule(report.findings),
  };
}

function renderShared(
  { groups, acting, rest, lines, approvers, lead }: Shared,
  input: SummaryInput,
  opts: SummaryOptions,
): string {
  const max = opts.maxBytes ?? SUMMARY_MAX_BYTES;
  const { report } = input;
  const warnings = input.warnings ?? [];
  const prefix = blobPrefix(opts.links);
  // Where what is cut can be read: the JSON report, unless this run wrote none.
  const noReport = opts.fullListing?.notWritten === true;
  const places = new Places(
    prefix,
    input.tests,
    acting.flatMap((g) => g.entries.flatMap((e) => e.findings)),
  );
  const { why, top } = lead;

  // First the decision, why, and the one block of commands; then the headline and counts.
  const headline = (['reject', 'review'] as const)
    .map((r) => entriesLine(groups, r))
    .filter((said) => said !== undefined)
    .map((said) => `- **${text(said)}**\n`)
    .join('');
  const head =
    `## ${MARK[report.decision]} ${text(opts.title ?? 'ledger-gate')}: ${report.decision}\n\n` +
    `${why}\n\n` +
    clearLines(top) +
    checkRunLine(opts.checkRun) +
    headline +
    `- **${lines.cases}**\n- **${lines.findings}**\n` +
    '\n' +
    fullListingLine(opts.fullListing);

  const out = new Budget(max);
  if (!out.add(head, RESERVE)) {
    // Only a tiny budget gets here: keep the decision, drop the rest.
    return clipBytes(`## ${report.decision}\n\n${why}\n`, max);
  }
  // What needs no action is counted, a line per rule: small, and never crowded out.
  const noAction = noActionBlock(
    rest,
    (g) => MARK[rule(g.key).result],
    (g) => rule(g.key).result,
    approvers,
  );
  // The notes (which base, what was skipped, who approved) and what the agent's commits
  // changed each keep their room, up to a quarter of what is left.
  const quarter = Math.floor((max - bytes(head) - bytes(noAction) - RESERVE) / 4);
  const notes = notesBlock(input.notes, quarter);
  const after = RESERVE + bytes(noAction) + bytes(notes);
  out.add(touchedBlock(report.agentChanges, prefix, quarter, testsByFile(acting)), after);

  // The reject and review findings: each rule's heading, then its entries shared out among
  // the rules (every rule's first entry before any rule's second), then what did not fit.
  const heads = acting.map((g) => `### ${groupTitle(g)}\n\n_${actionOf(g, input.fix, top)}_\n\n`);
  // Each rule's commands the top block does not hold, as a block under its table.
  const below = acting.map((g) => commandsBelow(g.entries, input.fix, top));
  // A heading's room includes its commands and the longest line that could say what of its
  // rule was cut.
  const roomOf = (k: number) =>
    bytes(heads[k]) +
    bytes(below[k]) +
    1 +
    bytes(moreLine(acting[k].key, acting[k].entries.length, acting[k].count, noReport));
  let headed = 0;
  let headRoom = 0;
  while (headed < acting.length && out.used + headRoom + roomOf(headed) + after <= max)
    headRoom += roomOf(headed++);
  const tables = acting.slice(0, headed).map((g) => {
    const { header, row } = groupTable(g, places, input.report.test_changes);
    const list = g.entries;
    return { count: list.length, row: (i: number) => (i === 0 ? header : '') + row(list[i]) };
  });
  const shown = shareRows(tables, max - out.used - headRoom - after);
  let findingsCut = 0;
  for (const [k, g] of acting.entries()) {
    if (k >= headed) {
      findingsCut += g.count;
      continue;
    }
    out.force(heads[k] + shown[k].join('') + below[k]);
    const cut = g.entries.slice(shown[k].length);
    if (cut.length === 0) {
      out.force('\n');
      continue;
    }
    let n = 0;
    for (const e of cut) n += e.findings.length;
    findingsCut += n;
    out.force((shown[k].length > 0 ? '\n' : '') + moreLine(g.key, cut.length, n, noReport));
  }

  out.force(notes);
  const reserve = RESERVE + bytes(noAction);
  let warningsCut = 0;
  if (warnings.length > 0 && out.add('### Warnings\n\n', reserve)) {
    for (const [i, w] of warnings.entries()) {
      const line = `- ${code(`${w.file}:${w.line}`)} ${text(clip(w.message, 2000))}\n`;
      if (!out.add(line, reserve)) {
        warningsCut = warnings.length - i;
        break;
      }
    }
    out.add('\n', reserve);
  } else {
    warningsCut = warnings.length;
  }
  out.force(noAction);

  if (findingsCut > 0 || warningsCut > 0) {
    const needed = acting.reduce((n, g) => n + g.count, 0);
    const what = [
      findingsCut > 0 ? `${findingsCut} of ${needed} reject and review findings` : '',
      warningsCut > 0 ? `${warningsCut} of ${warnings.length} warnings` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    out.force(
      `> **Cut to stay under ${max} bytes:** ${what} not shown here. ` +
        (noReport
          ? 'No JSON report was written to hold them (`json-report`).\n\n'
          : 'The JSON report holds every finding.\n\n'),
    );
  }
  // Last, folded, when it fits: the rules that matched, with what they mean and their counts.
  const counts: Partial<Record<RuleKey, number>> = {};
  for (const g of groups) counts[g.key] = g.count;
  if (groups.length > 0)
    out.add(
      `<details><summary>Decision table: the ${groups.length === 1 ? 'rule' : `${groups.length} rules`} that matched, with the number of findings of each</summary>\n\n` +
        `${renderRulesTable(counts, { matchedOnly: true })}\n</details>\n`,
    );
  return out.toString();
}

/**
 * What the agent's commits changed, within `max` bytes: 20 files a kind with the lines changed
 * in test files and goldens, else 5 a kind with them, else 5 without them, else counts.
 */
function touchedBlock(
  changes: SummaryInput['report']['agentChanges'],
  prefix: string | undefined,
  max: number,
  testsOf: (path: string) => FileTests | undefined,
): string {
  for (const [perKind, lines] of [
    [20, true],
    [5, true],
    [5, false],
  ] as const) {
    const md = agentChangesMarkdown(changes, prefix, perKind, lines ? testsOf : undefined);
    if (bytes(md) <= max) return md;
  }
  return agentChangesMarkdown(changes, prefix, 0);
}

/** Per file the acting findings name (a row's file, a test's file): its tests and skips. */
function testsByFile(acting: readonly RuleGroup[]): (path: string) => FileTests | undefined {
  let by: Map<string, { ids: Set<string>; skips: Set<string>; own: boolean }> | undefined;
  return (path) => {
    if (!by) {
      by = new Map();
      for (const g of acting)
        for (const e of g.entries)
          for (const f of e.findings) {
            // A file row's own finding (FILE::*) names a row, not one of the file's tests.
            if (f.id === null || isFileRowId(f.id)) continue;
            const file = e.artifact ?? idFile(f.id);
            if (file === undefined) continue;
            let t = by.get(file);
            if (!t) by.set(file, (t = { ids: new Set(), skips: new Set(), own: false }));
            if (idFile(f.id) === file) t.own = true;
            t.ids.add(f.id);
            if (f.status === 'skip') t.skips.add(f.id);
          }
    }
    const t = by.get(path);
    return t && { tests: t.ids.size, skips: [...t.skips], testFile: t.own };
  };
}

/** Where the check run is: its name, linked when the API gave a plain URL for it. */
function checkRunLine(run: SummaryOptions['checkRun']): string {
  if (!run) return '';
  const url = plainUrl(run.url);
  const name = code(run.name);
  return `The check run: ${url ? `[${name}](${url})` : name}\n\n`;
}

/** The notes as a list, within `max` bytes (a note clipped to 2000 characters, the rest counted). */
function notesBlock(notes: string[], max: number): string {
  if (notes.length === 0) return '';
  const out = new Budget(max);
  if (!out.add('### Notes\n\n', 100)) return '';
  let shown = 0;
  for (const note of notes) {
    if (!out.add(`- ${text(clip(note, 2000))}\n`, 100)) break;
    shown++;
  }
  if (shown < notes.length) out.force(`- … and ${notes.length - shown} more notes\n`);
  out.force('\n');
  return out.toString();
}
