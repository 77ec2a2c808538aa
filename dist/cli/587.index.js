export const id = 587;
export const ids = [587];
export const modules = {

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
/* harmony import */ var _ledger_rules_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1682);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3776);
// `ledger-gate lock ID… --artifact PATH`: make each ID a locked_fixture of PATH's current
// bytes. `--artifact {file}` locks each test to its own source file (the id before `::`).








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
            values.artifact === _ledger_rules_js__WEBPACK_IMPORTED_MODULE_7__/* .OWN_FILE */ ._D
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
