export const id = 757;
export const ids = [757,944];
export const modules = {

/***/ 8757:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2113);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8944);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(218);
/* harmony import */ var _options_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6052);
// `ledger-gate drop ID…`: remove rows (a test deleted or renamed), keeping every other byte
// of the file. An ID may be an id glob over the ledger's ids. The gate still judges the
// deletion as a change to the ledger (§3).







async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .runCommand */ .d1)('drop', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_5__/* .DROP */ .q2.options,
        });
        if (positionals.length === 0)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb('drop needs at least one ID (or id glob)');
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerFile */ .SB)((0,_io_js__WEBPACK_IMPORTED_MODULE_4__/* .placeOf */ .$t)(io), values.ledger);
        return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .editLedger */ .Az)(file, io, async (text) => {
            const rows = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerRows */ .$v)(text, file);
            const have = new Set(rows.map((r) => r.id));
            const ids = new Set((0,_options_js__WEBPACK_IMPORTED_MODULE_6__/* .expandIds */ .Pj)(positionals, have, `with a row in ${file.shown}`));
            for (const id of ids) {
                if (!have.has(id)) {
                    const near = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .nearest */ .pA)(id, have);
                    throw new _types_js__WEBPACK_IMPORTED_MODULE_3__/* .GateError */ .u(`no row for ${JSON.stringify(id)}${near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`}: nothing dropped`, file.shown);
                }
            }
            const announce = rows
                .filter((r) => ids.has(r.id))
                .map((r) => `${file.shown}: dropped ${r.id} (${r.class})`);
            return { text: (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__/* .dropRows */ .X7)(text, ids), announce };
        }, { dryRun: values['dry-run'] });
    });
}


/***/ }),

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

/***/ 2113:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qg: () => (/* binding */ setRules),
/* harmony export */   X7: () => (/* binding */ dropRows),
/* harmony export */   _j: () => (/* binding */ setRows)
/* harmony export */ });
/* unused harmony exports setRow, rewriteValue */
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _parse_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1123);
/* harmony import */ var _render_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2917);
// Editing a ledger's text (pure): set rows' classes and fields, append new rows, or drop
// rows, and leave every other byte as it was — comments, blank lines, alignment, quoting, line
// ends. The usual block layout is edited line by line; any other layout goes through the
// `yaml` package's Document API (comments and order are kept, spacing may be normalised).



/**
 * Gives row `id` exactly `fields` (its class and that class's fields): an existing row is
 * edited in place — changed values rewritten, fields foreign to the class removed, missing
 * ones added after its last field — and an unknown id is appended as a new row.
 */
function setRow(text, id, fields) {
    const r = setRows(text, new Map([[id, fields]]));
    return { text: r.text, added: r.added.length > 0 };
}
/** setRow for many ids at once, reading the ledger once (a golden shared by 94 tests). */
function setRows(text, edits) {
    const rows = blockRows(text);
    if (rows)
        return editLines(text, rows, edits);
    let out = text;
    const added = [];
    for (const [id, fields] of edits) {
        const r = editDocument(out, id, fields);
        out = r.text;
        if (r.added)
            added.push(id);
    }
    return { text: out, added };
}
/**
 * Removes the rows of `ids` (every id must have a row), each from its first line to its last
 * field: comments and blank lines between rows stay. Removing the last row leaves `rows: []`.
 */
function dropRows(text, ids) {
    const rows = blockRows(text);
    if (!rows)
        return dropDocument(text, ids);
    const lines = text.split('\n');
    const gone = new Set();
    for (const row of rows) {
        if (!ids.has(row.id))
            continue;
        const at = Object.values(row.keyLines);
        for (let ln = Math.min(row.line, ...at); ln <= Math.max(row.line, ...at); ln++)
            gone.add(ln - 1);
    }
    let out = lines.filter((_, i) => !gone.has(i));
    if (rows.every((r) => ids.has(r.id))) {
        // `rows:` with nothing under it is null, which is not a list: say it is empty.
        out = out.map((l) => l.replace(/^rows:([ ]*)(?=#|\r?$)/, (_m, sp) => `rows: []${sp}`));
    }
    return out.join('\n');
}
/** The rows of a ledger in the block layout the line editor handles, else null. */
function blockRows(text) {
    const fast = (0,_parse_js__WEBPACK_IMPORTED_MODULE_1__/* .parseLedgerWith */ .H)(text, 'ledger', 'fast');
    return fast?.ledger && !/^rows:[ ]*\[\]/m.test(text) ? fast.ledger.rows : null;
}
function editLines(text, rows, edits) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const cr = eol === '\r\n' ? '\r' : '';
    const lines = text.split('\n'); // a CRLF line keeps its '\r', which is put back on rewrite
    const drop = new Set();
    const after = new Map(); // lines to insert after line index i
    const seen = new Set();
    for (const row of rows) {
        const fields = edits.get(row.id);
        if (fields === undefined)
            continue;
        seen.add(row.id);
        const keyCol = (row.column ?? 1) - 1;
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
                lines[i] = rewriteValue(lines[i], key, want);
        }
        const missing = (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .orderedFields */ .db)(fields).filter((f) => row.keyLines[f] === undefined);
        if (missing.length > 0) {
            after.set(last, missing.map((f) => `${' '.repeat(keyCol)}${f}: ${(0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderValue */ .AI)(f, fields[f])}${cr}`));
        }
    }
    // New ids go after the last field of the last row, indented like it; else at the end.
    const added = [...edits.keys()].filter((id) => !seen.has(id));
    const tail = rows[rows.length - 1];
    let dash = 2;
    if (tail) {
        const head = lines[tail.line - 1];
        dash = Math.max(head.lastIndexOf('-', (tail.column ?? 1) - 1), 0);
    }
    const block = added.flatMap((id) => (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderRow */ .re)(id, edits.get(id), dash));
    if (block.length > 0 && tail) {
        const at = Math.max(tail.line, ...Object.values(tail.keyLines)) - 1;
        after.set(at, [...(after.get(at) ?? []), ...block.map((l) => l + cr)]);
    }
    const out = [];
    for (let i = 0; i < lines.length; i++) {
        if (!drop.has(i))
            out.push(lines[i]);
        const more = after.get(i);
        if (more)
            out.push(...more);
    }
    let result = out.join('\n');
    if (block.length > 0 && !tail) {
        const body = text === '' || text.endsWith('\n') ? text : text + eol;
        result = body + block.join(eol) + eol;
    }
    return { text: result, added };
}
/** Replaces the value on a `key: value  # comment` line, keeping indent, spacing and comment. */
function rewriteValue(line, field, value) {
    const cr = line.endsWith('\r') ? '\r' : '';
    const body = cr ? line.slice(0, -1) : line;
    const colon = body.indexOf(':');
    let start = colon + 1;
    while (body[start] === ' ')
        start++;
    const end = valueEnd(body, start);
    return body.slice(0, start) + (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderValue */ .AI)(field, value) + body.slice(end) + cr;
}
/** Where the scalar starting at `start` ends (before trailing spaces and a comment). */
function valueEnd(line, start) {
    const q = line[start];
    if (q === '[') {
        // A flow list on one line (an artifact set): its `]`, past any quoted item.
        for (let p = start + 1; p < line.length; p++) {
            if (line[p] === '"' || line[p] === "'")
                p = valueEnd(line, p) - 1;
            else if (line[p] === ']')
                return p + 1;
        }
        return line.length;
    }
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
function dropDocument(text, ids) {
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(text, { version: '1.2', uniqueKeys: false });
    const rows = doc.get('rows', true);
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(rows))
        return text;
    rows.items = rows.items.filter((it) => !((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(it) && ids.has(String(it.get('id')))));
    return doc.toString({ lineWidth: 0 });
}
/**
 * Gives the ledger's `rules:` exactly `rules`, as a block list before `rows:` (replacing the
 * key's lines where it exists); every other line is kept.
 */
function setRules(text, rules) {
    const lines = text.split('\n');
    const block = ['rules:', ...rules.map((r) => `  - ${(0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderScalar */ .VO)(r)}`)];
    const start = lines.findIndex((l) => /^rules:/.test(l));
    if (start >= 0) {
        let end = start + 1;
        while (end < lines.length && /^[ \t]/.test(lines[end]))
            end++;
        lines.splice(start, end - start, ...block);
    }
    else {
        const rows = lines.findIndex((l) => /^rows:/.test(l));
        lines.splice(rows < 0 ? lines.length : rows, 0, ...block);
    }
    return lines.join('\n');
}


/***/ }),

/***/ 2917:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AI: () => (/* binding */ renderValue),
/* harmony export */   VO: () => (/* binding */ renderScalar),
/* harmony export */   db: () => (/* binding */ orderedFields),
/* harmony export */   re: () => (/* binding */ renderRow)
/* harmony export */ });
/* harmony import */ var _golden_set_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8053);
/* harmony import */ var _scalar_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7737);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(870);



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
        (0,_scalar_js__WEBPACK_IMPORTED_MODULE_2__/* .resolvePlain */ .R)(s).type === 'string';
    return plain ? s : JSON.stringify(s);
}
// A flow list item that reads back as itself, plain: no flow indicator, quote or comment.
const FLOW_PLAIN = /^[^,[\]{}#'"]*$/;
/**
 * A field's value as written: an artifact set's key (golden-set.ts) as a flow list on one
 * line, `[A, B]`, so that re-locking it still changes one ledger line; anything else a scalar.
 */
function renderValue(field, value) {
    if (field !== 'artifact' || !value.includes('\0'))
        return renderScalar(value);
    const items = (0,_golden_set_js__WEBPACK_IMPORTED_MODULE_0__/* .goldenPatterns */ .BZ)(value).map((p) => {
        const s = renderScalar(p);
        return s === p && FLOW_PLAIN.test(p) ? p : JSON.stringify(p);
    });
    return `[${items.join(', ')}]`;
}
/** Field names in the order rows are written (schema.ts): `id`, `class`, then the class's own fields. */
function orderedFields(fields) {
    return _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .ROW_FIELDS */ .dC.filter((f) => f !== 'id' && fields[f] !== undefined);
}
/** The lines of one row, `- id:` first; `dash` is the indent of the dash. */
function renderRow(id, fields, dash) {
    const pad = ' '.repeat(dash + 2);
    const lines = [`${' '.repeat(dash)}- id: ${renderScalar(id)}`];
    for (const f of orderedFields(fields))
        lines.push(`${pad}${f}: ${renderValue(f, fields[f])}`);
    return lines;
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
