export const id = 944;
export const ids = [944];
export const modules = {

/***/ 8944:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $v: () => (/* binding */ ledgerRows),
/* harmony export */   Az: () => (/* binding */ editLedger),
/* harmony export */   EF: () => (/* binding */ ledgerProblems),
/* harmony export */   Hd: () => (/* binding */ formatIssue),
/* harmony export */   MH: () => (/* binding */ readFacts),
/* harmony export */   SB: () => (/* binding */ ledgerFile),
/* harmony export */   XL: () => (/* binding */ writeLedger),
/* harmony export */   _$: () => (/* binding */ isoDate),
/* harmony export */   cI: () => (/* binding */ readRun),
/* harmony export */   cZ: () => (/* reexport safe */ _project_js__WEBPACK_IMPORTED_MODULE_15__.cZ),
/* harmony export */   d1: () => (/* binding */ runCommand),
/* harmony export */   jK: () => (/* binding */ readLedgerText),
/* harmony export */   pA: () => (/* binding */ nearest),
/* harmony export */   pO: () => (/* binding */ rowsAndIds),
/* harmony export */   qN: () => (/* binding */ repoPath),
/* harmony export */   zV: () => (/* binding */ artifactArg)
/* harmony export */ });
/* unused harmony exports requireKnown, samePathTail, namedIds */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _adapters_fs_default_ledger_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7837);
/* harmony import */ var _adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1483);
/* harmony import */ var _ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8053);
/* harmony import */ var _adapters_fs_report_globs_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3692);
/* harmony import */ var _adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8782);
/* harmony import */ var _junit_map_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6882);
/* harmony import */ var _gather_reports_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9556);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3776);
/* harmony import */ var _options_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(6052);
/* harmony import */ var _ledger_distance_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(1126);
/* harmony import */ var _ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(1123);
/* harmony import */ var _ledger_pathRules_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(19);
/* harmony import */ var _adapters_fs_ledger_paths_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(9193);
/* harmony import */ var _project_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(4330);
// What the upkeep commands (init, lock, relock, property, quarantine, promote, drop, digest,
// lint) share: reading and writing the ledger file, checking a result before it is written,
// turning user-given paths into repo-relative ones, and reading a test run's ids to refuse
// typos. The repository root is found from the working directory (io.ts), and paths on the
// command line are relative to the working directory.
















/**
 * The ledger a command reads and writes: `--ledger` relative to the working directory, by
 * default the repository's test folder's ledger.yaml (adapters/fs/default-ledger.ts). One outside the repository, or reached through a
 * symlinked folder, is refused here, before anything is read or written.
 */
function ledgerFile(at, arg) {
    // One call with a value the bundler cannot see through: a constant path here would make ncc
    // copy every tests/ledger.yaml below the build's folder into dist/ as an asset.
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(arg === undefined ? at.root : at.cwd, arg ?? (0,_adapters_fs_default_ledger_js__WEBPACK_IMPORTED_MODULE_2__/* .defaultLedger */ .Vz)(at.root));
    const file = { abs, shown: shownPath(at.cwd, abs), root: at.root };
    (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .refuseOutside */ .gz)(at.root, abs, file.shown);
    return file;
}
function shownPath(cwd, abs) {
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(cwd, abs);
    return (rel.startsWith('..') || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel) ? abs : rel).split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join('/');
}
async function readLedgerText(file) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file.abs)) {
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u('no ledger here (create one with `ledger-gate init`)', file.shown);
    }
    return (0,_adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__/* .readCapped */ .EF)(file.abs, _adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__/* .LIMITS */ .b1.ledgerBytes, file.shown);
}
/** Every problem with a ledger text, the file-system path checks included. */
function ledgerProblems(text, file, root) {
    const parsed = (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__/* .parseLedger */ .h)(text, file.shown);
    const issues = [...parsed.errors];
    if (parsed.ledger)
        issues.push(...(0,_adapters_fs_ledger_paths_js__WEBPACK_IMPORTED_MODULE_13__/* .checkLedgerPaths */ .W)(parsed.ledger, root));
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
function writeLedger(text, file, io, opts = {}) {
    const { issues } = ledgerProblems(text, file, file.root);
    if (issues.length > 0) {
        io.stderr(`refusing to write ${file.shown}: the result would be invalid\n`);
        for (const i of issues.slice(0, 50))
            io.stderr(formatIssue(i) + '\n');
        if (issues.length > 50)
            io.stderr(`… and ${issues.length - 50} more\n`);
        return false;
    }
    if (opts.dryRun) {
        (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .printDryRun */ .AG)(io, file.shown, opts.before ?? '', text);
        return true;
    }
    const tmp = `${file.abs}.ledger-gate-${process.pid}.tmp`;
    let mode;
    try {
        mode = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(file.abs).mode & 0o777;
    }
    catch {
        mode = undefined;
    }
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(tmp, text, mode === undefined ? undefined : { mode });
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.renameSync)(tmp, file.abs);
    return true;
}
/**
 * The sequence every command that edits the ledger ends with: read it, compute the edit from
 * its text, write the result (validated first, then atomically) and announce what changed.
 * `edit` may throw to refuse; nothing is written then. Exit status: 0, or 1 when the result
 * would be invalid.
 */
async function editLedger(file, io, edit, opts = {}) {
    const before = await readLedgerText(file);
    const result = await edit(before);
    if (!writeLedger(result.text, file, io, { dryRun: opts.dryRun, before }))
        return 1;
    if (opts.dryRun)
        return 0;
    for (const line of result.announce)
        io.stdout(line + '\n');
    return 0;
}
/**
 * A path given relative to `from` (the working directory for a path typed on the command
 * line; the root for a test id's file) as the repo-relative, `/`-separated path the ledger
 * stores.
 */
function repoPath(root, given, what, from = root) {
    if (given.includes('\0'))
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} contains a NUL character`);
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(from, given);
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(root, abs).split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join('/');
    if (rel === '' || rel.startsWith('../') || rel === '..' || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel)) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} ${JSON.stringify(given)} is not inside the repository (${root})`);
    }
    const out = given.endsWith('/') && !rel.endsWith('/') ? rel + '/' : rel;
    const why = (0,_ledger_pathRules_js__WEBPACK_IMPORTED_MODULE_14__/* .pathProblem */ .z9)(out);
    if (why)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} ${JSON.stringify(given)} ${why}`);
    return out;
}
/**
 * `--artifact`, given once or more: one golden path, a glob, or several of them locked as one
 * set (CONTRACT §2); the row's artifact key (golden-set.ts).
 */
function artifactArg(root, given, from = root) {
    const paths = given.map((g) => {
        const p = repoPath(root, g, '--artifact', from);
        const why = (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .globProblem */ .AI)(p);
        if (why)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`--artifact ${JSON.stringify(g)} ${why}`);
        return p;
    });
    return (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .goldenKey */ .bm)(paths);
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
        if (e instanceof _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb || e.code?.startsWith('ERR_PARSE_ARGS')) {
            io.stderr(`ledger-gate ${name}: ${(0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .usageMessage */ .XI)(e)}\n`);
            return 2;
        }
        if (e instanceof _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u) {
            io.stderr(`ledger-gate ${name}: ${e.oneLine}\n`);
            return 1;
        }
        if (e instanceof _options_js__WEBPACK_IMPORTED_MODULE_11__/* .GlobError */ .pZ) {
            io.stderr(`ledger-gate ${name}: ${e.message}: nothing written\n`);
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
        artifacts: await (0,_adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .artifactFacts */ .SJ)(root, artifacts),
        seeds: await (0,_adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .seedsFacts */ .sB)(root, seeds),
    };
    const digests = new Map();
    for (const a of artifacts) {
        const f = facts.artifacts.get(a);
        if (f?.digest === undefined)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`artifact: ${f?.problem ?? 'unreadable'}`, (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .goldenLabel */ .uJ)(a));
        digests.set(a, f.digest);
    }
    for (const s of seeds) {
        const f = facts.seeds.get(s);
        if (f === undefined || f.problem !== undefined || f.files === 0) {
            throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`seeds folder: ${f?.problem ?? 'holds no seed files; add at least one'}`, s);
        }
    }
    return digests;
}
/**
 * Where `init`'s modeline points editors (yaml-language-server) for the ledger's JSON Schema,
 * shipped in this repository as schema/ledger.schema.json. `init --schema URL` overrides it.
 */

/**
 * Reads the run given on the command line, mapped to ids as `check` maps it; `undefined` when
 * neither `--junit` nor `--collected` was given. Fails closed: an unreadable report, or a case
 * that maps to no single id, refuses the command.
 */
async function readRun(at, junit, collected) {
    if (junit === undefined && collected === undefined)
        return undefined;
    const root = at.root;
    // Read as `check` reads them (the same containment checks); the first problem refuses.
    const parsed = await (0,_gather_reports_js__WEBPACK_IMPORTED_MODULE_8__/* .parseReports */ .jk)({
        root,
        ...(await (0,_adapters_fs_report_globs_js__WEBPACK_IMPORTED_MODULE_5__/* .expandReports */ .u)(root, (junit ?? []).map((g) => (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .fromCwd */ .Be)(at, g)))),
        collected: collected === undefined ? undefined : (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .fromCwd */ .Be)(at, collected),
    });
    const problem = parsed.reportProblems[0];
    if (problem)
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(problem.message, problem.file, problem.line);
    const { reports, collected: ids } = parsed;
    const opts = { collected: ids, repoRoot: root };
    const { tests, unmapped, collection } = (0,_junit_map_js__WEBPACK_IMPORTED_MODULE_7__/* .mapCases */ .gq)(reports, opts);
    if (unmapped.length > 0) {
        const u = unmapped[0];
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`${unmapped.length} test case${unmapped.length === 1 ? '' : 's'} map to no single id ` +
            `(first: ${JSON.stringify(u.case.name)}: ${u.reason}); for pytest, use --collected with \`pytest --collect-only -q\` output`, u.case.report);
    }
    return {
        tests,
        collected: ids,
        ids: new Set([...(ids ?? []), ...tests.map((t) => t.id)]),
        collection,
        source: [...(junit ?? []), ...(collected === undefined ? [] : [collected])].join(', '),
    };
}
/**
 * Refuses ids that look like typos. With a run given, every id must be one the run holds;
 * without one, every id must already have a row (a new row needs the run that holds its
 * test). `allowNew` (`--new`) lets an id through anyway: a test not written or run yet.
 */
function requireKnown(ids, run, rows, allowNew, file) {
    if (allowNew) {
        refuseNearMiss(ids, run);
        return;
    }
    const known = run ? run.ids : rows;
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length === 0)
        return;
    const id = unknown[0];
    const near = nearest(id, known) ?? samePathTail(id, known);
    const hint = near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
    const more = unknown.length > 1 ? ` and ${unknown.length - 1} more id(s)` : '';
    if (run) {
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`no given report or collected list holds ${JSON.stringify(id)}${hint}${more}; ` +
            'add --new for a test the run does not hold', run.source);
    }
    throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`${JSON.stringify(id)} has no row${hint}${more}; to add one, give the run that holds the ` +
        'test (--junit GLOB or --collected FILE), or --new for a test not run yet', file.shown);
}
/**
 * `--new` accepts a test the run does not hold, not a typo of one it does: an id the given
 * run lacks while it holds one a few edits away (`FILE:: title` beside `FILE::title`), or the
 * same test under another path (`test_a.py::test_x` beside `tests/test_a.py::test_x`), is
 * refused with that id.
 */
function refuseNearMiss(ids, run) {
    if (!run)
        return;
    for (const id of ids) {
        if (run.ids.has(id))
            continue;
        const near = nearest(id, run.ids) ?? samePathTail(id, run.ids);
        if (near === undefined)
            continue;
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`no given report or collected list holds ${JSON.stringify(id)} (did you mean ${JSON.stringify(near)}?); ` +
            '--new is for a test the run does not hold, not another name of one it does', run.source);
    }
}
/**
 * A known id that is `id` with a longer path: the same test named from another folder, which
 * an edit distance misses when the missing folder is long (`tests/unit/` before the file).
 */
function samePathTail(id, known) {
    if (id.includes('*'))
        return undefined;
    let best;
    for (const k of known) {
        if (k.length > id.length && k.endsWith(id) && '/:'.includes(k[k.length - id.length - 1]))
            if (best === undefined || k < best)
                best = k;
    }
    return best;
}
/**
 * The ids a command that adds or edits rows names: each argument an id or an id glob, a glob
 * matched against the run's ids when a run is given, else the ledger's; then every id is
 * checked as requireKnown says.
 */
function namedIds(args, run, rows, allowNew, file) {
    const ids = run
        ? (0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .expandIds */ .Pj)(args, run.ids, `in ${run.source}`)
        : (0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .expandIds */ .Pj)(args, rows, `with a row in ${file.shown}`);
    requireKnown(ids, run, rows, allowNew, file);
    return ids;
}
/**
 * What a command that adds or edits rows reads first: the ledger's rows by id, the run given
 * (--junit / --collected), and the ids its arguments name (namedIds).
 */
async function rowsAndIds(text, file, at, args, values) {
    const rows = new Map(ledgerRows(text, file).map((r) => [r.id, r]));
    const run = await readRun(at, values.junit, values.collected);
    const ids = namedIds(args, run, new Set(rows.keys()), values.new, file);
    return { rows, run, ids };
}
/**
 * The known id closest to `id` by edit distance, when close enough to be a typo. Only ids of
 * the same file (the part before `::`) are compared, or all of them when there are few.
 */
function nearest(id, known) {
    const file = (s) => s.slice(0, Math.max(s.indexOf('::'), 0));
    const all = [...known];
    let pool = all.filter((k) => file(k) === file(id));
    if (pool.length === 0 && all.length <= 2000)
        pool = all;
    const limit = Math.max(2, Math.floor(id.length / 8));
    let best;
    let bestD = limit + 1;
    for (const k of pool.slice(0, 5000)) {
        if (Math.abs(k.length - id.length) >= bestD)
            continue;
        const d = (0,_ledger_distance_js__WEBPACK_IMPORTED_MODULE_16__/* .editDistance */ .Y)(id, k, { cap: bestD });
        if (d < bestD)
            [best, bestD] = [k, d];
    }
    return best;
}
/**
 * The ledger's rows as far as they can be read; an invalid ledger is not refused here (the
 * edit's result is validated before it is written, and that refusal lists every problem).
 */
function ledgerRows(text, file) {
    return (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__/* .parseLedger */ .h)(text, file.shown).ledger?.rows ?? [];
}


/***/ }),

/***/ 4330:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bw: () => (/* binding */ REPOSITORY),
/* harmony export */   Xr: () => (/* binding */ MAJOR_TAG),
/* harmony export */   cZ: () => (/* binding */ SCHEMA_URL)
/* harmony export */ });
/* harmony import */ var _package_json__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8330);
// The one place that names this project's GitHub repository: package.json's `repository`
// (`github:OWNER/NAME`), read when the bundle is built. A fork changes that line, then runs
// `node scripts/sync-readme.mjs` (it runs sync-schema.mjs, which writes the schema's $id; the
// README follows) and `npm run build`.

/** OWNER/NAME of this project on GitHub. */
const REPOSITORY = _package_json__WEBPACK_IMPORTED_MODULE_0__/* .repository */ .Jk.replace(/^github:/, '');
/**
 * The tag users pin (`uses: OWNER/NAME@v1`): `v` + the major of package.json's version, moved
 * by the release workflow only within that major (scripts/release.mjs computes the same).
 */
const MAJOR_TAG = `v${_package_json__WEBPACK_IMPORTED_MODULE_0__/* .version */ .rE.split('.')[0]}`;
/** The ledger's JSON Schema at the major tag: the schema's `$id` and `init`'s modeline. */
const SCHEMA_URL = `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/schema/ledger.schema.json`;


/***/ })

};
