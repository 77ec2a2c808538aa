export const id = 982;
export const ids = [982];
export const modules = {

/***/ 2982:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _adapters_fs_report_globs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3692);
/* harmony import */ var _decision_holdout_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4221);
/* harmony import */ var _report_escape_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4031);
/* harmony import */ var _gather_reports_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9556);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(218);
// `ledger-gate holdout-ids --junit GLOB`: the lookup table from the gate's opaque hold-out ids
// to the cases, for the hold-out job's own log (never the gate's outputs: it names the cases).







async function run(argv, io, env = process.env) {
    const { values: v } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
        args: argv,
        strict: true,
        allowPositionals: false,
        options: _tables_js__WEBPACK_IMPORTED_MODULE_5__/* .HOLDOUT_IDS */ .fl.options,
    });
    if (!v.junit?.length)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb('holdout-ids needs at least one --junit GLOB');
    const key = env.LEDGER_GATE_HOLDOUT_KEY ?? '';
    if (key.length < _decision_holdout_js__WEBPACK_IMPORTED_MODULE_2__/* .HOLDOUT_KEY_MIN */ .zU)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`holdout-ids needs the gate's key (at least ${_decision_holdout_js__WEBPACK_IMPORTED_MODULE_2__/* .HOLDOUT_KEY_MIN */ .zU} characters) in LEDGER_GATE_HOLDOUT_KEY`);
    const expanded = await (0,_adapters_fs_report_globs_js__WEBPACK_IMPORTED_MODULE_1__/* .expandReports */ .u)(io.cwd, v.junit);
    const read = await (0,_gather_reports_js__WEBPACK_IMPORTED_MODULE_3__/* .parseReports */ .jk)({
        root: io.cwd,
        files: expanded.files,
        problems: expanded.problems,
    });
    for (const r of read.reports)
        for (const c of r.cases)
            io.stdout(`${(0,_decision_holdout_js__WEBPACK_IMPORTED_MODULE_2__/* .holdoutId */ .pM)(key, c)}  ${c.status}  ${(0,_report_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .neutralise */ .$0)(c.classname ?? '')}  ${(0,_report_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .neutralise */ .$0)(c.name)}\n`);
    for (const p of read.reportProblems)
        io.stderr(`ledger-gate holdout-ids: ${(0,_report_escape_js__WEBPACK_IMPORTED_MODULE_6__/* .neutralise */ .$0)(`${p.file}: ${p.message}`)}\n`);
    return read.reportProblems.length > 0 ? 1 : 0;
}


/***/ })

};
