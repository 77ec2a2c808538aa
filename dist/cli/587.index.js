export const id = 587;
export const ids = [587];
export const modules = {

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


/***/ })

};
