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
  'production',
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

/** The Markdown section: one line per kind, each file linked at the head (deleted ones not). */
export function agentChangesMarkdown(
  changes: readonly AgentChange[] | undefined,
  prefix: string | undefined,
  perKind = PER_KIND,
): string {
  if (!changes || changes.length === 0) return '';
  const lines = byKind(changes).map(({ kind, files }) => {
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
  return `### What the agent's commits changed\n\n${lines.join('')}\n`;
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
  return out;
}
