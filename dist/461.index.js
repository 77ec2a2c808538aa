export const id = 461;
export const ids = [461];
export const modules = {

/***/ 5842:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  readGaming: () => (/* binding */ readGaming)
});

// UNUSED EXPORTS: MAX_COMMITS, MAX_DIFF_BYTES

// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(4006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
// EXTERNAL MODULE: ./src/decision/evidence.ts
var evidence = __webpack_require__(3509);
;// CONCATENATED MODULE: ./src/gaming/diff.ts
// The lines a commit adds, from `git show -U0 --format= --diff-merges=dense-combined` text
// (pure). A plain diff has one prefix column, a merge's combined diff one per parent; a line
// is in the commit's tree when no column says `-`, and added when some column says `+`. Read
// line by line in one pass: the file header (`+++ b/PATH`) is only read before a file's first
// hunk, so an added line that starts with `++` is never taken for one.
function parseAddedLines(diff) {
    const out = [];
    let path = null;
    let inHunk = false;
    let cols = 1;
    let line = 0;
    let pos = 0;
    const len = diff.length;
    while (pos < len) {
        let end = diff.indexOf('\n', pos);
        if (end < 0)
            end = len;
        const l = diff.slice(pos, end);
        pos = end + 1;
        if (l.startsWith('diff ')) {
            path = null;
            inHunk = false;
            continue;
        }
        if (!inHunk) {
            if (l.startsWith('+++ '))
                path = headerPath(l.slice(4));
            else if (l.startsWith('@@'))
                ({ inHunk, cols, line } = hunk(l));
            continue;
        }
        if (l.startsWith('@@')) {
            ({ inHunk, cols, line } = hunk(l));
            continue;
        }
        if (l.startsWith('\\'))
            continue; // "\ No newline at end of file"
        const prefix = l.slice(0, cols);
        if (prefix.includes('-'))
            continue; // not in the commit's version
        if (path !== null && prefix.includes('+'))
            out.push({ path, line, text: l.slice(cols) });
        line++;
    }
    return out;
}
/** `@@ -a,b +c,d @@` or a merge's `@@@ -a,b -c,d +e,f @@@`: the prefix width and first line. */
function hunk(l) {
    let ats = 0;
    while (l.charCodeAt(ats) === 64 /* @ */)
        ats++;
    const close = l.indexOf(' ' + '@'.repeat(ats), ats);
    const ranges = l.slice(ats, close < 0 ? l.length : close);
    const plus = ranges.lastIndexOf(' +');
    const start = plus < 0 ? NaN : parseInt(ranges.slice(plus + 2), 10);
    if (!(start >= 0))
        return { inHunk: false, cols: 1, line: 0 };
    // `+c,0` (nothing added) names the line before; nothing of the hunk is in the new side then.
    return { inHunk: true, cols: ats - 1, line: start };
}
/** `b/PATH`, `"b/QUOTED"` or `/dev/null` (a deletion: nothing to scan). */
function headerPath(h) {
    if (h === '/dev/null')
        return null;
    const raw = h.startsWith('"') ? unquote(h) : h.replace(/\t$/, '');
    if (raw === null)
        return null;
    return raw.startsWith('b/') ? raw.slice(2) : raw;
}
/** git's C-style quoting of a path (`"b/a\tb"`, octal escapes for bytes). */
function unquote(q) {
    if (!q.endsWith('"') || q.length < 2)
        return null;
    const bytes = [];
    const body = q.slice(1, -1);
    const SIMPLE = {
        n: 10,
        t: 9,
        '"': 34,
        '\\': 92,
        a: 7,
        b: 8,
        f: 12,
        r: 13,
        v: 11,
    };
    for (let i = 0; i < body.length; i++) {
        const c = body[i];
        if (c !== '\\') {
            for (const b of Buffer.from(c, 'utf8'))
                bytes.push(b);
            continue;
        }
        const n = body[++i];
        if (n !== undefined && n >= '0' && n <= '7') {
            bytes.push(parseInt(body.slice(i, i + 3), 8) & 255);
            i += 2;
        }
        else if (n !== undefined && SIMPLE[n] !== undefined)
            bytes.push(SIMPLE[n]);
        else
            return null;
    }
    return Buffer.from(bytes).toString('utf8');
}

// EXTERNAL MODULE: ./src/ledger/golden-set.ts
var golden_set = __webpack_require__(8053);
// EXTERNAL MODULE: ./src/gaming/shapes.ts
var shapes = __webpack_require__(5727);
;// CONCATENATED MODULE: ./src/gaming/scan.ts

/** The patterns of each language, compiled once. */
const BY_LANGUAGE = new Map();
for (const s of shapes/* SHAPES */.HY)
    for (const p of s.patterns)
        for (const l of p.languages) {
            const list = BY_LANGUAGE.get(l) ?? [];
            list.push({ shape: s.id, p });
            BY_LANGUAGE.set(l, list);
        }
/** A whole-line comment: it runs nothing. */
function isComment(text, lang) {
    let i = 0;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t'))
        i++;
    const c = text[i];
    if (lang === 'python' || lang === 'ruby')
        return c === '#';
    return (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) || c === '*';
}
/**
 * Every shape an added line matches, once per shape and line, in the lines' order. The lines
 * of one file come in ascending order (as a diff gives them); a two-line pattern's second line
 * must be the very next added line.
 */
function scanAddedLines(lines, o = {}) {
    const hits = [];
    const needles = (o.reportNeedles ?? []).filter((n) => n.length >= 6);
    let pending = null;
    let langPath = '';
    let lang;
    for (const a of lines) {
        if (a.path !== langPath) {
            langPath = a.path;
            lang = (0,shapes/* languageOf */.eX)(a.path);
        }
        const prev = pending;
        pending = null;
        if (lang === undefined || isComment(a.text, lang))
            continue;
        const seen = new Set();
        const hit = (shape, line) => {
            if (seen.has(shape))
                return;
            seen.add(shape);
            hits.push({ shape, path: a.path, line });
        };
        if (prev && prev.path === a.path && prev.line + 1 === a.line) {
            for (const c of prev.wants)
                if (c.p.next.test(a.text))
                    hit(c.shape, prev.line);
        }
        const wants = [];
        for (const c of BY_LANGUAGE.get(lang)) {
            const p = c.p;
            if (a.text.indexOf(p.needle) < 0)
                continue;
            if (p.unless !== undefined && a.text.indexOf(p.unless) >= 0)
                continue;
            if (p.re && !p.re.test(a.text))
                continue;
            if (p.next)
                wants.push(c);
            else
                hit(c.shape, a.line);
        }
        for (const n of needles)
            if (a.text.indexOf(n) >= 0)
                hit('report-write', a.line);
        if (wants.length > 0)
            pending = { path: a.path, line: a.line, wants };
    }
    return hits;
}
/**
 * The literals of report globs worth looking for in code: each glob's longest stretch without
 * a wildcard, when it is long enough to mean that place (`reports/`, `junit.xml`).
 */
function reportNeedles(globs) {
    const out = new Set();
    for (const g of globs) {
        for (const part of g.replace(/^\$\{?RUNNER_TEMP\}?\/?/, '').split(/[*?[\]{}!]+/)) {
            const t = part.replace(/^\.?\//, '');
            if (t.length >= 8 && /[/.]/.test(t))
                out.add(t);
        }
    }
    return [...out];
}

;// CONCATENATED MODULE: ./src/gather/evidence-gaming.ts
// The gaming-shape facts of a change: for each agent commit, the lines it adds to the paths it
// may write that are not evidence (kinds `production` and `other`: never a test, draft,
// golden, ledger, report or harness path), read through the change source and scanned. A
// human's commit is never read. What cannot be read (the API fallback has no per-commit
// diffs; a cap reached; git failing) is said: in a note, or as a finding that asks for review.






/** The bytes of diff read over the whole change; past it, the rest asks for review. */
const MAX_DIFF_BYTES = 16 * 1024 * 1024;
/** Agent commits read at most; past it, the rest asks for review. */
const MAX_COMMITS = 500;
async function readGaming(i, notes) {
    const agents = i.commits.filter((c) => c.agent);
    if (agents.length === 0)
        return undefined;
    const facts = { hits: [], unscanned: [], result: i.result };
    if (!i.perCommit || !i.src.addedLines) {
        notes.push(`gaming shapes: ${i.src.source} gives no per-commit diffs, so the lines agent commits add were not scanned; check out with history (fetch-depth: 0) so git can answer`);
        return facts;
    }
    const needles = reportNeedles(i.evidence.reports);
    const net = new Set(i.changed.map((c) => c.path));
    const paths = kinds(i);
    let left = i.maxBytes ?? MAX_DIFF_BYTES;
    let read = 0;
    const minified = new Set();
    for (const c of agents) {
        for (const p of c.paths)
            if (p.status !== 'D' && (0,shapes/* isMinified */.oM)(p.path))
                minified.add(p.path);
        const scanned = new Set(c.paths
            .filter((p) => p.status !== 'D' &&
            net.has(p.path) &&
            (0,shapes/* languageOf */.eX)(p.path) !== undefined &&
            ['production', 'other'].includes(paths.kind(p)))
            .map((p) => p.path));
        if (scanned.size === 0)
            continue;
        const sha = c.sha.slice(0, 12);
        if (read >= MAX_COMMITS || left <= 0) {
            facts.unscanned.push(`commit ${sha}: not scanned for gaming shapes (the scan reads at most ${MAX_COMMITS} agent commits and ${MAX_DIFF_BYTES / 1048576} MiB of diff)`);
            continue;
        }
        read++;
        let diff;
        try {
            diff = await i.src.addedLines(c.sha, left);
        }
        catch (e) {
            facts.unscanned.push(`commit ${sha}: its added lines could not be read for the gaming-shape scan: ${e.message}`);
            continue;
        }
        left -= Buffer.byteLength(diff.text);
        const lines = parseAddedLines(diff.text).filter((l) => scanned.has(l.path));
        for (const h of scanAddedLines(lines, { reportNeedles: needles }))
            facts.hits.push({ ...h, sha: c.sha, why: c.why });
        if (diff.capped)
            facts.unscanned.push(`commit ${sha}: its diff passes the ${MAX_DIFF_BYTES / 1048576} MiB the gaming-shape scan reads; the rest was not scanned`);
    }
    if (minified.size > 0)
        notes.push(`gaming shapes: minified files are not scanned (${[...minified].slice(0, 3).join(', ')}${minified.size > 3 ? ', …' : ''}); their sources are`);
    return facts;
}
/** The path kinds as the evidence rules see them, goldens being every artifact either ledger names. */
function kinds(i) {
    const baseRows = i.baseLedger?.ledger?.rows ?? [];
    const goldens = new golden_set/* GoldenIndex */.WW([...(i.ledger?.rows ?? []), ...baseRows].map((r) => r.artifact));
    const prod = i.production.filter((g) => g.trim() !== '');
    const isProduction = prod.length > 0 ? picomatch_default()(prod, { dot: true }) : () => false;
    return new evidence/* EvidencePaths */.Ks(i.evidence, {
        ledgerFile: i.ledgerFile,
        ledger: i.ledger,
        baseRows,
        isProduction,
        isGolden: (p) => goldens.has(p),
    });
}


/***/ })

};
