export const id = 722;
export const ids = [722];
export const modules = {

/***/ 3864:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ quarantineRow),
/* harmony export */   L: () => (/* binding */ planRows)
/* harmony export */ });
/* harmony import */ var _ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9825);
/* harmony import */ var _ledger_rules_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1682);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8522);
/* harmony import */ var _frozen_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9026);
/* harmony import */ var _lock_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7587);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8944);
// How a test id gets its row, for `init` (every id of the run) and `update` (the ids the
// ledger does not class yet): a test that failed (or passed only after failing, or is an
// expected failure) is quarantined, as nobody can defend it; a skip keeps its class and says
// why it skips; any other is classed by the first rule whose pattern matches. A
// `locked_fixture:{file}` lock is written as one file row per file (`FILE::*`) where wanted,
// and a skip under it as a row of `skip:` alone, which inherits the file row's lock.






/** A new quarantine row for `id`, dated today; refused without an owner to answer for it. */
function quarantineRow(id, why, c) {
    if (c.owner === undefined)
        throw new _types_js__WEBPACK_IMPORTED_MODULE_1__/* .GateError */ .u(`${JSON.stringify(id)} needs a quarantine row (${why}), and a quarantine needs an owner: add --owner O`);
    return { class: 'quarantine', opened: c.today, reason: why, owner: c.owner };
}
/** Plans rows for `ids` (none of which has a row yet) from the run's results. */
async function planRows(ids, run, c) {
    const results = new Map(run.tests.map((t) => [t.id, t]));
    const out = {
        rows: new Map(),
        how: new Map(),
        failing: 0,
        skipping: 0,
        undefended: 0,
        used: new Set(),
    };
    const quarantine = (id, why) => {
        out.rows.set(id, quarantineRow(id, why, c));
        out.how.set(id, 'quarantine');
    };
    const files = new Map(); // `{file}` per file, checked once
    for (const id of ids) {
        const t = results.get(id);
        const frozen = (0,_frozen_js__WEBPACK_IMPORTED_MODULE_4__/* .frozenAs */ .z)(t, c.when);
        const rule = (0,_ledger_rules_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleFor */ .sG)(c.rules, id);
        if (rule)
            out.used.add(rule);
        if (frozen && 'quarantine' in frozen) {
            quarantine(id, frozen.quarantine);
            out.failing++;
            continue;
        }
        const skip = frozen && 'skip' in frozen ? frozen.skip : undefined;
        if (skip !== undefined)
            out.skipping++;
        let fields;
        if (rule?.fields.class === 'property') {
            fields = { class: 'property', invariant: rule.fields.invariant, seeds: rule.fields.seeds };
        }
        else if (rule?.fields.class === 'locked_fixture') {
            let artifact = rule.fields.artifact;
            if (artifact === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_0__/* .OWN_FILE */ ._D) {
                const file = (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_5__/* .testFile */ .NJ)(id);
                artifact = files.get(file) ?? null;
                if (!files.has(file)) {
                    // The default rule passes over ids that name no file here (a suite name); a rule
                    // given by name refuses them, as `lock --artifact {file}` does.
                    artifact = ownFileOf(c.root, id, rule);
                    files.set(file, artifact);
                }
                if (artifact !== null && c.asFileRow(artifact)) {
                    out.rows.set((0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_5__/* .fileRowId */ .OI)(artifact), { class: 'locked_fixture', artifact });
                    out.how.set(id, 'file');
                    // A test expected to skip gets `skip:` alone: it inherits the file row's lock.
                    if (skip !== undefined)
                        out.rows.set(id, { skip });
                    continue;
                }
            }
            if (artifact !== null)
                fields = { class: 'locked_fixture', artifact };
        }
        if (fields === undefined) {
            quarantine(id, c.reason);
            if (t?.status === 'pass')
                out.undefended++;
        }
        else
            out.rows.set(id, fields);
        if (skip !== undefined)
            out.rows.get(id).skip = skip;
        if (fields !== undefined)
            out.how.set(id, fields.class);
    }
    // Digests of every artifact, and a check of every seeds folder, each read once.
    const all = [...out.rows.values()];
    const artifacts = new Set(all.flatMap((f) => (f.class === 'locked_fixture' ? [f.artifact] : [])));
    const seeds = new Set(all.flatMap((f) => (f.class === 'property' ? [f.seeds] : [])));
    const digests = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_3__/* .readFacts */ .MH)(c.root, [...artifacts], [...seeds]);
    for (const [id, f] of out.rows) {
        if (f.class !== 'locked_fixture')
            continue;
        f.digest = digests.get(f.artifact);
        if (id === (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_5__/* .fileRowId */ .OI)(f.artifact))
            delete f.artifact; // a file row's artifact is implied
    }
    return out;
}
function ownFileOf(root, id, rule) {
    try {
        return (0,_lock_js__WEBPACK_IMPORTED_MODULE_2__.ownFile)(root, id, `rule ${JSON.stringify(rule.text)}: {file}`);
    }
    catch (e) {
        if (rule.text === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_RULE */ .NG)
            return null;
        throw e;
    }
}


/***/ }),

/***/ 9026:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ FROZEN),
/* harmony export */   z: () => (/* binding */ frozenAs)
/* harmony export */ });
/* harmony import */ var _decision_skip_reason_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2072);
// How a test that did not simply pass gets its row when a command writes one (init, update,
// lock): pure, so every writer freezes a run the way `check` then reads it.

const FROZEN = 'when frozen by ledger-gate init';
/**
 * How a test that did not simply pass is frozen: quarantined (nobody can defend it), or
 * expected to skip with the reason `check` compares (readAs: the report's, or the token for a
 * skip without one); undefined for a pass or a collected-only id.
 */
function frozenAs(t, when = FROZEN) {
    if (t === undefined)
        return undefined;
    if (t.status === 'fail' || t.status === 'error')
        return { quarantine: `${t.status === 'fail' ? 'failing' : 'erroring'} ${when}` };
    if (t.flaky)
        return { quarantine: `passed only after failing ${when}` };
    if (t.status !== 'skip')
        return undefined;
    if (t.outcome === 'xfail') {
        const reason = t.skipReasons?.find((r) => r !== '');
        return { quarantine: `expected failure (xfail) ${when}${reason ? `: ${reason}` : ''}` };
    }
    return { skip: (0,_decision_skip_reason_js__WEBPACK_IMPORTED_MODULE_0__/* .readAs */ .fd)(t)[0] };
}


/***/ }),

/***/ 722:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_REASON: () => (/* binding */ DEFAULT_REASON),
/* harmony export */   byCodeUnit: () => (/* binding */ byCodeUnit),
/* harmony export */   parseRule: () => (/* binding */ parseRule),
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _ledger_render_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2917);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8944);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(218);
/* harmony import */ var _ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(9825);
/* harmony import */ var _classing_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3864);
/* harmony import */ var _frozen_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(9026);
/* harmony import */ var _ledger_pathRules_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(19);
/* harmony import */ var _ledger_rules_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(1682);
// `ledger-gate init`: freeze a suite into a new ledger, honestly. Every id of the run gets a
// row: a test that failed (or passed only after failing, or is an expected failure) is
// quarantined, as nobody can defend it; a skipped test's row says it is expected to skip,
// with the report's reason; the rest are classed by the first --rule whose pattern matches
// (property or locked_fixture, where `{file}` is the test's own file) or, matched by none,
// quarantined, dated today, with the owner given — nobody has defended them yet.













const DEFAULT_REASON = 'frozen by ledger-gate init';
/**
 * A `--rule` as given (paths relative to the working directory)
 * as the class rule the ledger's `rules:` keeps: its paths repository-relative and canonical.
 */
function parseRule(text, at) {
    const m = /^(.+)=(property|locked_fixture):(.+)$/s.exec(text);
    if (!m)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb(`--rule ${JSON.stringify(text)}: ${_ledger_rules_js__WEBPACK_IMPORTED_MODULE_9__/* .RULE_SHAPE */ .Vk}`);
    const [, glob, cls, rest] = m;
    const what = `--rule ${JSON.stringify(text)}`;
    let canonical;
    if (cls === 'property') {
        const colon = rest.indexOf(':');
        if (colon <= 0 || colon === rest.length - 1)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb(`${what}: a property rule needs INVARIANT:SEEDS_DIR`);
        const seeds = (0,_ledger_pathRules_js__WEBPACK_IMPORTED_MODULE_10__/* .canonicalPath */ .Op)((0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .repoPath */ .qN)(at.root, rest.slice(colon + 1), `${what}: seeds`, at.cwd));
        canonical = `${glob}=property:${rest.slice(0, colon)}:${seeds}/`;
    }
    else {
        const artifact = rest === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_9__/* .OWN_FILE */ ._D ? _ledger_rules_js__WEBPACK_IMPORTED_MODULE_9__/* .OWN_FILE */ ._D : (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .repoPath */ .qN)(at.root, rest, `${what}: artifact`, at.cwd);
        canonical = `${glob}=locked_fixture:${artifact}`;
    }
    const rule = (0,_ledger_rules_js__WEBPACK_IMPORTED_MODULE_9__/* .parseClassRule */ .WT)(canonical);
    if ('problem' in rule)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb(`${what}: ${rule.problem}`);
    return rule;
}
async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .runCommand */ .d1)('init', io, async () => {
        const { values: v, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_2__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_7__/* .INIT */ .Zz.options,
        });
        if (positionals.length > 0)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb(`unexpected argument ${JSON.stringify(positionals[0])}`);
        if (v.collected === undefined && v.junit === undefined) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb('init needs --junit GLOB (and --collected FILE for pytest) or --collected FILE');
        }
        if (v.owner === undefined || v.owner.trim() === '') {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb('init needs --owner O (who answers for the quarantined rows)');
        }
        const reason = v.reason ?? DEFAULT_REASON;
        if (reason.trim() === '')
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb('--reason must not be empty');
        const at = (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .placeOf */ .$t)(io);
        const root = at.root;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .ledgerFile */ .SB)(at, v.ledger);
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file.abs) && !v.force) {
            throw new _types_js__WEBPACK_IMPORTED_MODULE_5__/* .GateError */ .u('a ledger exists here; refusing to overwrite it (add --force to replace it)', file.shown);
        }
        // The rules given, then the default: a passing test no rule classes is locked to its file.
        const given = (v.rule ?? []).map((r) => parseRule(r, at));
        const rules = given.some((r) => r.text === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_9__/* .DEFAULT_RULE */ .NG)
            ? given
            : [...given, (0,_ledger_rules_js__WEBPACK_IMPORTED_MODULE_9__/* .parseClassRule */ .WT)(_ledger_rules_js__WEBPACK_IMPORTED_MODULE_9__/* .DEFAULT_RULE */ .NG)];
        const testRun = (await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .readRun */ .cI)(at, v.junit, v.collected));
        // A module pytest could not import has no ids in the run: freezing without it would
        // leave its tests out silently. A module skipped at collection is said, not frozen.
        for (const c of testRun.collection) {
            if (c.kind === 'collection-error') {
                throw new _types_js__WEBPACK_IMPORTED_MODULE_5__/* .GateError */ .u(`pytest could not collect ${c.module} (${c.detail}): fix the run before freezing it`, c.file ?? c.report);
            }
            io.stderr(`note: ${c.module} was skipped at collection (${c.detail}): its tests get no rows\n`);
        }
        const results = new Map(testRun.tests.map((t) => [t.id, t]));
        const ids = [...new Set([...(testRun.collected ?? []), ...results.keys()])];
        if (ids.length === 0)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_5__/* .GateError */ .u('no test ids found: nothing to freeze', testRun.source);
        const today = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .isoDate */ ._$)(io.now ?? new Date());
        const plan = await (0,_classing_js__WEBPACK_IMPORTED_MODULE_8__/* .planRows */ .L)(ids, testRun, {
            root,
            rules,
            owner: v.owner,
            reason,
            today,
            when: _frozen_js__WEBPACK_IMPORTED_MODULE_11__/* .FROZEN */ .t,
            asFileRow: () => true,
        });
        for (const r of given)
            if (!plan.used.has(r))
                io.stderr(`note: --rule ${JSON.stringify(r.text)} matched no test id\n`);
        const counts = { file: 0, locked_fixture: 0, property: 0, quarantine: 0 };
        for (const how of plan.how.values())
            counts[how]++;
        const { failing, skipping, undefended } = plan;
        const lines = [
            `# yaml-language-server: $schema=${v.schema ?? _upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .SCHEMA_URL */ .cZ}`,
            `# Written by \`ledger-gate init\` on ${today}. A row \`FILE::*\` locks every test of FILE to`,
            '# its bytes; after an honest change, `ledger-gate update --junit …` brings this file level.',
            'version: 1',
            'rules:',
            ...rules.map((r) => `  - ${(0,_ledger_render_js__WEBPACK_IMPORTED_MODULE_3__/* .renderScalar */ .VO)(r.text)}`),
            'rows:',
        ];
        // Sorted by id (code units), so a re-freeze diff shows only what changed.
        for (const id of [...plan.rows.keys()].sort(byCodeUnit))
            lines.push(...(0,_ledger_render_js__WEBPACK_IMPORTED_MODULE_3__/* .renderRow */ .re)(id, plan.rows.get(id), 2));
        const dryRun = v['dry-run'];
        const before = dryRun && (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file.abs) ? (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(file.abs, 'utf8') : '';
        if (!dryRun)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(file.abs), { recursive: true });
        if (!(0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .writeLedger */ .XL)(lines.join('\n') + '\n', file, io, { dryRun, before }))
            return 1;
        const fileRows = [...plan.rows.keys()].filter(_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_12__/* .isFileRowId */ .A$).length;
        const statuses = testRun.tests.length > 0 ? `; ${failing} not passing, ${skipping} expected to skip` : '';
        (dryRun ? io.stderr : io.stdout)(`${file.shown}: ${dryRun ? 'would write' : 'wrote'} ${plural(plan.rows.size, 'row')} for ${plural(ids.length, 'test')} (` +
            (fileRows > 0 ? `${plural(fileRows, 'file row')} for ${counts.file}, ` : '') +
            `${counts.locked_fixture} locked_fixture, ${counts.property} property, ${counts.quarantine} quarantine${statuses}) from ${testRun.source}\n`);
        // Results no row admits in this run, said rather than left for `check` to find: a pass
        // after a recorded failure (flaky-pass, or quarantine-pass once quarantined), and
        // same-named tests in one report with different results (one id for both).
        const flaky = testRun.tests.filter((t) => t.status === 'pass' && t.flaky);
        if (flaky.length > 0) {
            io.stderr(`note: ${plural(flaky.length, 'test')} passed only after failing and ${flaky.length === 1 ? 'is' : 'are'} quarantined; no row admits such a pass ` +
                `(first: ${JSON.stringify(flaky[0].id)})\n`);
        }
        const twins = testRun.tests.filter((t) => (t.duplicates?.statuses.length ?? 0) > 1);
        if (twins.length > 0) {
            io.stderr(`note: ${plural(twins.length, 'id')} name${twins.length === 1 ? 's' : ''} same-named tests with different results, which no row admits; ` +
                `give them distinct names (first: ${JSON.stringify(twins[0].id)})\n`);
        }
        if (undefended > 0) {
            io.stderr(`note: ${undefended} passing test${undefended === 1 ? '' : 's'} name${undefended === 1 ? 's' : ''} no file here and matched no --rule, so ${undefended === 1 ? 'is' : 'are'} quarantined: ` +
                '`check` rejects a quarantined pass until the test is classed (lock / property)\n');
        }
        return 0;
    });
}
/** Code-unit order: the same on every machine and locale. */
function byCodeUnit(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
function plural(n, word) {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}


/***/ }),

/***/ 7587:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ownFile: () => (/* binding */ ownFile),
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _ledger_edit_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2113);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8944);
/* harmony import */ var _ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8053);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8522);
/* harmony import */ var _ledger_rules_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1682);
/* harmony import */ var _frozen_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(9026);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(218);
// `ledger-gate lock ID… --artifact PATH`: make each ID a locked_fixture of PATH's current
// bytes. `--artifact {file}` locks each test to its own source file (the id before `::`).
// An ID may be an id glob; a test that skips in the given run gets `skip:` with its reason,
// as `init` writes it.











/** The file a test id names: the part before its first `::`, as a repo-relative path. */
function ownFile(root, id, what) {
    const at = id.indexOf('::');
    if (at <= 0) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .eb(`${what}: ${JSON.stringify(id)} names no file (no \`::\` in the id)`);
    }
    const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .repoPath */ .qN)(root, id.slice(0, at), `${what}: the file of ${JSON.stringify(id)}`);
    // Ids from reports without file names (jest-junit without addFileAttribute) start with a
    // suite name instead: say so, rather than "no such file".
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, file))) {
        throw new _types_js__WEBPACK_IMPORTED_MODULE_6__/* .GateError */ .u(`${what}: ${JSON.stringify(id)} names ${JSON.stringify(file)}, which is not a file here (do the report's ids start with their test file? see docs/test-ids.md)`);
    }
    return file;
}
async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .runCommand */ .d1)('lock', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_2__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_9__/* .LOCK */ .YM.options,
        });
        if (positionals.length === 0)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .eb('lock needs at least one ID (or id glob)');
        const given = values.artifact ?? [];
        if (given.length === 0)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .eb('lock needs --artifact PATH');
        if (given.length > 1 && given.includes(_ledger_rules_js__WEBPACK_IMPORTED_MODULE_7__/* .OWN_FILE */ ._D))
            throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .eb(`--artifact ${_ledger_rules_js__WEBPACK_IMPORTED_MODULE_7__/* .OWN_FILE */ ._D} stands alone: each test's own file`);
        const at = (0,_io_js__WEBPACK_IMPORTED_MODULE_8__/* .placeOf */ .$t)(io);
        const root = at.root;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .ledgerFile */ .SB)(at, values.ledger);
        const fixed = given[0] === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_7__/* .OWN_FILE */ ._D ? undefined : (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .artifactArg */ .zV)(root, given, at.cwd);
        // A literal id's own file is checked first: a usage error before the ledger is read.
        if (fixed === undefined)
            for (const a of positionals)
                if (!a.includes('*'))
                    ownFile(root, a, '--artifact {file}');
        return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .editLedger */ .Az)(file, io, async (text) => {
            const found = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .rowsAndIds */ .pO)(text, file, at, positionals, values);
            const { ids, rows: before, run: known } = found;
            const artifactOf = new Map(ids.map((id) => [id, fixed ?? ownFile(root, id, '--artifact {file}')]));
            const results = new Map(known?.tests.map((t) => [t.id, t]));
            const digests = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .readFacts */ .MH)(root, [...new Set(artifactOf.values())], []);
            const edits = new Map(ids.map((id) => {
                const artifact = artifactOf.get(id);
                // An expected skip is about the test, not its class: it stays; a test that skips
                // in the given run gets the report's reason, as init writes it.
                const frozen = (0,_frozen_js__WEBPACK_IMPORTED_MODULE_10__/* .frozenAs */ .z)(results.get(id));
                const skip = before.get(id)?.skip ?? (frozen && 'skip' in frozen ? frozen.skip : undefined);
                return [
                    id,
                    { class: 'locked_fixture', digest: digests.get(artifact), artifact, skip },
                ];
            }));
            const announce = [...edits].map(([id, f]) => {
                const old = before.get(id);
                const what = !old
                    ? 'added'
                    : old.class === 'locked_fixture' &&
                        old.digest === f.digest &&
                        old.artifact === f.artifact &&
                        old.skip === f.skip
                        ? 'unchanged'
                        : 'updated';
                return `${file.shown}: ${what} ${id}: locked_fixture, ${(0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_5__/* .goldenLabel */ .uJ)(f.artifact)} ${f.digest}${f.skip ? `, skip: ${f.skip}` : ''}`;
            });
            return { text: (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_3__/* .setRows */ ._j)(text, edits).text, announce };
        }, { dryRun: values['dry-run'] });
    });
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


/***/ })

};
