// Takes a picture of a job summary: renders the Markdown the way GitHub does (micromark with
// GFM, HTML allowed as in a job summary, GitHub-like CSS) and screenshots the page with
// headless Chromium. Any summary the gate wrote (`check --summary FILE`, a job summary):
//
//   node scripts/screenshot-summary.mjs --summary FILE --out docs/x.png [--label 'job summary']
//
// Without --summary it runs the built gate on examples/demo and takes that one's:
//
//   npm run build && node scripts/screenshot-summary.mjs --out docs/summary-demo.png
//
// scripts/summary-pictures.mjs makes the docs' pictures (a reject, a review, an admit of a real
// project) with it; rerun that whenever the summary's layout changes.
//
// Chromium is /usr/bin/chromium unless CHROMIUM names another binary. Two runs: the first
// measures the page's height (a script writes it into the DOM, read back with --dump-dom),
// the second takes the screenshot at that size, so the picture holds the whole summary.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

const { values: opt } = parseArgs({
  options: {
    out: { type: 'string', default: 'docs/summary-demo.png' },
    summary: { type: 'string' },
    label: { type: 'string', default: 'job summary' },
  },
});
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const width = 1012; // GitHub's job summary column is ~980 px wide, plus the page margin

const tmp = mkdtempSync(path.join(tmpdir(), 'ledger-gate-screenshot-'));
try {
  // 1. The Markdown: the file given, else the job summary the gate writes for the demo.
  const markdown = opt.summary ? readFileSync(opt.summary, 'utf8') : demoSummary();

  // 2. As GitHub renders it: GFM tables, and the <details> the summary uses.
  const body = micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
  const page = path.join(tmp, 'summary.html');
  writeFileSync(page, html(withMarks(body), opt.label));

  // 3. Measure, then shoot at the measured height.
  const flags = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--hide-scrollbars',
    '--force-device-scale-factor=1',
  ];
  const run = (args) =>
    execFileSync(
      chromium,
      [...flags, `--user-data-dir=${mkdtempSync(path.join(tmp, 'profile-'))}`, ...args],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 120_000 },
    );
  const url = pathToFileURL(page).href;
  const dom = run([`--window-size=${width},800`, '--dump-dom', url]);
  const height = Number(/data-height="(\d+)"/.exec(dom)?.[1]);
  if (!(height > 100)) throw new Error('could not measure the rendered summary');
  const out = path.resolve(opt.out);
  rmSync(out, { force: true });
  run([`--window-size=${width},${height}`, `--screenshot=${out}`, url]);
  if (!statSync(out, { throwIfNoEntry: false })?.size) throw new Error(`no screenshot at ${out}`);
  process.stdout.write(
    `${opt.out}: ${width}×${height} screenshot of ${opt.summary ?? "the demo's job summary"}\n`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** The job summary the built gate writes for examples/demo (the README's first command). */
function demoSummary() {
  const summaryFile = path.join(tmp, 'summary.md');
  const gate = spawnSync(
    process.execPath,
    [
      path.resolve('dist/cli/index.js'),
      'check',
      '--junit',
      'reports/*.xml',
      '--summary',
      summaryFile,
    ],
    { cwd: 'examples/demo', encoding: 'utf8' },
  );
  if (![0, 1, 3].includes(gate.status ?? -1)) {
    throw new Error(`the gate failed on examples/demo (exit ${gate.status}): ${gate.stderr}`);
  }
  return readFileSync(summaryFile, 'utf8');
}

/**
 * The four marks the summary uses, drawn as inline SVG in the colours an emoji font gives
 * them: a headless Chromium on a server usually has no colour emoji font and would draw empty
 * boxes. Any other character is left to the fonts.
 */
function withMarks(body) {
  const circle = (fill, path) =>
    `<svg class="mark" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="8" fill="${fill}"/>${path}</svg>`;
  const marks = {
    '✅': circle(
      '#1a7f37',
      '<path d="M4.5 8.2l2.3 2.3 4.7-4.9" stroke="#fff" stroke-width="1.8" fill="none"/>',
    ),
    '❌': circle(
      '#cf222e',
      '<path d="M5.2 5.2l5.6 5.6M10.8 5.2l-5.6 5.6" stroke="#fff" stroke-width="1.8"/>',
    ),
    ℹ️: circle(
      '#0969da',
      '<path d="M8 7v4.5" stroke="#fff" stroke-width="1.8"/><circle cx="8" cy="4.6" r="1.1" fill="#fff"/>',
    ),
    '⚠️': '<svg class="mark" viewBox="0 0 16 16" aria-hidden="true"><path d="M8 1l7.5 13.5h-15z" fill="#d4a72c"/><path d="M8 6v4" stroke="#1f2328" stroke-width="1.6"/><circle cx="8" cy="12.2" r="0.95" fill="#1f2328"/></svg>',
  };
  // A finding's message may hold a 71-character digest: let long words break (<wbr> every 24
  // characters, in text only) instead of pushing the table past the page.
  let out = body.replace(
    />([^<]+)</g,
    (_, text) => `>${text.replace(/[^\s&]{24}(?=[^\s&])/g, '$&<wbr>')}<`,
  );
  for (const [mark, svg] of Object.entries(marks)) out = out.replaceAll(mark, svg);
  // A diff block coloured line by line, as GitHub highlights a ```diff fence.
  out = out.replace(
    /(<code class="language-diff">)([\s\S]*?)(<\/code>)/g,
    (_, open, text, close) =>
      open +
      text
        .split('\n')
        .map((l) =>
          /^[-+@]/.test(l)
            ? `<span class="d${l[0] === '@' ? 'h' : l[0] === '+' ? 'a' : 'r'}">${l}</span>`
            : l,
        )
        .join('\n') +
      close,
  );
  return out;
}

/** A page that looks like a GitHub Actions job summary holding `body`. */
function html(body, label) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ledger-gate summary</title>
<style>
  html { overflow: hidden; }
  body { margin: 0; padding: 16px; background: #f6f8fa; color: #1f2328;
    font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial,
      sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"; }
  .box { background: #fff; border: 1px solid #d1d9e0; border-radius: 6px; }
  .head { padding: 12px 16px; border-bottom: 1px solid #d1d9e0; font-weight: 600; }
  .head span { color: #59636e; font-weight: 400; }
  .markdown-body { padding: 16px 24px; }
  .markdown-body > :first-child { margin-top: 0; }
  h1, h2, h3, h4 { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
  h2 { font-size: 1.5em; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0b3; }
  h3 { font-size: 1.25em; } h4 { font-size: 1em; }
  p, table, details, ul, ol { margin: 0 0 16px; }
  code { font: 85% ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono",
    monospace; background: #818b981f; border-radius: 6px; padding: .2em .4em; }
  pre { background: #f6f8fa; border-radius: 6px; padding: 12px 16px; overflow: hidden;
    margin: 0 0 16px; }
  pre code { background: none; padding: 0; white-space: pre; font-size: 85%; }
  .da { color: #116329; background: #dafbe1; } .dr { color: #82071e; background: #ffebe9; }
  .dh { color: #6639ba; }
  table { border-collapse: collapse; }
  th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
  .mark { width: 1em; height: 1em; vertical-align: -0.15em; }
  th { font-weight: 600; }
  tr { background: #fff; border-top: 1px solid #d1d9e0b3; }
  tr:nth-child(2n) { background: #f6f8fa; }
  summary { cursor: pointer; }
  a { color: #0969da; text-decoration: none; }
</style></head>
<body><div class="box"><div class="head">ledger-gate summary <span>· ${label.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;'))}</span></div>
<div class="markdown-body">
${body}
</div></div>
<script>document.body.dataset.height = String(document.documentElement.scrollHeight);</script>
</body></html>
`;
}
