export const id = 758;
export const ids = [758];
export const modules = {

/***/ 4758:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2113);
/* harmony import */ var _ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9825);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3128);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(218);
// `ledger-gate relock PATH…`: after an honest edit of a golden, lock every row that names it
// to its current bytes in one command (a golden shared by 94 tests is one command, not 94).







async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .runCommand */ .d1)('relock', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_5__/* .RELOCK */ .DS.options,
        });
        if (positionals.length === 0)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb('relock needs at least one PATH');
        const at = (0,_io_js__WEBPACK_IMPORTED_MODULE_4__/* .placeOf */ .$t)(io);
        const root = at.root;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerFile */ .SB)(at, values.ledger);
        const artifacts = [...new Set(positionals.map((p) => (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .repoPath */ .qN)(root, p, 'relock', at.cwd)))];
        return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .editLedger */ .Az)(file, io, async (text) => {
            const rows = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerRows */ .$v)(text, file).filter((r) => r.class === 'locked_fixture');
            for (const a of artifacts) {
                if (!rows.some((r) => r.artifact === a)) {
                    throw new _types_js__WEBPACK_IMPORTED_MODULE_3__/* .GateError */ .u(`no locked_fixture row names ${JSON.stringify(a)}`, file.shown);
                }
            }
            const digests = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readFacts */ .MH)(root, artifacts, []);
            const edits = new Map();
            for (const r of rows) {
                const digest = digests.get(r.artifact);
                if (digest !== undefined && digest !== r.digest)
                    edits.set(r.id, {
                        class: 'locked_fixture',
                        digest,
                        // A file row's artifact is its own file, implied and never written.
                        artifact: (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_6__/* .isFileRowId */ .A$)(r.id) ? undefined : r.artifact,
                        skip: r.skip,
                    });
            }
            const announce = artifacts.map((a) => {
                const of = rows.filter((r) => r.artifact === a);
                const changed = of.filter((r) => edits.has(r.id)).length;
                return (`${file.shown}: ${a} ${digests.get(a)}: ${changed} row${changed === 1 ? '' : 's'} re-locked` +
                    `, ${of.length - changed} already matched`);
            });
            return { text: (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__/* .setRows */ ._j)(text, edits).text, announce };
        }, { dryRun: values['dry-run'] });
    });
}


/***/ })

};
