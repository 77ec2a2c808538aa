export const id = 124;
export const ids = [124,944];
export const modules = {

/***/ 8124:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./src/ledger/golden-set.ts
var golden_set = __webpack_require__(8053);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/adapters/fs/file-facts.ts + 2 modules
var file_facts = __webpack_require__(1483);
// EXTERNAL MODULE: ./src/decision/skip-reason.ts
var skip_reason = __webpack_require__(2072);
// EXTERNAL MODULE: ./src/ledger/edit.ts
var edit = __webpack_require__(2113);
// EXTERNAL MODULE: ./src/ledger/file-rows.ts
var file_rows = __webpack_require__(9825);
// EXTERNAL MODULE: ./src/ledger/line-diff.ts
var line_diff = __webpack_require__(6903);
// EXTERNAL MODULE: ./src/ledger/parse.ts + 3 modules
var parse = __webpack_require__(1123);
// EXTERNAL MODULE: ./src/ledger/rekey.ts
var rekey = __webpack_require__(9885);
// EXTERNAL MODULE: ./src/ledger/rules.ts
var ledger_rules = __webpack_require__(1682);
// EXTERNAL MODULE: ./src/ledger/schema.ts
var schema = __webpack_require__(870);
// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/commands/classing.ts
var classing = __webpack_require__(3864);
// EXTERNAL MODULE: ./src/commands/frozen.ts
var commands_frozen = __webpack_require__(9026);
// EXTERNAL MODULE: ./src/commands/init.ts
var init = __webpack_require__(722);
// EXTERNAL MODULE: ./src/commands/io.ts
var commands_io = __webpack_require__(3776);
// EXTERNAL MODULE: ./src/commands/tables.ts
var tables = __webpack_require__(218);
;// CONCATENATED MODULE: ./src/commands/update-files.ts
// What `update` did, per file (pure): each golden or test file its edits touch, with how
// many of its rows were re-locked, added, dropped, re-keyed or given a skip reason, so a
// maintainer reads what the one command did without reading the diff.



const ORDER = ['re-locked', 'added', 'dropped', 're-keyed', 'skip reason written'];
/** `  FILE: 1 re-locked, 2 added` lines, by file; none when nothing changed. */
function perFileLines(before, set, drop) {
    const files = new Map();
    const note = (file, did) => {
        const m = files.get(file) ?? new Map();
        m.set(did, (m.get(did) ?? 0) + 1);
        files.set(file, m);
    };
    const rekeyed = new Set();
    for (const id of drop) {
        const now = (0,rekey/* rekeyedId */.H)(id);
        if (now !== undefined && set.has(now)) {
            rekeyed.add(now);
            note((0,file_rows/* testFile */.NJ)(id), 're-keyed');
        }
        else if (!set.has((0,file_rows/* testFile */.NJ)(id) + '::*'))
            note((0,file_rows/* testFile */.NJ)(id), 'dropped');
    }
    for (const [id, f] of set) {
        if (rekeyed.has(id))
            continue;
        const old = before.get(id);
        if (old === undefined)
            note((0,file_rows/* testFile */.NJ)(id), 'added');
        else if (f.skip !== undefined && f.skip !== old.skip)
            note((0,file_rows/* testFile */.NJ)(id), 'skip reason written');
        else
            note(old.artifact !== undefined ? (0,golden_set/* goldenLabel */.uJ)(old.artifact) : (0,file_rows/* testFile */.NJ)(id), 're-locked');
    }
    return [...files]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([file, m]) => `  ${file}: ${ORDER.filter((d) => m.has(d))
        .map((d) => `${m.get(d)} ${d}`)
        .join(', ')}`);
}

// EXTERNAL MODULE: ./src/commands/upkeep.ts
var upkeep = __webpack_require__(8944);
;// CONCATENATED MODULE: ./src/commands/update.ts
// `ledger-gate update --junit … [--collected …] [--dry-run]`: after an honest human change,
// bring the ledger level with the run and the working tree in one command. It re-locks every
// locked_fixture row whose artifact changed, drops the rows of deleted tests, classes new
// tests by the ledger's own rules (`rules:`, else init's default), writes the report's reason
// for a new expected skip, and prints the diff it makes. It refuses, writing nothing, while a
// test fails (one not quarantined) or a module cannot be collected: a ledger brought level
// with a broken run would hide the breakage. The gate judges the commit that writes the
// result like any ledger edit: an agent's is `ledger-agent-edit`, whoever ran the command.





















const WHEN = 'when classed by ledger-gate update';
async function run(argv, io) {
    return (0,upkeep/* runCommand */.d1)('update', io, async () => {
        const { values: v, positionals } = (0,external_node_util_.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: tables/* UPDATE */.q6.options,
        });
        if (positionals.length > 0)
            throw new commands_io/* UsageError */.eb(`unexpected argument ${JSON.stringify(positionals[0])}`);
        if (v.junit === undefined && v.collected === undefined)
            throw new commands_io/* UsageError */.eb('update needs the run: --junit GLOB (and --collected FILE for pytest)');
        const at = (0,commands_io/* placeOf */.$t)(io);
        const root = at.root;
        const file = (0,upkeep/* ledgerFile */.SB)(at, v.ledger);
        const text = await (0,upkeep/* readLedgerText */.jK)(file);
        const parsed = (0,parse/* parseLedger */.h)(text, file.shown);
        if (!parsed.ledger || parsed.errors.length > 0) {
            const first = parsed.errors[0];
            throw new types/* GateError */.u(`the ledger is invalid (${first ? (0,upkeep/* formatIssue */.Hd)(first) : 'unreadable'}); fix it first (ledger-gate lint)`, file.shown);
        }
        const ledger = parsed.ledger;
        const testRun = (await (0,upkeep/* readRun */.cI)(at, v.junit, v.collected));
        refuseBrokenRun(testRun, ledger);
        // Rules given here come first and are kept in `rules:` for the next update.
        const given = (v.rule ?? []).map((r) => (0,init.parseRule)(r, at).text);
        const kept = ledger.rules ?? [ledger_rules/* DEFAULT_RULE */.NG];
        const rules = [...given, ...kept.filter((r) => !given.includes(r))];
        const edits = await plan(ledger, testRun, root, {
            rules,
            owner: v.owner,
            today: (0,upkeep/* isoDate */._$)(io.now ?? new Date()),
            fileRows: v['file-rows'] === true,
        });
        const newRules = given.some((r) => !kept.includes(r));
        if (edits.set.size === 0 && edits.drop.size === 0 && !newRules) {
            io.stdout(`${file.shown}: already level with ${testRun.source}; nothing to do\n`);
            return 0;
        }
        // Rows dropped first, then set: a converted file's rows give way to its file row.
        const ruled = newRules ? (0,edit/* setRules */.Qg)(text, rules) : text;
        // New rows are appended sorted by id, as init writes them, so a re-freeze diff is not
        // noise; an existing row is edited where it stands.
        const sorted = new Map([...edits.set].sort(([a], [b]) => (0,init.byCodeUnit)(a, b)));
        const after = (0,edit/* setRows */._j)((0,edit/* dropRows */.X7)(ruled, edits.drop), sorted).text;
        io.stdout((0,line_diff/* lineDiff */.g)(text, after, `a/${file.shown}`, `b/${file.shown}`));
        const said = `${file.shown}: ${edits.relocked} re-locked, ${edits.added} added, ${edits.drop.size - edits.converted - edits.rekeyed} dropped, ` +
            `${edits.skips} skip reason${edits.skips === 1 ? '' : 's'} written` +
            (edits.converted > 0 ? `, ${edits.converted} exact rows folded into file rows` : '') +
            (edits.rekeyed > 0
                ? `, ${edits.rekeyed} re-keyed to the runner's id (no leading space)`
                : '') +
            (edits.inherited > 0
                ? `, ${edits.inherited} exact rows now inherit their file row's lock (skip: alone)`
                : '');
        // What it did, file by file, under the diff.
        for (const l of perFileLines(ledger.byId, edits.set, edits.drop))
            io.stdout(l + '\n');
        if (v['dry-run']) {
            const { issues } = (0,upkeep/* ledgerProblems */.EF)(after, file, root);
            for (const i of issues.slice(0, 50))
                io.stderr((0,upkeep/* formatIssue */.Hd)(i) + '\n');
            io.stdout(`${said} (dry run: nothing written)\n`);
            return issues.length > 0 ? 1 : 0;
        }
        if (!(0,upkeep/* writeLedger */.XL)(after, file, io))
            return 1;
        io.stdout(said + '\n');
        return 0;
    });
}
/**
 * A run that fails is not one to level the ledger with: a failing test would be classed
 * (quarantined) and so hidden, and a module that cannot be collected has no tests to class.
 */
function refuseBrokenRun(testRun, ledger) {
    const broken = testRun.collection.find((c) => c.kind === 'collection-error');
    if (broken)
        throw new types/* GateError */.u(`pytest could not collect ${broken.module} (${broken.detail}): fix the run first; update would leave its tests out`, broken.file ?? broken.report);
    const failing = testRun.tests.filter((t) => (t.status === 'fail' || t.status === 'error' || (t.status === 'pass' && t.flaky)) &&
        (0,file_rows/* rowFor */.QW)(ledger, t.id)?.class !== 'quarantine');
    if (failing.length > 0) {
        const t = failing[0];
        const how = t.status === 'pass' ? 'passed only after failing' : `${t.status}s`;
        throw new types/* GateError */.u(`${JSON.stringify(t.id)} ${how}${failing.length > 1 ? ` (and ${failing.length - 1} more not-passing test(s))` : ''}: ` +
            'fix it first, or quarantine it by name (ledger-gate quarantine ID --reason R --owner O); update never hides a failure', testRun.source);
    }
}
async function plan(ledger, testRun, root, o) {
    const e = {
        set: new Map(),
        drop: new Set(),
        relocked: 0,
        added: 0,
        skips: 0,
        converted: 0,
        rekeyed: 0,
        inherited: 0,
    };
    const ranFiles = new Set([...testRun.ids].map(file_rows/* testFile */.NJ));
    const onDisk = (p) => p !== '' && (0,external_node_fs_.existsSync)(external_node_path_default().join(root, p));
    const rows = new Map(ledger.rows.map((r) => [r.id, r]));
    // 1. Rows of deleted tests: a test gone from a file that ran, or whose file is gone.
    for (const r of ledger.rows) {
        const f = (0,file_rows/* testFile */.NJ)(r.id);
        const gone = (0,file_rows/* isFileRowId */.A$)(r.id)
            ? !ranFiles.has(f) && !onDisk(f)
            : !testRun.ids.has(r.id) && (ranFiles.has(f) || !onDisk(f));
        if (gone) {
            e.drop.add(r.id);
            rows.delete(r.id);
            // A row written with jest-junit's leading space (`FILE:: title`) keeps its contract
            // under the id the run has now (`FILE::title`): re-keyed, not dropped and re-added.
            const now = (0,rekey/* rekeyedId */.H)(r.id);
            if (now !== undefined && testRun.ids.has(now) && !rows.has(now)) {
                e.set.set(now, fieldsOf(r));
                rows.set(now, { ...r, id: now });
                e.rekeyed++;
            }
        }
    }
    // 2. --file-rows: a file's exact rows locked to the file itself, with no skip, become one
    // file row (the rest of the file's rows stay: they say something of their own).
    if (o.fileRows) {
        const byFile = new Map();
        for (const r of rows.values()) {
            if (r.class !== 'locked_fixture' || r.skip !== undefined || (0,file_rows/* isFileRowId */.A$)(r.id))
                continue;
            if (r.artifact !== (0,file_rows/* testFile */.NJ)(r.id))
                continue;
            const list = byFile.get(r.artifact) ?? [];
            list.push(r);
            byFile.set(r.artifact, list);
        }
        for (const [f, list] of byFile) {
            for (const r of list) {
                e.drop.add(r.id);
                rows.delete(r.id);
            }
            e.converted += list.length;
            const id = (0,file_rows/* fileRowId */.OI)(f);
            const had = rows.get(id);
            if (had === undefined) {
                const digest = list.every((r) => r.digest === list[0].digest) ? list[0].digest : undefined;
                e.set.set(id, { class: 'locked_fixture', digest: digest ?? 'sha256:' });
                rows.set(id, asRow(id, { class: 'locked_fixture', digest }));
            }
        }
    }
    // 3. New tests, classed by the ledger's own rules; a file that keeps exact rows locked to
    // itself (the seed's style) gets exact rows, any other a file row.
    const rules = o.rules.map((t) => (0,ledger_rules/* parseClassRule */.WT)(t));
    const exactStyle = new Set();
    for (const r of rows.values())
        if (r.class === 'locked_fixture' && !(0,file_rows/* isFileRowId */.A$)(r.id) && r.artifact === (0,file_rows/* testFile */.NJ)(r.id))
            exactStyle.add(r.artifact);
    const view = { byId: rows };
    const fresh = [...testRun.ids].filter((id) => (0,file_rows/* rowFor */.QW)(view, id) === undefined).sort();
    const planned = await (0,classing/* planRows */.L)(fresh, testRun, {
        root,
        rules,
        owner: o.owner,
        reason: `passing ${WHEN}, and no rule classes it`,
        today: o.today,
        when: WHEN,
        asFileRow: (f) => !exactStyle.has(f),
    });
    for (const [id, fields] of planned.rows) {
        e.set.set(id, fields);
        e.added++;
        rows.set(id, asRow(id, fields));
    }
    // 4. A new expected skip: the row says why, with the report's reason. Under a file row, the
    // test gets a row of its own (an exact row beats the file row).
    for (const t of testRun.tests) {
        if (t.status !== 'skip' || e.set.has(t.id))
            continue;
        const row = (0,file_rows/* rowFor */.QW)(view, t.id);
        if (row === undefined || row.skip !== undefined || row.class === 'draft')
            continue;
        if (t.outcome === 'xfail') {
            // An expected failure is not a skip: on a quarantine row it is as expected (init froze it
            // so), and a new one under a file row is quarantined, as init would have.
            if (row.class === 'quarantine' || row.id === t.id)
                continue;
            const frozen = (0,commands_frozen/* frozenAs */.z)(t, WHEN);
            e.set.set(t.id, (0,classing/* quarantineRow */.B)(t.id, frozen.quarantine, o));
            e.added++;
            continue;
        }
        const reason = (0,skip_reason/* readAs */.fd)(t)[0];
        const fields = fieldsOf(row);
        if (row.id === t.id)
            e.set.set(row.id, { ...fields, skip: reason });
        // Under a file row, the new row is `skip:` alone: it inherits the file row's lock.
        else
            e.set.set(t.id, { skip: reason });
        e.skips++;
    }
    // 4b. Migration: an exact row that repeats its file row's lock (locked_fixture, its own
    // file, a `skip:`) is rewritten as `skip:` alone, so the next edit of the file re-locks one
    // line instead of one per such row.
    for (const r of rows.values()) {
        if (e.set.has(r.id) || !repeatsFileRow(r, rows))
            continue;
        e.set.set(r.id, { skip: r.skip });
        e.inherited++;
    }
    // 5. Re-lock: every locked_fixture row (new ones included) gets its artifact's current
    // digest; a row that inherits its file row's lock follows that row, and has no digest line.
    const heirs = (id) => rows.get(id)?.inherits === true || isHeir(e.set.get(id));
    const locked = [...rows.values()].filter((r) => r.class === 'locked_fixture' && !heirs(r.id));
    for (const [id, f] of e.set)
        if (f.class === 'locked_fixture' && !rows.has(id))
            locked.push(asRow(id, f));
    const facts = await (0,file_facts/* artifactFacts */.SJ)(root, new Set(locked.map((r) => r.artifact)));
    for (const r of locked) {
        const fact = facts.get(r.artifact);
        if (fact?.digest === undefined)
            throw new types/* GateError */.u(`${(0,golden_set/* goldenLabel */.uJ)(r.artifact)} (locked by ${JSON.stringify(r.id)}): ${fact?.problem ?? 'unreadable'}; restore it, or drop the rows that name it (ledger-gate drop ID…)`);
        const pending = e.set.get(r.id);
        if (pending !== undefined) {
            pending.digest = fact.digest;
            if ((0,file_rows/* isFileRowId */.A$)(r.id))
                delete pending.artifact;
        }
        else if (fact.digest !== r.digest) {
            e.set.set(r.id, { ...fieldsOf(r), digest: fact.digest });
            e.relocked++;
        }
    }
    return e;
}
/** Fields that are `skip:` alone: a row that inherits its file row's lock. */
function isHeir(f) {
    return f !== undefined && f.class === undefined;
}
/** Is `r` an exact row written out in full that says only what its file row says, plus `skip:`? */
function repeatsFileRow(r, rows) {
    if (r.inherits || r.class !== 'locked_fixture' || r.skip === undefined)
        return false;
    if ((0,file_rows/* isFileRowId */.A$)(r.id) || r.artifact !== (0,file_rows/* testFile */.NJ)(r.id))
        return false;
    return rows.get((0,file_rows/* fileRowId */.OI)(r.artifact))?.class === 'locked_fixture';
}
/** A row not written yet, for the look-ups that follow (a file row's artifact is its file). */
function asRow(id, f) {
    if (isHeir(f))
        return { id, class: 'locked_fixture', skip: f.skip, inherits: true, line: 0, keyLines: {} };
    const artifact = f.artifact ?? ((0,file_rows/* isFileRowId */.A$)(id) ? (0,file_rows/* testFile */.NJ)(id) : undefined);
    return { ...f, id, artifact, line: 0, keyLines: {} };
}
/** A row's fields as setRows takes them (a file row's artifact is implied, not written). */
function fieldsOf(r) {
    if (r.inherits)
        return { skip: r.skip };
    const out = { class: r.class };
    for (const k of schema/* ROW_FIELDS */.dC) {
        const value = r[k];
        if (k !== 'id' && k !== 'class' && value !== undefined)
            out[k] = value;
    }
    if ((0,file_rows/* isFileRowId */.A$)(r.id))
        delete out.artifact;
    return out;
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
