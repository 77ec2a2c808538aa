// The machinery of the option tables (src/commands/tables.ts): the help printed from a table,
// the typo check against it, and usage errors said in our words.
import { parseArgs } from 'node:util';
import { editDistance } from '../ledger/distance.js';
import { idPattern } from '../ledger/rules.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** The value's name in the help (`GLOB`, `FILE`); none for a boolean. */
  value?: string;
  help: string;
}

export type OptionTable = Record<string, OptionSpec>;

export interface CommandHelp {
  /** What follows the command's name in the usage line: positionals and required options. */
  usage: string;
  /** One line, for the list of commands. */
  summary: string;
  /** More, for the command's own help (the summary when absent). */
  about?: string;
  options: OptionTable;
  /** Lines printed after the options: the exit codes (default: 0 done, 1 failed, 2 usage). */
  more?: readonly string[];
}

/** Every command takes these two; `main` answers them before the command runs. */
export const HELP_OPTION: OptionTable = {
  help: { type: 'boolean', short: 'h', help: 'show this help and exit' },
};

/** The exit codes of every command, said the same way in each help. */
export const EXIT_CODES =
  'exit status: 0 admit · 1 reject (bad inputs included: fail closed) · 3 review · 2 usage error';

/** The exit codes of a command that says nothing else (the upkeep commands). */
const DONE_CODES = 'exit status: 0 done · 1 refused or failed (said on stderr) · 2 usage error';

/** The help of one command, columns aligned. */
export function renderHelp(name: string, h: CommandHelp): string {
  const rows: [string, string][] = Object.entries({ ...h.options, ...HELP_OPTION }).map(
    ([opt, o]) => [
      `${o.short ? `-${o.short}, ` : '    '}--${opt}${o.value ? ` ${o.value}` : ''}`,
      o.help + (o.multiple ? ' (repeatable)' : ''),
    ],
  );
  const width = Math.min(32, Math.max(...rows.map(([l]) => l.length)) + 2);
  const lines = rows.map(([l, r]) =>
    l.length + 2 > width ? `  ${l}\n  ${' '.repeat(width)}${r}` : `  ${l.padEnd(width)}${r}`,
  );
  return (
    `usage: ledger-gate ${name}${h.usage ? ` ${h.usage}` : ''}\n\n${h.about ?? h.summary}\n\n` +
    `options:\n${lines.join('\n')}\n` +
    `\n${(h.more ?? [DONE_CODES]).join('\n')}\n`
  );
}

/** True when `--help` or `-h` comes before any `--`. */
export function asksHelp(argv: string[]): boolean {
  for (const a of argv) {
    if (a === '--') return false;
    if (a === '--help' || a === '-h') return true;
  }
  return false;
}

/**
 * The first option the table does not know, with the nearest known name when one is close
 * (`--junti` → `--junit`); undefined when every option is known. Values are not checked here:
 * the command's own parse does that.
 */
export function unknownOption(
  argv: string[],
  table: OptionTable,
): { given: string; suggestion?: string } | undefined {
  const { tokens } = parseArgs({
    args: argv,
    options: table,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const t of tokens) {
    if (t.kind !== 'option' || Object.hasOwn(table, t.name)) continue;
    const given = t.rawName;
    return { given, suggestion: nearest(t.name, Object.keys(table)) };
  }
  return undefined;
}

/** The known name closest to `name`: a unique prefix, or within an edit or two. */
export function nearest(name: string, known: string[]): string | undefined {
  const prefixed = known.filter((k) => k.startsWith(name));
  if (name.length >= 2 && prefixed.length === 1) return prefixed[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  const limit = name.length <= 4 ? 1 : 2;
  for (const k of known) {
    const d = editDistance(name.toLowerCase(), k, { swaps: true });
    if (d <= limit && d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/**
 * The ids the command line names: each argument is an id, or an id glob (`*` matches any run
 * of characters) matched against `known` (the run's ids, or the ledger's), in `known`'s order.
 * An argument that is itself a known id is taken literally. A glob that matches nothing is
 * refused (`nothing` says what it was matched against); each id is returned once.
 */
export function expandIds(
  args: readonly string[],
  known: Iterable<string>,
  nothing: string,
): string[] {
  const pool = [...known];
  const have = new Set(pool);
  const out = new Set<string>();
  for (const a of args) {
    if (!a.includes('*') || have.has(a)) {
      out.add(a);
      continue;
    }
    const match = idPattern(a);
    const hits = pool.filter(match);
    if (hits.length === 0) throw new GlobError(`no id ${nothing} matches ${JSON.stringify(a)}`);
    for (const id of hits) out.add(id);
  }
  return [...out];
}

/** An id glob that matched nothing: refused (exit 1), nothing written. */
export class GlobError extends Error {
  override name = 'GlobError';
}

/**
 * A usage error's one line. Node's parser messages are said in our words; an argument where
 * none (or no more) was expected is most often a glob the shell expanded: say to quote it.
 */
export function usageMessage(e: Error & { code?: string }): string {
  const first = e.message.split('\n')[0];
  const positional =
    /^Unexpected argument '(.*)'\. This command does not take positional arguments$/s.exec(first);
  const arg = positional?.[1] ?? /^unexpected argument "(.*)"$/s.exec(first)?.[1];
  if (arg !== undefined) {
    return (
      `unexpected argument ${JSON.stringify(arg)}: if the shell expanded a pattern into it, ` +
      `quote the pattern (--junit 'build/*.xml')`
    );
  }
  const missing = /^Option '(-\w, )?(--[\w-]+)(?: <value>)?' argument missing$/.exec(first);
  if (missing) return `${missing[2]} needs a value`;
  const ambiguous = /^Option '(-\w, )?(--[\w-]+)[^']*' argument is ambiguous\./.exec(first);
  if (ambiguous) {
    return `${ambiguous[2]} needs a value (one that starts with "-" is written ${ambiguous[2]}=-VALUE)`;
  }
  return first;
}
