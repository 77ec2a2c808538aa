export const id = 864;
export const ids = [864];
export const modules = {

/***/ 2864:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2113);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3128);
/* harmony import */ var _ledger_parse_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1123);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(218);
// `ledger-gate quarantine ID… --reason R --owner O`: park each ID or id glob's ids (a pass on
// one is then rejected);
// `ledger-gate quarantine --list`: every quarantined row, oldest first, with its age.







const DAY = 86_400_000;
async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .runCommand */ .d1)('quarantine', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_6__/* .QUARANTINE */ .DX.options,
        });
        const at = (0,_io_js__WEBPACK_IMPORTED_MODULE_5__/* .placeOf */ .$t)(io);
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerFile */ .SB)(at, values.ledger);
        const now = io.now ?? new Date();
        if (values.list) {
            const extra = [
                values.reason,
                values.owner,
                values.junit,
                values.collected,
                values.new,
                values['dry-run'],
            ];
            if (positionals.length > 0 || extra.some((x) => x !== undefined)) {
                throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb('quarantine --list takes no ID or other option but --ledger');
            }
            return list(await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readLedgerText */ .jK)(file), file.shown, now, io);
        }
        if (positionals.length === 0) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb('quarantine needs at least one ID (or id glob), or --list');
        }
        if (values.reason === undefined || values.reason.trim() === '')
            throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb('quarantine needs --reason R');
        if (values.owner === undefined || values.owner.trim() === '') {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb('quarantine needs --owner O (a quarantine without an owner is a parked failure)');
        }
        const { reason, owner } = values;
        return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .editLedger */ .Az)(file, io, async (text) => {
            const { rows, ids } = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .rowsAndIds */ .pO)(text, file, at, positionals, values);
            const edits = new Map();
            const announce = [];
            for (const id of ids) {
                // Re-quarantining keeps the original date: the row's age is what reviewers watch.
                const existing = rows.get(id);
                const opened = existing?.class === 'quarantine' && existing.opened ? existing.opened : (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .isoDate */ ._$)(now);
                const same = existing?.class === 'quarantine' &&
                    existing.reason === reason &&
                    existing.owner === owner;
                // An expected skip is about the test, not its class: it stays.
                edits.set(id, { class: 'quarantine', opened, reason, owner, skip: existing?.skip });
                const what = !existing ? 'added' : same ? 'unchanged' : 'updated';
                announce.push(`${file.shown}: ${what} ${id}: quarantine since ${opened}, owner ${owner}`);
            }
            return { text: (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__/* .setRows */ ._j)(text, edits).text, announce };
        }, { dryRun: values['dry-run'] });
    });
}
function list(text, shown, now, io) {
    const parsed = (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_3__/* .parseLedger */ .h)(text, shown);
    if (!parsed.ledger || parsed.errors.length > 0) {
        const e = parsed.errors[0];
        throw new _types_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .u(`invalid ledger (run ledger-gate lint): ${e?.message ?? ''}`, shown, e?.line, e?.column);
    }
    const today = Date.parse((0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .isoDate */ ._$)(now));
    const rows = parsed.ledger.rows
        .filter((r) => r.class === 'quarantine')
        .map((r) => ({ r, age: Math.floor((today - Date.parse(r.opened)) / DAY) }))
        .sort((a, b) => b.age - a.age || a.r.line - b.r.line);
    if (rows.length === 0) {
        io.stdout(`${shown}: no quarantined rows\n`);
        return 0;
    }
    const table = [
        ['age', 'opened', 'owner', 'id', 'reason'],
        ...rows.map(({ r, age }) => [`${age}d`, r.opened, r.owner, r.id, r.reason]),
    ];
    const width = [0, 1, 2, 3].map((c) => Math.max(...table.map((t) => t[c].length)));
    for (const t of table) {
        const line = t
            .map((cell, c) => (c === 0 ? cell.padStart(width[c]) : c < 4 ? cell.padEnd(width[c]) : cell))
            .join('  ');
        io.stdout(line.trimEnd() + '\n');
    }
    io.stdout(`${rows.length} quarantined row${rows.length === 1 ? '' : 's'}; the oldest was opened ${rows[0].age} days ago\n`);
    return 0;
}


/***/ })

};
