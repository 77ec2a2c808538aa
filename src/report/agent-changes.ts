// "What the agent touched": the paths a change's agent commits changed, by kind, capped and
// counted like every other list. The summary and the terminal report open with it; the JSON
// report carries the full list (agent_changes). Paths are the change's own text: escaped.
import type { AgentChange, PathKind } from '../types.js';
import { clip, code, neutralise } from './escape.js';
import { blobUrl } from './links.js';

/** The order people read the kinds in: what can change what the tests say comes first. */
export const KIND_ORDER: readonly PathKind[] = [
  'harness',
  'tests',
  'goldens',
  'ledger',
  'reports',
  'drafts',
  'dependencies',
  'production',
  'docs',
  'other',
];

/** Files listed per kind; the rest are counted. */
const PER_KIND = 20;

export function byKind(
  changes: readonly AgentChange[],
): { kind: PathKind; files: AgentChange[] }[] {
  return KIND_ORDER.map((kind) => ({ kind, files: changes.filter((c) => c.kind === kind) })).filter(
    (g) => g.files.length > 0,
  );
}

const commitsOf = (c: AgentChange) =>
  c.commits.length === 0
    ? ''
    : ` (${c.commits.slice(0, 3).join(', ')}${c.commits.length > 3 ? ', …' : ''})`;

/** What the findings say of a file: how many tests it holds, which of them now skip. */
export interface FileTests {
  tests: number;
  skips: string[];
  /** The tests are the file's own (a test file locked to its bytes), not a golden's. */
  testFile: boolean;
}

/** Files whose changed lines are shown; the rest are listed without them. */
const DIFFS_SHOWN = 6;

/** The changed lines as a fenced diff no line of them can close; every line inert. */
export function diffFence(lines: readonly string[], cut: number): string {
  const shown = lines.map((l) => neutralise(l));
  if (cut > 0) shown.push(`… ${cut} more changed line${cut === 1 ? '' : 's'}`);
  let longest = 2;
  for (const l of shown)
    for (const run of l.match(/`+|~+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}diff\n${shown.join('\n')}\n${fence}\n`;
}

/** Each test file or golden with its tests and, when read, the lines the agent changed. */
function diffsMarkdown(
  changes: readonly AgentChange[],
  testsOf: (path: string) => FileTests | undefined,
): string {
  const out: string[] = [];
  for (const c of changes.filter((x) => x.lines !== undefined).slice(0, DIFFS_SHOWN)) {
    const t = testsOf(c.path);
    const tests = t ? ` · ${t.tests} test${t.tests === 1 ? '' : 's'}` : '';
    const skips =
      t && t.skips.length > 0
        ? ` · now skip${t.skips.length === 1 ? 's' : ''}: ${t.skips
            .slice(0, 3)
            .map((s) => code(clip(s, 200)))
            .join(', ')}${t.skips.length > 3 ? ` and ${t.skips.length - 3} more` : ''}`
        : '';
    const what = c.status === 'D' ? 'deleted' : c.status === 'A' ? 'added' : 'edited';
    out.push(
      `**${code(clip(c.path, 300))}** (${what}${tests}${skips})\n\n${diffFence(c.lines!.lines, c.lines!.cut)}\n`,
    );
  }
  return out.join('');
}

/**
 * The Markdown section: one line per kind, each file linked at the head (deleted ones not);
 * with `testsOf`, then the lines the agent changed in each test file and golden.
 */
export function agentChangesMarkdown(
  changes: readonly AgentChange[] | undefined,
  prefix: string | undefined,
  perKind = PER_KIND,
  testsOf?: (path: string) => FileTests | undefined,
): string {
  if (!changes || changes.length === 0) return '';
  // A test file locked to its own bytes is a golden to the evidence rules: a test file here.
  const relabelled = testsOf
    ? changes.map((c) =>
        c.kind === 'goldens' && testsOf(c.path)?.testFile ? { ...c, kind: 'tests' as const } : c,
      )
    : changes;
  const lines = byKind(relabelled).map(({ kind, files }) => {
    // With no room for names (the summary's bound), the kind is counted only.
    if (perKind === 0) return `- **${kind}** (${files.length})\n`;
    const shown = files.slice(0, perKind).map((c) => {
      const name = code(clip(c.path, 300));
      const url = c.status === 'D' ? undefined : blobUrl(prefix, c.path);
      const deleted = c.status === 'D' ? ' deleted' : '';
      return `${url ? `[${name}](${url})` : name}${deleted}${commitsOf(c)}`;
    });
    const more = files.length > perKind ? `, and ${files.length - perKind} more` : '';
    return `- **${kind}** (${files.length}): ${shown.join(', ')}${more}\n`;
  });
  const diffs = testsOf ? diffsMarkdown(changes, testsOf) : '';
  return `### What the agent's commits changed\n\n${lines.join('')}\n${diffs}`;
}

/** The terminal's lines: one per kind, the first files named. */
export function agentChangesLines(changes: readonly AgentChange[] | undefined): string[] {
  if (!changes || changes.length === 0) return [];
  const out = ["what the agent's commits changed:"];
  for (const { kind, files } of byKind(changes)) {
    const names = files
      .slice(0, 5)
      .map((c) => neutralise(clip(c.path, 200)) + (c.status === 'D' ? ' (deleted)' : ''));
    const more = files.length > 5 ? `, … and ${files.length - 5} more` : '';
    out.push(`  ${kind} ${files.length}: ${names.join(', ')}${more}`);
  }
  // The lines changed in the first test files and goldens, each made one inert line.
  for (const c of changes.filter((x) => x.lines !== undefined).slice(0, 3)) {
    out.push(`  ${neutralise(clip(c.path, 200))}:`);
    for (const l of c.lines!.lines) out.push(`    ${neutralise(clip(l, 200))}`);
    if (c.lines!.cut > 0) out.push(`    … ${c.lines!.cut} more changed lines`);
  }
  return out;
}
