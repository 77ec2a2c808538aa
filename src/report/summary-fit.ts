// The summary is for people, so its size is bounded by what people read, not by the run: one
// bound for the job summary, the check run and `check --summary`, whatever the number of
// tests. What needs action (reject, review) is listed entry by entry, shared out among its
// rules; what needs none is counted; the JSON report holds every finding, one per test.
import type { Finding } from '../types.js';
import type { RuleGroup } from './groups.js';
import { clip, code } from './escape.js';
import { plainUrl } from './links.js';

/**
 * The summary's size, in UTF-8 bytes: the job summary, the check run's summary and
 * `ledger-gate check --summary` (CONTRACT §7). Far under GitHub's limits (1 MiB a job summary,
 * 65535 characters a check run), and about what a reviewer reads: at 100,000 tests the old
 * bound (GitHub's) made a 1 MiB page that hid what mattered.
 */
export const SUMMARY_MAX_BYTES = 16 * 1024;

/** Approvers named on a rule's count line; the rest are counted. */
const APPROVERS_SHOWN = 5;

/** The artifact name the documented workflows upload the JSON report as (docs/action.md). */
export const REPORT_ARTIFACT = 'ledger-gate-report';

export const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * The longest prefix of `s` within `max` UTF-8 bytes, cut between code points. Here, not in
 * summary.ts: annotations.ts needs it, and the action's first stage (the API client) loads
 * annotations.ts, which must not bring the whole summary renderer before the first request.
 */
export function clipBytes(s: string, max: number): string {
  if (bytes(s) <= max) return s;
  let used = 0;
  let end = 0;
  for (const ch of s) {
    const n = bytes(ch);
    if (used + n > max) break;
    used += n;
    end += ch.length;
  }
  return s.slice(0, end);
}

/**
 * Shares `room` bytes among lists, round-robin: every list's first row, then every list's
 * second, and so on, so no rule's tail crowds out another rule's first entry. A list stops at
 * its first row that does not fit (the rows after it are not tried: a list is shown as a
 * prefix). Rows are rendered only when tried, so a list of 100k costs what is shown.
 */
export function shareRows(
  lists: readonly { count: number; row: (i: number) => string }[],
  room: number,
): string[][] {
  const shown: string[][] = lists.map(() => []);
  const open = lists.map((l) => l.count > 0);
  let left = room;
  for (let i = 0, any = true; any; i++) {
    any = false;
    for (const [k, l] of lists.entries()) {
      if (!open[k]) continue;
      if (i >= l.count) {
        open[k] = false;
        continue;
      }
      const r = l.row(i);
      const n = bytes(r);
      if (n > left) {
        open[k] = false;
        continue;
      }
      shown[k].push(r);
      left -= n;
      any = true;
    }
  }
  return shown;
}

/** Where the full listing is: said under the counts of every summary. */
export interface FullListing {
  /** The workflow run whose artifacts hold the JSON report (the action: its run page). */
  runUrl?: string;
  /** The action wrote no JSON report this run (`json-report`: auto on an admit, or never). */
  notWritten?: boolean;
}

/** The logins that approved findings, by rule: one pass over the findings. */
export function approversByRule(findings: readonly Finding[]): Map<string, Set<string>> {
  const by = new Map<string, Set<string>>();
  for (const f of findings) {
    if (!f.approved_by) continue;
    let set = by.get(f.rule);
    if (!set) by.set(f.rule, (set = new Set()));
    set.add(f.approved_by);
  }
  return by;
}

/** One line naming where every finding is, one per test: the JSON report. */
export function fullListingLine(where: FullListing | undefined): string {
  if (where?.notWritten) {
    return (
      'No JSON report was written this run (input `json-report`: `auto` writes it when a ' +
      'finding needs action, `always` on every run).\n\n'
    );
  }
  const url = plainUrl(where?.runUrl);
  if (url) {
    return (
      'Every finding, one per test, is in the JSON report (the `report-path` output); ' +
      `the documented workflows upload it as the artifact ${code(REPORT_ARTIFACT)} of ` +
      `[this workflow run](${url}).\n\n`
    );
  }
  // The CLI's: one line whatever was asked, so the summary is the same with or without --json.
  return 'Every finding, one per test, is in the JSON report (`--json FILE`).\n\n';
}

/**
 * The findings that need no action, as counts only (one line per rule): at 100,000 tests
 * nobody reads 100,000 admits, and the JSON report has each.
 */
export function noActionBlock(
  groups: readonly RuleGroup[],
  mark: (g: RuleGroup) => string,
  result: (g: RuleGroup) => string,
  approvers: ReadonlyMap<string, ReadonlySet<string>>,
): string {
  if (groups.length === 0) return '';
  const lines = groups.map((g) => {
    // A review an approval admitted says who approved: that is what a reader checks.
    const who = [...(approvers.get(g.key) ?? [])];
    const names = who.slice(0, APPROVERS_SHOWN).map((w) => code(clip(w, 100)));
    const more = who.length > APPROVERS_SHOWN ? ` and ${who.length - APPROVERS_SHOWN} more` : '';
    const approved =
      g.approved > 0 ? ` (${g.approved} admitted by approval: ${names.join(', ')}${more})` : '';
    return `- ${mark(g)} \`${g.key}\` — ${result(g)} · ${g.count}${approved}\n`;
  });
  return `### Findings that need no action (counted)\n\n${lines.join('')}\n`;
}

/** The line under a rule's list when some of its entries did not fit. */
export function moreLine(key: string, entries: number, findings: number, noReport = false): string {
  const e = `${entries} more entr${entries === 1 ? 'y' : 'ies'}`;
  const f = `${findings} finding${findings === 1 ? '' : 's'}`;
  const where = noReport
    ? 'no JSON report was written to list them (`json-report`)'
    : 'the JSON report lists every one';
  return `_… and ${e} (${f}) of \`${key}\` not shown here: ${where}._\n\n`;
}
