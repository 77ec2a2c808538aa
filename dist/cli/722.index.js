export const id = 722;
export const ids = [722];
export const modules = {

/***/ 722:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_REASON: () => (/* binding */ DEFAULT_REASON),
/* harmony export */   idPattern: () => (/* binding */ idPattern),
/* harmony export */   parseRule: () => (/* binding */ parseRule),
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _adapters_files_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8029);
/* harmony import */ var _junit_collected_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3519);
/* harmony import */ var _junit_map_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6882);
/* harmony import */ var _junit_parse_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2008);
/* harmony import */ var _ledger_render_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2917);
/* harmony import */ var _ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6671);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3776);
// `ledger-gate init`: freeze a suite into a new ledger. Every collected id gets a row: the
// first --rule whose pattern matches classes it (property or locked_fixture); the rest go to
// quarantine, dated today, with the owner given — nobody has defended them yet.












const DEFAULT_REASON = 'frozen by ledger-gate init';
/** `*` matches any run of characters (`/` and `:` included); every other character is literal. */
function idPattern(glob) {
    const re = new RegExp('^' +
        glob
            .split('*')
            .map((s) => s.replace(/[\\^$.|?+()[\]{}]/g, '\\$&'))
            .join('.*') +
        '$', 's');
    return (id) => re.test(id);
}
/** `ID_GLOB=property:INVARIANT:SEEDS_DIR` or `ID_GLOB=locked_fixture:ARTIFACT_PATH`. */
function parseRule(text, root) {
    const m = /^(.+)=(property|locked_fixture):(.+)$/s.exec(text);
    if (!m) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .e(`--rule ${JSON.stringify(text)}: expected 'ID_GLOB=property:INVARIANT:SEEDS_DIR' or 'ID_GLOB=locked_fixture:ARTIFACT_PATH'`);
    }
    const [, glob, cls, rest] = m;
    if (cls === 'property') {
        const colon = rest.indexOf(':');
        if (colon <= 0 || colon === rest.length - 1) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .e(`--rule ${JSON.stringify(text)}: a property rule needs INVARIANT:SEEDS_DIR`);
        }
        const seeds = (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__/* .repoPath */ .qN)(root, rest.slice(colon + 1), `--rule ${JSON.stringify(text)}: seeds`);
        return {
            text,
            match: idPattern(glob),
            fields: { class: 'property', invariant: rest.slice(0, colon), seeds },
        };
    }
    const artifact = (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__/* .repoPath */ .qN)(root, rest, `--rule ${JSON.stringify(text)}: artifact`);
    return { text, match: idPattern(glob), fields: { class: 'locked_fixture', artifact } };
}
async function run(argv, io) {
    return (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__/* .runCommand */ .d1)('init', io, async () => {
        const { values: v, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_2__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: {
                ledger: { type: 'string' },
                collected: { type: 'string' },
                junit: { type: 'string', multiple: true },
                owner: { type: 'string' },
                reason: { type: 'string' },
                rule: { type: 'string', multiple: true },
                force: { type: 'boolean' },
                schema: { type: 'string' },
            },
        });
        if (positionals.length > 0)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .e(`unexpected argument ${JSON.stringify(positionals[0])}`);
        if ((v.collected === undefined) === (v.junit === undefined)) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .e('init needs exactly one of --collected FILE or --junit GLOB');
        }
        if (v.owner === undefined || v.owner.trim() === '') {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .e('init needs --owner O (who answers for the quarantined rows)');
        }
        const reason = v.reason ?? DEFAULT_REASON;
        if (reason.trim() === '')
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .e('--reason must not be empty');
        const root = io.cwd;
        const file = (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__/* .ledgerFile */ .SB)(root, v.ledger);
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file.abs) && !v.force) {
            throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u('a ledger exists here; refusing to overwrite it (add --force to replace it)', file.shown);
        }
        const rules = (v.rule ?? []).map((r) => parseRule(r, root));
        const source = v.collected !== undefined ? v.collected : v.junit.join(', ');
        const ids = v.collected !== undefined
            ? await idsFromCollected(root, v.collected)
            : await idsFromJunit(root, v.junit);
        if (ids.length === 0)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u('no test ids found: nothing to freeze', source);
        // Classify, then read every artifact and seeds folder a rule names, once each.
        const classed = ids.map((id) => ({ id, rule: rules.find((r) => r.match(id)) }));
        const used = new Set(classed.map((c) => c.rule).filter((r) => r !== undefined));
        const artifacts = [...used].flatMap((r) => r.fields.class === 'locked_fixture' ? [r.fields.artifact] : []);
        const seeds = [...used].flatMap((r) => (r.fields.class === 'property' ? [r.fields.seeds] : []));
        const digests = await (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__/* .readFacts */ .MH)(root, [...new Set(artifacts)], [...new Set(seeds)]);
        for (const r of rules)
            if (!used.has(r))
                io.stderr(`note: --rule ${JSON.stringify(r.text)} matched no test id\n`);
        const today = (0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__/* .isoDate */ ._$)(io.now ?? new Date());
        const counts = { locked_fixture: 0, property: 0, quarantine: 0 };
        const lines = [
            `# yaml-language-server: $schema=${v.schema ?? _ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__/* .SCHEMA_URL */ .cZ}`,
            `# Written by \`ledger-gate init\` on ${today}. Rows nobody has defended as a property or a`,
            '# locked fixture are quarantined: classify them (ledger-gate lock / property) or keep them failing.',
            'version: 1',
            'rows:',
        ];
        for (const { id, rule } of classed) {
            let fields;
            if (rule?.fields.class === 'locked_fixture') {
                fields = {
                    class: 'locked_fixture',
                    digest: digests.get(rule.fields.artifact),
                    artifact: rule.fields.artifact,
                };
            }
            else if (rule?.fields.class === 'property') {
                fields = { class: 'property', invariant: rule.fields.invariant, seeds: rule.fields.seeds };
            }
            else {
                fields = { class: 'quarantine', opened: today, reason, owner: v.owner };
            }
            counts[fields.class]++;
            lines.push(...(0,_ledger_render_js__WEBPACK_IMPORTED_MODULE_7__/* .renderRow */ .re)(id, fields, 2));
        }
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(file.abs), { recursive: true });
        if (!(0,_ledger_upkeep_js__WEBPACK_IMPORTED_MODULE_8__/* .writeLedger */ .XL)(lines.join('\n') + '\n', file, root, io))
            return 1;
        io.stdout(`${file.shown}: wrote ${ids.length} row${ids.length === 1 ? '' : 's'} ` +
            `(${counts.locked_fixture} locked_fixture, ${counts.property} property, ${counts.quarantine} quarantine) from ${source}\n`);
        return 0;
    });
}
async function idsFromCollected(root, given) {
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(root, given);
    return (0,_junit_collected_js__WEBPACK_IMPORTED_MODULE_4__/* .parseCollected */ .Z)(await (0,_adapters_files_js__WEBPACK_IMPORTED_MODULE_3__/* .readCapped */ .EF)(abs, _adapters_files_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.collectedBytes, given), given);
}
async function idsFromJunit(root, globs) {
    const { files, problems } = await (0,_adapters_files_js__WEBPACK_IMPORTED_MODULE_3__/* .expandReports */ .uu)(root, globs);
    if (problems.length > 0)
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(problems[0].message, problems[0].file);
    const reports = [];
    for (const f of files)
        reports.push((0,_junit_parse_js__WEBPACK_IMPORTED_MODULE_6__/* .parseReport */ .MM)(await (0,_adapters_files_js__WEBPACK_IMPORTED_MODULE_3__/* .readCapped */ .EF)(f.path, _adapters_files_js__WEBPACK_IMPORTED_MODULE_3__/* .LIMITS */ .b1.reportBytes, f.shown), f.shown));
    const { tests, unmapped } = (0,_junit_map_js__WEBPACK_IMPORTED_MODULE_5__/* .mapCases */ .g)(reports, { repoRoot: root });
    if (unmapped.length > 0) {
        const u = unmapped[0];
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`${unmapped.length} test case${unmapped.length === 1 ? '' : 's'} map to no single id ` +
            `(first: ${JSON.stringify(u.case.name)}: ${u.reason}); for pytest, use --collected with \`pytest --collect-only -q\` output`, u.case.report);
    }
    const seen = new Set();
    return tests.map((t) => t.id).filter((id) => !seen.has(id) && seen.add(id));
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
