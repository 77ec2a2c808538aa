// Inert files (CONTRACT §3 "Agent write paths"): documentation and other files no runner
// executes, the agent's to write beside the production paths. Judged by what a file is, its
// name and extension, never by where it sits: `docs/conf.py` or `docs/x.js` is code a docs
// build runs, so no more inert than any other source file. What a name cannot say (an
// executable mode bit, a shebang, a symlink) the gatherer reads at the head
// (src/gather/inert-docs.ts); what the base's CI reads as tests (doctest globs, markdown
// test runners) comes from doc-tests.ts and makes those files test paths instead. Pure.

/** Extensions of prose and pictures: nothing a runner, a package manager or a shell loads. */
const INERT_EXT = new Set(
  (
    'md markdown mdown mkd rst adoc asciidoc txt text ' +
    'png jpg jpeg gif webp bmp ico svg avif pdf'
  ).split(' '),
);

/** Extensions of documents that are text (what a doctest or markdown runner could read). */
export const DOC_TEXT_EXT = ['md', 'markdown', 'mdown', 'mkd', 'rst', 'adoc', 'asciidoc', 'txt'];

/** Root-style names a project keeps its prose in, with or without an inert extension. */
const INERT_NAME =
  /^(?:licen[cs]e|copying|notice|authors|contributors|changelog|changes|history|news|readme|contributing|code_of_conduct|security|support|maintainers)(?:[-_][a-z0-9_-]*)?$/i;

/**
 * `.txt` names tools read: pip's requirement and constraint files, CMake's list, and pytest's
 * default doctest glob (`test*.txt`, collected as tests with no flag at all).
 */
const READ_TXT = /^(?:requirements|constraints)[^/]*\.txt$|^cmakelists\.txt$|^test[^/]*\.txt$/i;

/** Dot-folders whose Markdown is prose another tool reads as text (changesets' release notes). */
const DOT_FOLDERS = new Set(['.changeset']);

/** Is `path` inert by its name alone: a document, a picture, a licence or a changelog? */
export function inertByName(path: string): boolean {
  const parts = path.split('/');
  const name = parts[parts.length - 1];
  // Dotfiles and dot-folders are configuration (.github, .vscode, .npmrc): never inert.
  if (name.startsWith('.')) return false;
  for (const seg of parts.slice(0, -1))
    if (seg.startsWith('.') && !DOT_FOLDERS.has(seg)) return false;
  if (READ_TXT.test(name)) return false;
  const dot = name.indexOf('.');
  if (dot < 0) return INERT_NAME.test(name);
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return INERT_EXT.has(ext);
}

/**
 * What the gatherer read of an inert-named file at the head: inert only when it is a regular,
 * non-executable file with no shebang (or gone at the head). Anything unread is not inert.
 */
export function inertAtHead(
  head: { mode: string; text: string | null } | 'deleted' | undefined,
): boolean {
  if (head === undefined) return false;
  if (head === 'deleted') return true;
  return head.mode === '100644' && head.text !== null && !head.text.startsWith('#!');
}
