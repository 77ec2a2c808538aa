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
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(218);
// `ledger-gate property ID --invariant NAME --seeds DIR`: make ID a property test whose
// seeds folder (which must hold at least one file) may only grow. An ID may be an id glob.





async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .runCommand */ .d1)('property', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_4__/* .PROPERTY */ .sr.options,
        });
        if (positionals.length === 0) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb('property needs at least one ID (or id glob)');
        }
        if (values.invariant === undefined || values.invariant.trim() === '') {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb('property needs --invariant NAME');
        }
        if (values.seeds === undefined)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb('property needs --seeds DIR');
        const at = (0,_io_js__WEBPACK_IMPORTED_MODULE_3__/* .placeOf */ .$t)(io);
        const root = at.root;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerFile */ .SB)(at, values.ledger);
        const seeds = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .repoPath */ .qN)(root, values.seeds, '--seeds', at.cwd);
        const invariant = values.invariant;
        return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .editLedger */ .Az)(file, io, async (text) => {
            const { rows, ids } = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .rowsAndIds */ .pO)(text, file, at, positionals, values);
            await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readFacts */ .MH)(root, [], [seeds]);
            const edits = new Map(
            // An expected skip is about the test, not its class: it stays.
            ids.map((id) => [id, { class: 'property', invariant, seeds, skip: rows.get(id)?.skip }]));
            const edit = (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__/* .setRows */ ._j)(text, edits);
            const announce = ids.map((id) => {
                const old = rows.get(id);
                const what = !old
                    ? 'added'
                    : old.class === 'property' && old.invariant === invariant && old.seeds === seeds
                        ? 'unchanged'
                        : 'updated';
                return `${file.shown}: ${what} ${id}: property ${invariant}, seeds ${seeds}`;
            });
            return { text: edit.text, announce };
        }, { dryRun: values['dry-run'] });
    });
}


/***/ })

};
