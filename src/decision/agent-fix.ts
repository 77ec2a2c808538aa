// An agent's edit is never fixed by re-locking (pure). A finding caused by an agent's commit
// (a test, golden, harness or ledger edit) is fixed by restoring the base's version of exactly
// those files; no fix of a report that has one may write the ledger over an agent's bytes,
// in whatever order a maintainer runs the printed fixes:
// - a finding about an agent-touched path: its fix restores that path (whatever it was);
// - the ledger edited by an agent: every fix that writes the ledger restores it instead (the
//   next run names the human's upkeep again, over the base's ledger);
// - a fix that writes the whole ledger (`update`, `init`) restores the agent's paths first, so
//   it reads the base's bytes even when run before the restores.
// Restores commute with each other and are idempotent, so no two fixes undo each other.
import type { Finding, RuleKey } from '../types.js';
import { idPrefix } from './evidence.js';
import { inGoldenSet, isGoldenSet } from '../ledger/golden-set.js';

/** What an agent's commits changed that the change must give back. */
export interface AgentRestore {
  /** Test, golden and harness paths of `agent-test-edit` / `agent-harness-edit` findings. */
  paths: ReadonlySet<string>;
  /** The ledger itself (`ledger-agent-edit`). */
  ledger: boolean;
}

export interface RestoreContext {
  ledger: string;
  base?: string;
  /** The path is one the change adds (the base has none): restored by removing it. */
  isAdded?: (path: string) => boolean;
  quote: (s: string) => string;
}

const PATH_RULES: ReadonlySet<RuleKey> = new Set(['agent-test-edit', 'agent-harness-edit']);

/** The agent's paths named by a report's findings; undefined when there are none. */
export function agentRestore(
  findings: readonly Finding[],
  ledger: string,
): AgentRestore | undefined {
  const paths = new Set<string>();
  let ledgerEdited = false;
  for (const f of findings) {
    if (f.rule === 'ledger-agent-edit') ledgerEdited = true;
    else if (PATH_RULES.has(f.rule) && f.file !== undefined && f.file !== ledger) paths.add(f.file);
  }
  return paths.size > 0 || ledgerEdited ? { paths, ledger: ledgerEdited } : undefined;
}

/** `git checkout BASE -- …` for the base's files, `git rm` for the ones the change adds. */
export function restoreCommand(paths: readonly string[], ctx: RestoreContext): string {
  const sorted = [...new Set(paths)].sort();
  const added = sorted.filter((p) => p !== ctx.ledger && ctx.isAdded?.(p) === true);
  const kept = sorted.filter((p) => !added.includes(p));
  const parts: string[] = [];
  if (kept.length > 0)
    parts.push(`git checkout ${ctx.quote(ctx.base ?? 'HEAD')} -- ${kept.map(ctx.quote).join(' ')}`);
  if (added.length > 0) parts.push(`git rm -q -f -- ${added.map(ctx.quote).join(' ')}`);
  return parts.join(' && ');
}

/** A command that writes the ledger: every `ledger-gate` upkeep command but lint. */
export function writesLedger(cmd: string): boolean {
  return cmd.startsWith('ledger-gate ') && !cmd.startsWith('ledger-gate lint');
}

/** A command that writes rows of every changed file (and so reads an agent's bytes too). */
function writesAll(cmd: string): boolean {
  return /^ledger-gate (update|init)\b/.test(cmd);
}

/**
 * The fix of one finding with the agent's edits given back: `cmd` as the table fills it in,
 * `artifact` the golden of the finding's row.
 */
export function guardFix(
  cmd: string,
  f: Finding,
  artifact: string | undefined,
  agent: AgentRestore | undefined,
  ctx: RestoreContext,
): string {
  if (agent === undefined) return cmd;
  if (f.rule === 'ledger-agent-edit') return restoreCommand([ctx.ledger], ctx);
  if (PATH_RULES.has(f.rule) && f.file !== undefined) return restoreCommand([f.file], ctx);
  // The paths this finding is about: its row's golden, its test's file, a module finding's file.
  // A golden list or glob (golden-set.ts): the members the agent touched.
  const about = [f.id !== null ? idPrefix(f.id) : f.file];
  if (artifact !== undefined && isGoldenSet(artifact))
    about.push(...[...agent.paths].filter((p) => inGoldenSet(artifact, p)));
  else about.push(artifact);
  const touched = about.filter((p): p is string => p !== undefined && agent.paths.has(p));
  if (touched.length > 0) return restoreCommand(touched, ctx);
  if (!writesLedger(cmd)) return cmd;
  if (agent.ledger) return restoreCommand([ctx.ledger], ctx);
  if (writesAll(cmd) && agent.paths.size > 0)
    return `${restoreCommand([...agent.paths], ctx)} && ${cmd}`;
  return cmd;
}
