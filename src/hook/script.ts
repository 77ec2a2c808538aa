// The pre-commit hook's text (pure): what `ledger-gate hook install` writes into a hooks folder,
// how it keeps a hook that was already there, and the lines it adds to husky's and lefthook's
// files. The hook runs `ledger-gate hook run`, which re-locks the ledger rows of the staged
// test files and goldens and stages the ledger (src/commands/hook.ts); it grants nothing: the
// gate judges the commit that carries the re-lock like any ledger edit.

/** Every file the installer writes or edits carries this line, so a second install finds it. */
export const MARK = '# ledger-gate: re-lock the ledger rows of staged test files and goldens';

/** The name the hook that was there before is kept under, beside the new one. */
export const CHAINED = 'pre-commit.before-ledger-gate';

/** A word of a shell command, quoted for sh when it needs to be. */
export function shellWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`;
}

/**
 * The hook file for a plain hooks folder: the kept hook first (its failure stops the commit,
 * as it did before), then ours. `command` is how the CLI is called (`ledger-gate`, or
 * `node /path/dist/cli/index.js` from a clone).
 */
export function hookScript(command: string, chained: boolean): string {
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
  lines.push(`${command} hook run || exit $?`, '');
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
export function withHuskyLine(text: string | undefined, command: string): string {
  if (text !== undefined && isOurs(text)) return text;
  const body = text === undefined || text === '' ? '' : text.endsWith('\n') ? text : text + '\n';
  return `${body}${MARK}\n${command} hook run\n`;
}

/** What to add to lefthook.yml: lefthook owns .git/hooks and rewrites them on `lefthook install`. */
export function lefthookSnippet(command: string): string {
  return [
    'pre-commit:',
    '  commands:',
    '    ledger-gate:',
    `      run: ${command} hook run`,
    '',
  ].join('\n');
}
