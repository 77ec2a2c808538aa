// Is a Markdown summary inert? Rendered with a real GFM parser (micromark, which follows
// cmark-gfm) with raw HTML let through as GitHub's sanitizer would see it, then checked for
// what input must never produce: a tag outside the summary's own, a link or image, a live
// @mention or #reference, a table row with a different number of cells than its header.
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/** Tags the summary itself writes (headings, tables, emphasis, code, folded groups, lists, quotes). */
const OWN_TAGS = new Set([
  'h2',
  'h3',
  'h4',
  'p',
  'strong',
  'em',
  'code',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'ul',
  'li',
  'blockquote',
  // Leading spaces in a note can make an indented code block: shown literally, so inert.
  'pre',
]);

export function renderGfm(md: string): string {
  return micromark(md, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
}

/**
 * Everything wrong with a summary, as short sentences; empty when it is inert. With
 * `linkPrefix`, the summary's own blob links are allowed: an `<a>` whose only attribute is an
 * href under that prefix, made of URL-safe characters (a percent-encoded path, a `#L` anchor),
 * and the `runUrl` given, exactly.
 */
export function summaryProblems(
  md: string,
  opts: { linkPrefix?: string; runUrl?: string } = {},
): string[] {
  const problems: string[] = [];
  const html = renderGfm(md);
  for (const m of html.matchAll(/<(\/?)([A-Za-z][A-Za-z0-9-]*)([^>]*)>/g)) {
    const tag = m[2].toLowerCase();
    if (tag === 'a' && opts.linkPrefix !== undefined) {
      const href = /^ href="([^"]*)"$/.exec(m[3])?.[1];
      const ok =
        m[1] === '/'
          ? m[3] === ''
          : href !== undefined &&
            // The one other link a summary may hold: the workflow run, where the JSON report is.
            (href === opts.runUrl ||
              (href.startsWith(opts.linkPrefix) && /^[A-Za-z0-9%/._~:-]+(?:#L\d+)?$/.test(href)));
      if (!ok) problems.push(`a link outside the blob prefix: ${m[0].slice(0, 200)}`);
      continue;
    }
    if (!OWN_TAGS.has(tag)) problems.push(`a <${tag}> element in the rendered summary`);
  }
  // Text outside code spans and fenced code blocks (`<code class="language-sh">`) is where
  // GitHub links mentions and references.
  const prose = html
    .replace(/<code(?: class="language-\w+")?>[\s\S]*?<\/code>/g, ' ')
    .replace(/<[^>]*>/g, ' ');
  const mention = /(?:^|[^\w`])@[A-Za-z0-9]/.exec(prose);
  if (mention)
    problems.push(
      `a live mention: ${JSON.stringify(prose.slice(mention.index, mention.index + 30))}`,
    );
  const ref = /(?:^|[^\w&])(?:#|GH-)\d/i.exec(prose);
  if (ref)
    problems.push(`a live reference: ${JSON.stringify(prose.slice(ref.index, ref.index + 30))}`);
  problems.push(...tableProblems(md));
  return problems;
}

/** Cells of a GFM table row: split on pipes that no backslash escapes. */
export function cellCount(row: string): number {
  let pipes = 0;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === '\\') i++;
    else if (row[i] === '|') pipes++;
  }
  return pipes - 1;
}

function tableProblems(md: string): string[] {
  const problems: string[] = [];
  let width = -1;
  for (const line of md.split('\n')) {
    if (!line.startsWith('|')) {
      width = -1;
      continue;
    }
    const n = cellCount(line);
    if (width === -1) width = n;
    else if (n !== width)
      problems.push(
        `a table row with ${n} cells under a ${width}-cell header: ${line.slice(0, 120)}`,
      );
  }
  return problems;
}
