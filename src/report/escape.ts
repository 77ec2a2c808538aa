// Text from test names and ledger fields is written by whoever wrote the change (often an
// agent). Before it reaches Markdown (job summary, check run) or the runner's log, it is made
// inert: no raw HTML, no live @mention or #reference, no link or image, no table-row or
// code-span breakout, no hidden (bidi or zero-width) characters, no workflow command.

/**
 * Characters that are invisible or reorder text: controls, bidi embeddings/overrides/isolates,
 * zero-width characters, BOM, soft hyphen, tag characters, variation selectors, Hangul
 * fillers, line/paragraph separators, lone surrogates. Each is shown as `<U+XXXX>` instead.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- they are what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|[\u{e0000}-\u{e0fff}]|[\u{1bca0}-\u{1bca3}]|[\u{1d173}-\u{1d17a}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/** Whitespace that would end a line, a table row or a list item, or that looks like a space. */
const BREAKS = /[\t\n\r\u0085\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;

/** Visible, on one line, with hidden characters named: the common first step of every escape. */
export function neutralise(text: string): string {
  return text
    .replace(BREAKS, ' ')
    .replace(
      HIDDEN,
      (c) => `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
    );
}

/** At most `max` code points (never splitting a surrogate pair), with `…` when cut. */
export function clip(text: string, max: number): string {
  // No more UTF-16 units than `max` means no more code points either: nothing to cut.
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, Math.max(0, max - 1)).join('') + '…';
}

/**
 * A token is risky when GitHub would turn it into something live even with its punctuation
 * escaped: mentions and references (`@x`, `#1`, `GH-1`), autolinks (`x://`, `www.`, e-mail).
 * Risky tokens go into a code span, where GitHub links nothing.
 */
// `www.` anywhere: GFM also links it after `_`, `*`, `~` or `(`, where `\b` sees no boundary.
const RISKY = /[@#]|:\/\/|www\.|\bgh-\d|^(?:mailto|xmpp|javascript|data):/i;

/**
 * Punctuation that starts markup anywhere in a line: escapes, code, emphasis, links and images,
 * HTML and entities, table pipes, strikethrough, math. Backslash escapes are CommonMark's own.
 */
const INLINE = /[\\`*_[\]<>&|~$!{}]/g;

/** At the start of a line more starts markup (headings, quotes, lists, fences, setext rules). */
const LINE_START = /^(?:[!-/:-@[-`{-~]|\d+[.)])/;

/** A code span that no backtick inside can close, with pipes escaped when it sits in a table. */
export function code(text: string, opts: { table?: boolean } = {}): string {
  let body = neutralise(text);
  if (body === '') return '';
  // The code span's content is literal, but GFM splits table cells on `|` before inline parsing.
  // A backslash right before that pipe is read differently by GFM renderers (a cell break in
  // some), so there the pipe is shown as a broken bar instead.
  if (opts.table) body = body.replace(/(\\?)\|/g, (_, bs: string) => (bs ? '\\\u00a6' : '\\|'));
  let longest = 0;
  for (const run of body.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  // A leading or trailing backtick (or space, which would be stripped) needs padding.
  const pad = /^[`\s]|[`\s]$/.test(body) ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** Prose (a finding's message, a note): literal text, risky tokens as code. */
export function text(value: string, opts: { table?: boolean } = {}): string {
  let first = true;
  return neutralise(value)
    .split(/( +)/)
    .map((token) => {
      if (token.trim() === '') return token;
      const atStart = first;
      first = false;
      if (RISKY.test(token)) return code(token, opts);
      const escaped = token.replace(INLINE, (c) => `\\${c}`);
      // The first token may begin a line (a list item's text): defuse `1.`, `-`, `>`, `=`, ….
      if (!atStart || escaped.startsWith('\\')) return escaped;
      return escaped.replace(LINE_START, (m) => `${m.slice(0, -1)}\\${m.slice(-1)}`);
    })
    .join('');
}

/** A table cell: prose escaped for a table row, clipped so one field cannot fill the page. */
export function cell(value: string | number | null | undefined, max = 500): string {
  if (value === null || value === undefined || value === '') return '';
  return text(clip(String(value), max), { table: true });
}

/** A table cell holding an identifier (test id, path, login): shown verbatim as code. */
export function codeCell(value: string | null | undefined, max = 300): string {
  if (value === null || value === undefined || value === '') return '';
  return code(clip(value, max), { table: true });
}

/**
 * One line for the runner's log. The runner reads a line as a workflow command when it starts
 * with `::` (after leading spaces) or holds `##[` anywhere; neither survives this, and the text
 * cannot start a new line.
 */
export function logLine(value: string): string {
  // U+2236 (RATIO) looks like a colon but is not one.
  return neutralise(value).replace(/::/g, ':\u2236').replace(/##\[/g, '# #[');
}

/**
 * Text of several lines for the runner's log, each line already made visible (neutralise):
 * a line starting with `::` (after spaces) becomes `:∶`, and `##[` becomes `# #[`, so no line
 * reads as a workflow command, while an id's `::` inside a line stays as it is.
 */
export function forLog(lines: string): string {
  return lines.replace(/##\[/g, '# #[').replace(/^([ \t]*)::/gm, '$1:\u2236');
}
