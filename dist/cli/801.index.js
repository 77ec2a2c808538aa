export const id = 801;
export const ids = [801];
export const modules = {

/***/ 801:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2113);
/* harmony import */ var _ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6671);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3776);
// `ledger-gate property ID --invariant NAME --seeds DIR`: make ID a property test whose
// seeds folder (which must hold at least one file) may only grow.




async function run(argv, io) {
    return (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .runCommand */ .d1)('property', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: {
                ledger: { type: 'string' },
                invariant: { type: 'string' },
                seeds: { type: 'string' },
            },
        });
        if (positionals.length !== 1) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('usage: property ID --invariant NAME --seeds DIR [--ledger FILE]');
        }
        if (values.invariant === undefined || values.invariant.trim() === '') {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('property needs --invariant NAME');
        }
        if (values.seeds === undefined)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('property needs --seeds DIR');
        const [id] = positionals;
        const root = io.cwd;
        const file = (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerFile */ .SB)(root, values.ledger);
        const seeds = (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .repoPath */ .qN)(root, values.seeds, '--seeds');
        await (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readFacts */ .MH)(root, [], [seeds]);
        const text = await (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readLedgerText */ .jK)(file);
        const edit = (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__/* .setRow */ .z)(text, id, { class: 'property', invariant: values.invariant, seeds });
        if (!(0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .writeLedger */ .XL)(edit.text, file, root, io))
            return 1;
        const what = edit.text === text ? 'unchanged' : edit.added ? 'added' : 'updated';
        io.stdout(`${file.shown}: ${what} ${id}: property ${values.invariant}, seeds ${seeds}\n`);
        return 0;
    });
}


/***/ }),

/***/ 2113:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ setRow)
/* harmony export */ });
/* unused harmony export rewriteValue */
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _parse_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8744);
/* harmony import */ var _render_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2917);
// Editing a ledger's text (pure): set one row's class and fields, or append a new row, and
// leave every other byte as it was — comments, blank lines, alignment, quoting, line ends.
// The usual block layout is edited line by line; any other layout goes through the `yaml`
// package's Document API (comments and order are kept, spacing may be normalised).



/**
 * Gives row `id` exactly `fields` (its class and that class's fields): an existing row is
 * edited in place — changed values rewritten, fields foreign to the class removed, missing
 * ones added after its last field — and an unknown id is appended as a new row.
 */
function setRow(text, id, fields) {
    const fast = (0,_parse_js__WEBPACK_IMPORTED_MODULE_1__/* .parseLedgerWith */ .H)(text, 'ledger', 'fast');
    if (fast?.ledger && !/^rows:[ ]*\[\]/m.test(text))
        return editLines(text, fast.ledger.rows, id, fields);
    return editDocument(text, id, fields);
}
function editLines(text, rows, id, fields) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const lines = text.split('\n'); // a CRLF line keeps its '\r', which is put back on rewrite
    const row = rows.find((r) => r.id === id);
    if (row) {
        const keyCol = (row.column ?? 1) - 1;
        const drop = new Set();
        let last = row.line - 1;
        for (const [key, ln] of Object.entries(row.keyLines)) {
            const i = ln - 1;
            last = Math.max(last, i);
            if (key === 'id')
                continue;
            const want = fields[key];
            if (want === undefined)
                drop.add(i);
            else if (want !== row[key])
                lines[i] = rewriteValue(lines[i], want);
        }
        const missing = (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .orderedFields */ .db)(fields).filter((f) => row.keyLines[f] === undefined);
        const added = missing.map((f) => `${' '.repeat(keyCol)}${f}: ${(0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderScalar */ .VO)(fields[f])}${eol === '\r\n' ? '\r' : ''}`);
        const out = [];
        for (let i = 0; i < lines.length; i++) {
            if (!drop.has(i))
                out.push(lines[i]);
            if (i === last)
                out.push(...added);
        }
        return { text: out.join('\n'), added: false };
    }
    // Append after the last field of the last row, indented like it; else at the end.
    const tail = rows[rows.length - 1];
    let at = lines.length;
    let dash = 2;
    if (tail) {
        at = Math.max(tail.line, ...Object.values(tail.keyLines));
        const head = lines[tail.line - 1];
        dash = head.lastIndexOf('-', (tail.column ?? 1) - 1);
    }
    const block = (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderRow */ .re)(id, fields, Math.max(dash, 0));
    if (!tail) {
        const body = text === '' || text.endsWith('\n') ? text : text + eol;
        return { text: body + block.join(eol) + eol, added: true };
    }
    const cr = eol === '\r\n' ? '\r' : '';
    lines.splice(at, 0, ...block.map((l) => l + cr));
    return { text: lines.join('\n'), added: true };
}
/** Replaces the value on a `key: value  # comment` line, keeping indent, spacing and comment. */
function rewriteValue(line, value) {
    const cr = line.endsWith('\r') ? '\r' : '';
    const body = cr ? line.slice(0, -1) : line;
    const colon = body.indexOf(':');
    let start = colon + 1;
    while (body[start] === ' ')
        start++;
    const end = valueEnd(body, start);
    return body.slice(0, start) + (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderScalar */ .VO)(value) + body.slice(end) + cr;
}
/** Where the scalar starting at `start` ends (before trailing spaces and a comment). */
function valueEnd(line, start) {
    const q = line[start];
    if (q === "'") {
        let p = start + 1;
        for (;;) {
            const c = line.indexOf("'", p);
            if (c === -1)
                return line.length;
            if (line[c + 1] === "'")
                p = c + 2;
            else
                return c + 1;
        }
    }
    if (q === '"') {
        for (let p = start + 1; p < line.length; p++) {
            if (line[p] === '\\')
                p++;
            else if (line[p] === '"')
                return p + 1;
        }
        return line.length;
    }
    const hash = line.indexOf(' #', start);
    let end = hash === -1 ? line.length : hash;
    while (end > start && line[end - 1] === ' ')
        end--;
    return end;
}
function editDocument(text, id, fields) {
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(text, { version: '1.2', uniqueKeys: false });
    let rows = doc.get('rows', true);
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(rows)) {
        rows = doc.createNode([]);
        doc.set('rows', rows);
    }
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(rows))
        throw new Error('unreachable: rows is a list');
    const row = rows.items.find((it) => (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(it) && String(it.get('id')) === id);
    if (row) {
        for (const pair of [...row.items]) {
            const key = String(pair.key?.value ?? pair.key);
            if (key !== 'id' && fields[key] === undefined)
                row.delete(pair.key);
        }
        for (const f of (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .orderedFields */ .db)(fields))
            row.set(f, fields[f]);
        return { text: doc.toString({ lineWidth: 0 }), added: false };
    }
    const node = doc.createNode({
        id,
        ...Object.fromEntries((0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .orderedFields */ .db)(fields).map((f) => [f, fields[f]])),
    });
    rows.flow = false;
    rows.items.push(node);
    return { text: doc.toString({ lineWidth: 0 }), added: true };
}


/***/ }),

/***/ 2917:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   VO: () => (/* binding */ renderScalar),
/* harmony export */   db: () => (/* binding */ orderedFields),
/* harmony export */   re: () => (/* binding */ renderRow)
/* harmony export */ });
/* harmony import */ var _scalar_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7737);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8123);


// eslint-disable-next-line no-control-regex -- control characters must be quoted
const PLAIN_SAFE = /^[A-Za-z0-9_./][^\x00-\x1f\x7f\u0085\u2028\u2029\ufeff]*$/;
/**
 * A scalar as plain text when that reads back as the same string (YAML 1.2 core), else
 * double-quoted. JSON's escapes are all valid YAML double-quoted escapes.
 */
function renderScalar(s) {
    const plain = PLAIN_SAFE.test(s) &&
        s.trim() === s &&
        !s.includes(': ') &&
        !s.includes(' #') &&
        !s.endsWith(':') &&
        (0,_scalar_js__WEBPACK_IMPORTED_MODULE_1__/* .resolvePlain */ .R)(s).type === 'string';
    return plain ? s : JSON.stringify(s);
}
/** Field names in the order rows are written: `id`, `class`, then the class's own fields. */
function orderedFields(fields) {
    return _validate_js__WEBPACK_IMPORTED_MODULE_0__/* .ROW_FIELDS */ .dC.filter((f) => f !== 'id' && fields[f] !== undefined);
}
/** The lines of one row, `- id:` first; `dash` is the indent of the dash. */
function renderRow(id, fields, dash) {
    const pad = ' '.repeat(dash + 2);
    const lines = [`${' '.repeat(dash)}- id: ${renderScalar(id)}`];
    for (const f of orderedFields(fields))
        lines.push(`${pad}${f}: ${renderScalar(fields[f])}`);
    return lines;
}


/***/ }),

/***/ 6671:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cZ: () => (/* reexport */ SCHEMA_URL),
  Hd: () => (/* binding */ formatIssue),
  _$: () => (/* binding */ isoDate),
  SB: () => (/* binding */ ledgerFile),
  EF: () => (/* binding */ ledgerProblems),
  MH: () => (/* binding */ readFacts),
  jK: () => (/* binding */ readLedgerText),
  qN: () => (/* binding */ repoPath),
  d1: () => (/* binding */ runCommand),
  XL: () => (/* binding */ writeLedger)
});

// UNUSED EXPORTS: DEFAULT_LEDGER

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/adapters/files.ts + 5 modules
var files = __webpack_require__(8029);
// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/commands/io.ts
var commands_io = __webpack_require__(3776);
// EXTERNAL MODULE: ./src/ledger/parse.ts + 2 modules
var parse = __webpack_require__(8744);
// EXTERNAL MODULE: ./src/ledger/pathRules.ts
var pathRules = __webpack_require__(19);
// EXTERNAL MODULE: ./src/ledger/paths.ts
var paths = __webpack_require__(4129);
// EXTERNAL MODULE: ./package.json
var package_0 = __webpack_require__(8330);
;// CONCATENATED MODULE: ./src/project.ts
// The one place that names this project's GitHub repository: package.json's `repository`
// (`github:OWNER/NAME`), read when the bundle is built. A fork changes that line, then runs
// `node scripts/sync-readme.mjs` (the schema's $id and the README follow) and `npm run build`.

/** OWNER/NAME of this project on GitHub. */
const REPOSITORY = package_0/* repository */.Jk.replace(/^github:/, '');
/**
 * The tag users pin (`uses: OWNER/NAME@v1`), moved by the release workflow. It names the
 * contract's major version: 0.y.z releases are releases of contract 1, so they move v1 too
 * (scripts/release.mjs computes the same for any version).
 */
const MAJOR_TAG = 'v1';
/** The ledger's JSON Schema at the major tag: the schema's `$id` and `init`'s modeline. */
const SCHEMA_URL = `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/schema/ledger.schema.json`;

;// CONCATENATED MODULE: ./src/ledger/upkeep.ts
// What the upkeep commands (init, lock, property, quarantine, promote, digest, lint) share:
// reading and writing the ledger file, checking a result before it is written, and turning
// user-given paths into repo-relative ones. The repository root is the working directory.








const DEFAULT_LEDGER = 'tests/ledger.yaml';
function ledgerFile(cwd, arg) {
    const abs = external_node_path_default().resolve(cwd, arg ?? DEFAULT_LEDGER);
    return { abs, shown: shownPath(cwd, abs) };
}
function shownPath(cwd, abs) {
    const rel = external_node_path_default().relative(cwd, abs);
    return (rel.startsWith('..') || external_node_path_default().isAbsolute(rel) ? abs : rel).split((external_node_path_default()).sep).join('/');
}
async function readLedgerText(file) {
    if (!(0,external_node_fs_.existsSync)(file.abs)) {
        throw new types/* GateError */.u('no ledger here (create one with `ledger-gate init`)', file.shown);
    }
    return (0,files/* readCapped */.EF)(file.abs, files/* LIMITS */.b1.ledgerBytes, file.shown);
}
/** Every problem with a ledger text, the file-system path checks included. */
function ledgerProblems(text, file, root) {
    const parsed = (0,parse/* parseLedger */.h)(text, file.shown);
    const issues = [...parsed.errors];
    if (parsed.ledger)
        issues.push(...(0,paths/* checkLedgerPaths */.W)(parsed.ledger, root));
    issues.sort((a, b) => a.line - b.line || a.column - b.column);
    return { parsed, issues };
}
function formatIssue(i) {
    return `${i.file}:${i.line}:${i.column}: ${i.message}`.replace(/[\r\n]+/g, ' ');
}
/**
 * Validates `text` and writes it in place of the ledger (via a temporary file and a rename,
 * so a reader never sees half a ledger). Refuses, writing nothing, when it is invalid.
 */
function writeLedger(text, file, root, io) {
    const { issues } = ledgerProblems(text, file, root);
    if (issues.length > 0) {
        io.stderr(`refusing to write ${file.shown}: the result would be invalid\n`);
        for (const i of issues.slice(0, 50))
            io.stderr(formatIssue(i) + '\n');
        if (issues.length > 50)
            io.stderr(`… and ${issues.length - 50} more\n`);
        return false;
    }
    const tmp = `${file.abs}.ledger-gate-${process.pid}.tmp`;
    let mode;
    try {
        mode = (0,external_node_fs_.statSync)(file.abs).mode & 0o777;
    }
    catch {
        mode = undefined;
    }
    (0,external_node_fs_.writeFileSync)(tmp, text, mode === undefined ? undefined : { mode });
    (0,external_node_fs_.renameSync)(tmp, file.abs);
    return true;
}
/**
 * A path given on the command line (relative to the working directory, which is the
 * repository root) as the repo-relative, `/`-separated path the ledger stores.
 */
function repoPath(root, given, what) {
    if (given.includes('\0'))
        throw new commands_io/* UsageError */.e(`${what} contains a NUL character`);
    const abs = external_node_path_default().resolve(root, given);
    const rel = external_node_path_default().relative(root, abs).split((external_node_path_default()).sep).join('/');
    if (rel === '' || rel.startsWith('../') || rel === '..' || external_node_path_default().isAbsolute(rel)) {
        throw new commands_io/* UsageError */.e(`${what} ${JSON.stringify(given)} is not inside the repository (${root})`);
    }
    const out = given.endsWith('/') && !rel.endsWith('/') ? rel + '/' : rel;
    const why = (0,pathRules/* pathProblem */.z9)(out);
    if (why)
        throw new commands_io/* UsageError */.e(`${what} ${JSON.stringify(given)} ${why}`);
    return out;
}
/** Today's date, YYYY-MM-DD, in UTC. */
function isoDate(d) {
    return d.toISOString().slice(0, 10);
}
/** Runs a command body: usage errors exit 2, GateErrors (bad input, refusals) exit 1. */
async function runCommand(name, io, body) {
    try {
        return await body();
    }
    catch (e) {
        if (e instanceof commands_io/* UsageError */.e || e.code?.startsWith('ERR_PARSE_ARGS')) {
            io.stderr(`ledger-gate ${name}: ${e.message.split('\n')[0]}\n`);
            return 2;
        }
        if (e instanceof types/* GateError */.u) {
            io.stderr(`ledger-gate ${name}: ${e.oneLine}\n`);
            return 1;
        }
        throw e;
    }
}
/**
 * Digests of artifacts and checks of seeds folders, read the way the gate reads them; a
 * missing, unreadable or empty one is refused (a ledger row for it would be rejected).
 */
async function readFacts(root, artifacts, seeds) {
    const facts = {
        artifacts: await (0,files/* artifactFacts */.SJ)(root, artifacts),
        seeds: await (0,files/* seedsFacts */.sB)(root, seeds),
    };
    const digests = new Map();
    for (const a of artifacts) {
        const f = facts.artifacts.get(a);
        if (f?.digest === undefined)
            throw new types/* GateError */.u(`artifact: ${f?.problem ?? 'unreadable'}`, a);
        digests.set(a, f.digest);
    }
    for (const s of seeds) {
        const f = facts.seeds.get(s);
        if (f === undefined || f.problem !== undefined || f.files === 0) {
            throw new types/* GateError */.u(`seeds folder: ${f?.problem ?? 'holds no seed files; add at least one'}`, s);
        }
    }
    return digests;
}
/**
 * Where `init`'s modeline points editors (yaml-language-server) for the ledger's JSON Schema,
 * shipped in this repository as schema/ledger.schema.json. `init --schema URL` overrides it.
 */



/***/ })

};
