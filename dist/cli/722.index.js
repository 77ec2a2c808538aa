export const id = 722;
export const ids = [722,587];
export const modules = {

/***/ 722:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_REASON: () => (/* binding */ DEFAULT_REASON),
/* harmony export */   frozenAs: () => (/* binding */ frozenAs),
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
/* harmony import */ var _decision_skip_reason_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2072);
/* harmony import */ var _ledger_render_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2917);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3128);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3776);
/* harmony import */ var _lock_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7587);
// `ledger-gate init`: freeze a suite into a new ledger, honestly. Every id of the run gets a
// row: a test that failed (or passed only after failing, or is an expected failure) is
// quarantined, as nobody can defend it; a skipped test's row says it is expected to skip,
// with the report's reason; the rest are classed by the first --rule whose pattern matches
// (property or locked_fixture, where `{file}` is the test's own file) or, matched by none,
// quarantined, dated today, with the owner given — nobody has defended them yet.









const DEFAULT_REASON = 'frozen by ledger-gate init';
const FROZEN = 'when frozen by ledger-gate init';
/**
 * How a test that did not simply pass is frozen: quarantined (nobody can defend it), or
 * expected to skip with the reason `check` compares (readAs: the report's, or the token for
 * a skip without one); undefined for a pass or a collected-only id.
 */
function frozenAs(t) {
    if (t === undefined)
        return undefined;
    if (t.status === 'fail' || t.status === 'error')
        return { quarantine: `${t.status === 'fail' ? 'failing' : 'erroring'} ${FROZEN}` };
    if (t.flaky)
        return { quarantine: `passed only after failing ${FROZEN}` };
    if (t.status !== 'skip')
        return undefined;
    if (t.outcome === 'xfail') {
        const reason = t.skipReasons?.find((r) => r !== '');
        return { quarantine: `expected failure (xfail) ${FROZEN}${reason ? `: ${reason}` : ''}` };
    }
    return { skip: (0,_decision_skip_reason_js__WEBPACK_IMPORTED_MODULE_7__/* .readAs */ .fd)(t)[0] };
}
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
/**
 * `ID_GLOB=property:INVARIANT:SEEDS_DIR` or `ID_GLOB=locked_fixture:ARTIFACT_PATH`, where the
 * artifact `{file}` stands for each test's own file (its id before the first `::`).
 */
function parseRule(text, root) {
    const m = /^(.+)=(property|locked_fixture):(.+)$/s.exec(text);
    if (!m) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e(`--rule ${JSON.stringify(text)}: expected 'ID_GLOB=property:INVARIANT:SEEDS_DIR' or 'ID_GLOB=locked_fixture:ARTIFACT_PATH'`);
    }
    const [, glob, cls, rest] = m;
    if (cls === 'property') {
        const colon = rest.indexOf(':');
        if (colon <= 0 || colon === rest.length - 1) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e(`--rule ${JSON.stringify(text)}: a property rule needs INVARIANT:SEEDS_DIR`);
        }
        const seeds = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .repoPath */ .qN)(root, rest.slice(colon + 1), `--rule ${JSON.stringify(text)}: seeds`);
        return {
            text,
            match: idPattern(glob),
            fields: { class: 'property', invariant: rest.slice(0, colon), seeds },
        };
    }
    const artifact = rest === _lock_js__WEBPACK_IMPORTED_MODULE_6__.OWN_FILE ? _lock_js__WEBPACK_IMPORTED_MODULE_6__.OWN_FILE : (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .repoPath */ .qN)(root, rest, `--rule ${JSON.stringify(text)}: artifact`);
    return { text, match: idPattern(glob), fields: { class: 'locked_fixture', artifact } };
}
async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .runCommand */ .d1)('init', io, async () => {
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
            throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e(`unexpected argument ${JSON.stringify(positionals[0])}`);
        if (v.collected === undefined && v.junit === undefined) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e('init needs --junit GLOB (and --collected FILE for pytest) or --collected FILE');
        }
        if (v.owner === undefined || v.owner.trim() === '') {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e('init needs --owner O (who answers for the quarantined rows)');
        }
        const reason = v.reason ?? DEFAULT_REASON;
        if (reason.trim() === '')
            throw new _io_js__WEBPACK_IMPORTED_MODULE_8__/* .UsageError */ .e('--reason must not be empty');
        const root = io.cwd;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .ledgerFile */ .SB)(root, v.ledger);
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file.abs) && !v.force) {
            throw new _types_js__WEBPACK_IMPORTED_MODULE_5__/* .GateError */ .u('a ledger exists here; refusing to overwrite it (add --force to replace it)', file.shown);
        }
        const rules = (v.rule ?? []).map((r) => parseRule(r, root));
        const testRun = (await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .readRun */ .cI)(root, v.junit, v.collected));
        // A module pytest could not import has no ids in the run: freezing without it would
        // leave its tests out silently. A module skipped at collection is said, not frozen.
        for (const c of testRun.collection) {
            if (c.kind === 'collection-error') {
                throw new _types_js__WEBPACK_IMPORTED_MODULE_5__/* .GateError */ .u(`pytest could not collect ${c.module} (${c.detail}): fix the run before freezing it`, c.file ?? c.report);
            }
            io.stderr(`note: ${c.module} was skipped at collection (${c.detail}): its tests get no rows\n`);
        }
        // The collected list's order, then any id only a report holds; each id once.
        const results = new Map(testRun.tests.map((t) => [t.id, t]));
        const ids = [...new Set([...(testRun.collected ?? []), ...results.keys()])];
        if (ids.length === 0)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_5__/* .GateError */ .u('no test ids found: nothing to freeze', testRun.source);
        // Class each id, then read every artifact and seeds folder a rule names, once each.
        const used = new Set();
        const files = new Map(); // `{file}` per id prefix, checked once
        const classed = ids.map((id) => {
            const frozen = frozenAs(results.get(id));
            const matched = rules.find((r) => r.match(id));
            if (matched)
                used.add(matched);
            const rule = frozen && 'quarantine' in frozen ? undefined : matched;
            let artifact;
            if (rule?.fields.class === 'locked_fixture') {
                artifact = rule.fields.artifact;
                if (artifact === _lock_js__WEBPACK_IMPORTED_MODULE_6__.OWN_FILE) {
                    const prefix = id.slice(0, id.indexOf('::') + 1);
                    artifact = files.get(prefix);
                    if (artifact === undefined) {
                        artifact = (0,_lock_js__WEBPACK_IMPORTED_MODULE_6__.ownFile)(root, id, `--rule ${JSON.stringify(rule.text)}: {file}`);
                        files.set(prefix, artifact);
                    }
                }
            }
            return { id, rule, artifact, frozen };
        });
        const artifacts = classed.flatMap((c) => (c.artifact !== undefined ? [c.artifact] : []));
        const seeds = classed.flatMap((c) => c.rule?.fields.class === 'property' ? [c.rule.fields.seeds] : []);
        const digests = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .readFacts */ .MH)(root, [...new Set(artifacts)], [...new Set(seeds)]);
        for (const r of rules)
            if (!used.has(r))
                io.stderr(`note: --rule ${JSON.stringify(r.text)} matched no test id\n`);
        const today = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .isoDate */ ._$)(io.now ?? new Date());
        const counts = { locked_fixture: 0, property: 0, quarantine: 0 };
        let failing = 0;
        let skipping = 0;
        let undefended = 0;
        const lines = [
            `# yaml-language-server: $schema=${v.schema ?? _upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .SCHEMA_URL */ .cZ}`,
            `# Written by \`ledger-gate init\` on ${today}. Rows nobody has defended as a property or a`,
            '# locked fixture are quarantined: classify them (ledger-gate lock / property) or keep them failing.',
            'version: 1',
            'rows:',
        ];
        for (const { id, rule, artifact, frozen } of classed) {
            let fields;
            const quarantine = (why) => ({
                class: 'quarantine',
                opened: today,
                reason: why,
                owner: v.owner,
            });
            if (frozen && 'quarantine' in frozen) {
                fields = quarantine(frozen.quarantine);
                failing++;
            }
            else if (rule?.fields.class === 'locked_fixture') {
                fields = { class: 'locked_fixture', digest: digests.get(artifact), artifact };
            }
            else if (rule?.fields.class === 'property') {
                fields = { class: 'property', invariant: rule.fields.invariant, seeds: rule.fields.seeds };
            }
            else {
                fields = quarantine(reason);
                if (results.get(id)?.status === 'pass')
                    undefended++;
            }
            if (frozen && 'skip' in frozen) {
                fields.skip = frozen.skip;
                skipping++;
            }
            counts[fields.class]++;
            lines.push(...(0,_ledger_render_js__WEBPACK_IMPORTED_MODULE_3__/* .renderRow */ .re)(id, fields, 2));
        }
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(file.abs), { recursive: true });
        if (!(0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .writeLedger */ .XL)(lines.join('\n') + '\n', file, root, io))
            return 1;
        const statuses = testRun.tests.length > 0 ? `; ${failing} not passing, ${skipping} expected to skip` : '';
        io.stdout(`${file.shown}: wrote ${ids.length} row${ids.length === 1 ? '' : 's'} ` +
            `(${counts.locked_fixture} locked_fixture, ${counts.property} property, ${counts.quarantine} quarantine${statuses}) from ${testRun.source}\n`);
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
            io.stderr(`note: ${undefended} passing test${undefended === 1 ? '' : 's'} matched no --rule and ${undefended === 1 ? 'is' : 'are'} quarantined: ` +
                '`check` rejects a quarantined pass until the test is classed (lock / property)\n');
        }
        return 0;
    });
}
function plural(n, word) {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}


/***/ }),

/***/ 7587:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OWN_FILE: () => (/* binding */ OWN_FILE),
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
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3776);
// `ledger-gate lock ID… --artifact PATH`: make each ID a locked_fixture of PATH's current
// bytes. `--artifact {file}` locks each test to its own source file (the id before `::`).







/** The artifact placeholder that stands for the test's own file. */
const OWN_FILE = '{file}';
/** The file a test id names: the part before its first `::`, as a repo-relative path. */
function ownFile(root, id, what) {
    const at = id.indexOf('::');
    if (at <= 0) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .e(`${what}: ${JSON.stringify(id)} names no file (no \`::\` in the id)`);
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
            options: { ledger: { type: 'string' }, artifact: { type: 'string' }, ..._upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .RUN_OPTIONS */ .p7 },
        });
        if (positionals.length === 0) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .e('usage: lock ID… --artifact PATH|{file} [--junit GLOB | --collected FILE] [--new] [--ledger FILE]');
        }
        if (values.artifact === undefined)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_6__/* .UsageError */ .e('lock needs --artifact PATH');
        const ids = [...new Set(positionals)];
        const root = io.cwd;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .ledgerFile */ .SB)(root, values.ledger);
        const artifactOf = new Map(ids.map((id) => [
            id,
            values.artifact === OWN_FILE
                ? ownFile(root, id, '--artifact {file}')
                : (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .repoPath */ .qN)(root, values.artifact, '--artifact'),
        ]));
        return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .editLedger */ .Az)(file, io, async (text) => {
            const before = new Map((0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .ledgerRows */ .$v)(text, file).map((r) => [r.id, r]));
            const known = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .readRun */ .cI)(root, values.junit, values.collected);
            (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .requireKnown */ .$_)(ids, known, new Set(before.keys()), values.new, file);
            const digests = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_4__/* .readFacts */ .MH)(root, [...new Set(artifactOf.values())], []);
            const edits = new Map(ids.map((id) => {
                const artifact = artifactOf.get(id);
                // An expected skip is about the test, not its class: it stays.
                const skip = before.get(id)?.skip;
                return [id, { class: 'locked_fixture', digest: digests.get(artifact), artifact, skip }];
            }));
            const announce = [...edits].map(([id, f]) => {
                const old = before.get(id);
                const what = !old
                    ? 'added'
                    : old.class === 'locked_fixture' && old.digest === f.digest && old.artifact === f.artifact
                        ? 'unchanged'
                        : 'updated';
                return `${file.shown}: ${what} ${id}: locked_fixture, ${f.artifact} ${f.digest}`;
            });
            return { text: (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_3__/* .setRows */ ._j)(text, edits).text, announce };
        });
    });
}


/***/ })

};
