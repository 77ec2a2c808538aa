export const id = 285;
export const ids = [285,722,587];
export const modules = {

/***/ 3864:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ quarantineRow),
/* harmony export */   L: () => (/* binding */ planRows)
/* harmony export */ });
/* harmony import */ var _ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9825);
/* harmony import */ var _ledger_rules_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1682);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8522);
/* harmony import */ var _frozen_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9026);
/* harmony import */ var _lock_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7587);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3128);
// How a test id gets its row, for `init` (every id of the run) and `update` (the ids the
// ledger does not class yet): a test that failed (or passed only after failing, or is an
// expected failure) is quarantined, as nobody can defend it; a skip keeps its class and says
// why it skips; any other is classed by the first rule whose pattern matches. A
// `locked_fixture:{file}` lock is written as one file row per file (`FILE::*`) where wanted.






/** A new quarantine row for `id`, dated today; refused without an owner to answer for it. */
function quarantineRow(id, why, c) {
    if (c.owner === undefined)
        throw new _types_js__WEBPACK_IMPORTED_MODULE_0__/* .GateError */ .u(`${JSON.stringify(id)} needs a quarantine row (${why}), and a quarantine needs an owner: add --owner O`);
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
        const frozen = (0,_frozen_js__WEBPACK_IMPORTED_MODULE_3__/* .frozenAs */ .z)(t, c.when);
        const rule = (0,_ledger_rules_js__WEBPACK_IMPORTED_MODULE_4__/* .ruleFor */ .sG)(c.rules, id);
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
            if (artifact === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_4__/* .OWN_FILE */ ._D) {
                const file = (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_5__/* .testFile */ .NJ)(id);
                artifact = files.get(file) ?? null;
                if (!files.has(file)) {
                    // The default rule passes over ids that name no file here (a suite name); a rule
                    // given by name refuses them, as `lock --artifact {file}` does.
                    artifact = ownFileOf(c.root, id, rule);
                    files.set(file, artifact);
                }
                if (artifact !== null && skip === undefined && c.asFileRow(artifact)) {
                    out.rows.set((0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_5__/* .fileRowId */ .OI)(artifact), { class: 'locked_fixture', artifact });
                    out.how.set(id, 'file');
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
    const digests = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readFacts */ .MH)(c.root, [...artifacts], [...seeds]);
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
        return (0,_lock_js__WEBPACK_IMPORTED_MODULE_1__.ownFile)(root, id, `rule ${JSON.stringify(rule.text)}: {file}`);
    }
    catch (e) {
        if (rule.text === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_4__/* .DEFAULT_RULE */ .NG)
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
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3128);
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
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3128);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8522);
/* harmony import */ var _ledger_rules_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(1682);
/* harmony import */ var _frozen_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(9026);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(218);
// `ledger-gate lock ID… --artifact PATH`: make each ID a locked_fixture of PATH's current
// bytes. `--artifact {file}` locks each test to its own source file (the id before `::`).
// An ID may be an id glob; a test that skips in the given run gets `skip:` with its reason,
// as `init` writes it.










/** The file a test id names: the part before its first `::`, as a repo-relative path. */
function ownFile(root, id, what) {
    const at = id.indexOf('::');
    if (at <= 0) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb(`${what}: ${JSON.stringify(id)} names no file (no \`::\` in the id)`);
    }
    const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .repoPath */ .qN)(root, id.slice(0, at), `${what}: the file of ${JSON.stringify(id)}`);
    // Ids from reports without file names (jest-junit without addFileAttribute) start with a
    // suite name instead: say so, rather than "no such file".
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, file))) {
        throw new _types_js__WEBPACK_IMPORTED_MODULE_5__/* .GateError */ .u(`${what}: ${JSON.stringify(id)} names ${JSON.stringify(file)}, which is not a file here (do the report's ids start with their test file? see docs/test-ids.md)`);
    }
    return file;
}
async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .runCommand */ .d1)('lock', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_2__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_7__/* .LOCK */ .YM.options,
        });
        if (positionals.length === 0)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb('lock needs at least one ID (or id glob)');
        if (values.artifact === undefined)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .eb('lock needs --artifact PATH');
        const at = (0,_io_js__WEBPACK_IMPORTED_MODULE_6__/* .placeOf */ .$t)(io);
        const root = at.root;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .ledgerFile */ .SB)(at, values.ledger);
        const fixed = values.artifact === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_8__/* .OWN_FILE */ ._D
            ? undefined
            : (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .repoPath */ .qN)(root, values.artifact, '--artifact', at.cwd);
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
                const frozen = (0,_frozen_js__WEBPACK_IMPORTED_MODULE_9__/* .frozenAs */ .z)(results.get(id));
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
                return `${file.shown}: ${what} ${id}: locked_fixture, ${f.artifact} ${f.digest}${f.skip ? `, skip: ${f.skip}` : ''}`;
            });
            return { text: (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_3__/* .setRows */ ._j)(text, edits).text, announce };
        }, { dryRun: values['dry-run'] });
    });
}


/***/ }),

/***/ 6285:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4339);
/* harmony import */ var _decision_skip_reason_js__WEBPACK_IMPORTED_MODULE_17__ = __webpack_require__(2072);
/* harmony import */ var _ledger_edit_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2113);
/* harmony import */ var _ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(9825);
/* harmony import */ var _ledger_line_diff_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(6903);
/* harmony import */ var _ledger_parse_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1123);
/* harmony import */ var _ledger_rules_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(1682);
/* harmony import */ var _ledger_schema_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(870);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8522);
/* harmony import */ var _classing_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3864);
/* harmony import */ var _frozen_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(9026);
/* harmony import */ var _init_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(722);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(218);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(3128);
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
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .runCommand */ .d1)('update', io, async () => {
        const { values: v, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_2__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_11__/* .UPDATE */ .q6.options,
        });
        if (positionals.length > 0)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`unexpected argument ${JSON.stringify(positionals[0])}`);
        if (v.junit === undefined && v.collected === undefined)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb('update needs the run: --junit GLOB (and --collected FILE for pytest)');
        const at = (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .placeOf */ .$t)(io);
        const root = at.root;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .ledgerFile */ .SB)(at, v.ledger);
        const text = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .readLedgerText */ .jK)(file);
        const parsed = (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_5__/* .parseLedger */ .h)(text, file.shown);
        if (!parsed.ledger || parsed.errors.length > 0) {
            const first = parsed.errors[0];
            throw new _types_js__WEBPACK_IMPORTED_MODULE_7__/* .GateError */ .u(`the ledger is invalid (${first ? (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .formatIssue */ .Hd)(first) : 'unreadable'}); fix it first (ledger-gate lint)`, file.shown);
        }
        const ledger = parsed.ledger;
        const testRun = (await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .readRun */ .cI)(at, v.junit, v.collected));
        refuseBrokenRun(testRun, ledger);
        // Rules given here come first and are kept in `rules:` for the next update.
        const given = (v.rule ?? []).map((r) => (0,_init_js__WEBPACK_IMPORTED_MODULE_9__.parseRule)(r, at).text);
        const kept = ledger.rules ?? [_ledger_rules_js__WEBPACK_IMPORTED_MODULE_13__/* .DEFAULT_RULE */ .NG];
        const rules = [...given, ...kept.filter((r) => !given.includes(r))];
        const edits = await plan(ledger, testRun, root, {
            rules,
            owner: v.owner,
            today: (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .isoDate */ ._$)(io.now ?? new Date()),
            fileRows: v['file-rows'] === true,
        });
        const newRules = given.some((r) => !kept.includes(r));
        if (edits.set.size === 0 && edits.drop.size === 0 && !newRules) {
            io.stdout(`${file.shown}: already level with ${testRun.source}; nothing to do\n`);
            return 0;
        }
        // Rows dropped first, then set: a converted file's rows give way to its file row.
        const ruled = newRules ? (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_4__/* .setRules */ .Qg)(text, rules) : text;
        // New rows are appended sorted by id, as init writes them, so a re-freeze diff is not
        // noise; an existing row is edited where it stands.
        const sorted = new Map([...edits.set].sort(([a], [b]) => (0,_init_js__WEBPACK_IMPORTED_MODULE_9__.byCodeUnit)(a, b)));
        const after = (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_4__/* .setRows */ ._j)((0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_4__/* .dropRows */ .X7)(ruled, edits.drop), sorted).text;
        io.stdout((0,_ledger_line_diff_js__WEBPACK_IMPORTED_MODULE_14__/* .lineDiff */ .g)(text, after, `a/${file.shown}`, `b/${file.shown}`));
        const said = `${file.shown}: ${edits.relocked} re-locked, ${edits.added} added, ${edits.drop.size - edits.converted} dropped, ` +
            `${edits.skips} skip reason${edits.skips === 1 ? '' : 's'} written` +
            (edits.converted > 0 ? `, ${edits.converted} exact rows folded into file rows` : '');
        if (v['dry-run']) {
            const { issues } = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .ledgerProblems */ .EF)(after, file, root);
            for (const i of issues.slice(0, 50))
                io.stderr((0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .formatIssue */ .Hd)(i) + '\n');
            io.stdout(`${said} (dry run: nothing written)\n`);
            return issues.length > 0 ? 1 : 0;
        }
        if (!(0,_upkeep_js__WEBPACK_IMPORTED_MODULE_12__/* .writeLedger */ .XL)(after, file, io))
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
        throw new _types_js__WEBPACK_IMPORTED_MODULE_7__/* .GateError */ .u(`pytest could not collect ${broken.module} (${broken.detail}): fix the run first; update would leave its tests out`, broken.file ?? broken.report);
    const failing = testRun.tests.filter((t) => (t.status === 'fail' || t.status === 'error' || (t.status === 'pass' && t.flaky)) &&
        (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .rowFor */ .QW)(ledger, t.id)?.class !== 'quarantine');
    if (failing.length > 0) {
        const t = failing[0];
        const how = t.status === 'pass' ? 'passed only after failing' : `${t.status}s`;
        throw new _types_js__WEBPACK_IMPORTED_MODULE_7__/* .GateError */ .u(`${JSON.stringify(t.id)} ${how}${failing.length > 1 ? ` (and ${failing.length - 1} more not-passing test(s))` : ''}: ` +
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
    };
    const ranFiles = new Set([...testRun.ids].map(_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .testFile */ .NJ));
    const onDisk = (p) => p !== '' && (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(root, p));
    const rows = new Map(ledger.rows.map((r) => [r.id, r]));
    // 1. Rows of deleted tests: a test gone from a file that ran, or whose file is gone.
    for (const r of ledger.rows) {
        const f = (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .testFile */ .NJ)(r.id);
        const gone = (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .isFileRowId */ .A$)(r.id)
            ? !ranFiles.has(f) && !onDisk(f)
            : !testRun.ids.has(r.id) && (ranFiles.has(f) || !onDisk(f));
        if (gone) {
            e.drop.add(r.id);
            rows.delete(r.id);
        }
    }
    // 2. --file-rows: a file's exact rows locked to the file itself, with no skip, become one
    // file row (the rest of the file's rows stay: they say something of their own).
    if (o.fileRows) {
        const byFile = new Map();
        for (const r of rows.values()) {
            if (r.class !== 'locked_fixture' || r.skip !== undefined || (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .isFileRowId */ .A$)(r.id))
                continue;
            if (r.artifact !== (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .testFile */ .NJ)(r.id))
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
            const id = (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .fileRowId */ .OI)(f);
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
    const rules = o.rules.map((t) => (0,_ledger_rules_js__WEBPACK_IMPORTED_MODULE_13__/* .parseClassRule */ .WT)(t));
    const exactStyle = new Set();
    for (const r of rows.values())
        if (r.class === 'locked_fixture' && !(0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .isFileRowId */ .A$)(r.id) && r.artifact === (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .testFile */ .NJ)(r.id))
            exactStyle.add(r.artifact);
    const view = { byId: rows };
    const fresh = [...testRun.ids].filter((id) => (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .rowFor */ .QW)(view, id) === undefined).sort();
    const planned = await (0,_classing_js__WEBPACK_IMPORTED_MODULE_8__/* .planRows */ .L)(fresh, testRun, {
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
        const row = (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .rowFor */ .QW)(view, t.id);
        if (row === undefined || row.skip !== undefined || row.class === 'draft')
            continue;
        if (t.outcome === 'xfail') {
            // An expected failure is not a skip: on a quarantine row it is as expected (init froze it
            // so), and a new one under a file row is quarantined, as init would have.
            if (row.class === 'quarantine' || row.id === t.id)
                continue;
            const frozen = (0,_frozen_js__WEBPACK_IMPORTED_MODULE_16__/* .frozenAs */ .z)(t, WHEN);
            e.set.set(t.id, (0,_classing_js__WEBPACK_IMPORTED_MODULE_8__/* .quarantineRow */ .B)(t.id, frozen.quarantine, o));
            e.added++;
            continue;
        }
        const reason = (0,_decision_skip_reason_js__WEBPACK_IMPORTED_MODULE_17__/* .readAs */ .fd)(t)[0];
        const fields = fieldsOf(row);
        if (row.id === t.id)
            e.set.set(row.id, { ...fields, skip: reason });
        else
            e.set.set(t.id, { class: 'locked_fixture', artifact: row.artifact, skip: reason });
        e.skips++;
    }
    // 5. Re-lock: every locked_fixture row (new ones included) gets its artifact's current digest.
    const locked = [...rows.values()].filter((r) => r.class === 'locked_fixture');
    for (const [id, f] of e.set)
        if (f.class === 'locked_fixture' && !rows.has(id))
            locked.push(asRow(id, f));
    const facts = await (0,_adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .artifactFacts */ .SJ)(root, new Set(locked.map((r) => r.artifact)));
    for (const r of locked) {
        const fact = facts.get(r.artifact);
        if (fact?.digest === undefined)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_7__/* .GateError */ .u(`${r.artifact} (locked by ${JSON.stringify(r.id)}): ${fact?.problem ?? 'unreadable'}; restore it, or drop the rows that name it (ledger-gate drop ID…)`);
        const pending = e.set.get(r.id);
        if (pending !== undefined) {
            pending.digest = fact.digest;
            if ((0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .isFileRowId */ .A$)(r.id))
                delete pending.artifact;
        }
        else if (fact.digest !== r.digest) {
            e.set.set(r.id, { ...fieldsOf(r), digest: fact.digest });
            e.relocked++;
        }
    }
    return e;
}
/** A row not written yet, for the look-ups that follow (a file row's artifact is its file). */
function asRow(id, f) {
    const artifact = f.artifact ?? ((0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .isFileRowId */ .A$)(id) ? (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .testFile */ .NJ)(id) : undefined);
    return { ...f, id, artifact, line: 0, keyLines: {} };
}
/** A row's fields as setRows takes them (a file row's artifact is implied, not written). */
function fieldsOf(r) {
    const out = { class: r.class };
    for (const k of _ledger_schema_js__WEBPACK_IMPORTED_MODULE_6__/* .ROW_FIELDS */ .dC) {
        const value = r[k];
        if (k !== 'id' && k !== 'class' && value !== undefined)
            out[k] = value;
    }
    if ((0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_15__/* .isFileRowId */ .A$)(r.id))
        delete out.artifact;
    return out;
}


/***/ })

};
