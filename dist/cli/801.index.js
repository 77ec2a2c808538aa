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
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3128);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3776);
// `ledger-gate property ID --invariant NAME --seeds DIR`: make ID a property test whose
// seeds folder (which must hold at least one file) may only grow.




async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .runCommand */ .d1)('property', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: {
                ledger: { type: 'string' },
                invariant: { type: 'string' },
                seeds: { type: 'string' },
                ..._upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .RUN_OPTIONS */ .p7,
            },
        });
        if (positionals.length !== 1) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('usage: property ID --invariant NAME --seeds DIR [--junit GLOB | --collected FILE] [--new] [--ledger FILE]');
        }
        if (values.invariant === undefined || values.invariant.trim() === '') {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('property needs --invariant NAME');
        }
        if (values.seeds === undefined)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .e('property needs --seeds DIR');
        const [id] = positionals;
        const root = io.cwd;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerFile */ .SB)(root, values.ledger);
        const seeds = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .repoPath */ .qN)(root, values.seeds, '--seeds');
        const invariant = values.invariant;
        return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .editLedger */ .Az)(file, io, async (text) => {
            const rows = new Map((0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerRows */ .$v)(text, file).map((r) => [r.id, r]));
            const testRun = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readRun */ .cI)(root, values.junit, values.collected);
            (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .requireKnown */ .$_)([id], testRun, new Set(rows.keys()), values.new, file);
            await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readFacts */ .MH)(root, [], [seeds]);
            const skip = rows.get(id)?.skip; // an expected skip is about the test, not its class
            const edit = (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__/* .setRow */ .zd)(text, id, { class: 'property', invariant, seeds, skip });
            const what = edit.text === text ? 'unchanged' : edit.added ? 'added' : 'updated';
            const announce = [`${file.shown}: ${what} ${id}: property ${invariant}, seeds ${seeds}`];
            return { text: edit.text, announce };
        });
    });
}


/***/ })

};
