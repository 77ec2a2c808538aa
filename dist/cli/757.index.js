export const id = 757;
export const ids = [757];
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
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3128);
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


/***/ })

};
