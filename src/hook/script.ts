// The pre-commit hook's text (pure): what `ledger-gate hook install` writes into a hooks folder,
// how it keeps a hook that was already there, and the lines it adds to husky's and lefthook's
// files. The hook runs `ledger-gate hook run`, which re-locks the ledger rows of the staged
// test files and goldens and stages the ledger (src/commands/hook.ts); it grants nothing: the
// gate judges the commit that carries the re-lock like any ledger edit. How it calls the CLI
// is invocation.ts's.
import { commandLine, runLines, type Invocation } from './invocation.js';

/** Every file the installer writes or edits carries this line, so a second install finds it. */
export const MARK = '# ledger-gate: re-lock the ledger rows of staged test files and goldens';

/** The name the hook that was there before is kept under, beside the new one. */
export const CHAINED = 'pre-commit.before-ledger-gate';

/**
 * The hook file for a plain hooks folder: the kept hook first (its failure stops the commit,
 * as it did before), then ours, calling the CLI as `hook install` was run (invocation.ts).
 */
export function hookScript(inv: Invocation, chained: boolean): string {
  const lines = [
    '#!/bin/sh',
    MARK,
    '# Installed by `ledger-gate hook install`; see docs/keeping.md.',
  ];
  if (chained) {
    lines.push(
      `# The pre-commit hook that was here before, kept as ${CHAINED} and run first.`,
      `"$(dirname "$0")/${CHAINED}" "$@" || exit $?`,
    );
  }
  lines.push(...runLines(inv), '');
  return lines.join('\n');
}

/** Is this hook file one `hook install` wrote? */
export function isOurs(text: string): boolean {
  return text.includes(MARK);
}

/**
 * Husky's `.husky/pre-commit` with our line added at its end (husky runs the file with sh;
 * v9 files have no shebang). Unchanged when the line is there already.
 */
export function withHuskyLine(text: string | undefined, inv: Invocation): string {
  if (text !== undefined && isOurs(text)) return text;
  const body = text === undefined || text === '' ? '' : text.endsWith('\n') ? text : text + '\n';
  return `${body}${MARK}\n${runLines(inv).join('\n')}\n`;
}

/** What to add to lefthook.yml: lefthook owns .git/hooks and rewrites them on `lefthook install`. */
export function lefthookSnippet(inv: Invocation): string {
  const run = `${commandLine(inv)} hook run`;
  // A value YAML would read otherwise (a leading quote, `: `, ` #`) is written as a JSON string.
  const value = /^['"!&*%@`{[|>-]|: | #/.test(run) ? JSON.stringify(run) : run;
  return ['pre-commit:', '  commands:', '    ledger-gate:', `      run: ${value}`, ''].join('\n');
}
