export const id = 50;
export const ids = [50];
export const modules = {

/***/ 3050:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2113);
/* harmony import */ var _ledger_parse_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1123);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3128);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(218);
/* harmony import */ var _options_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6052);
// `ledger-gate promote ID… [--artifact P | --invariant N --seeds D]`: turn agents' drafts into
// the class each proposes, refusing while a field that class requires is missing. An ID may be
// an id glob over the ledger's draft rows.








async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_3__/* .runCommand */ .d1)('promote', io, async () => {
        const { values, positionals } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_6__/* .PROMOTE */ .Rz.options,
        });
        if (positionals.length === 0) {
            throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb('promote needs at least one ID (or id glob)');
        }
        const at = (0,_io_js__WEBPACK_IMPORTED_MODULE_5__/* .placeOf */ .$t)(io);
        const root = at.root;
        const file = (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_3__/* .ledgerFile */ .SB)(at, values.ledger);
        return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_3__/* .editLedger */ .Az)(file, io, async (text) => {
            const ledger = (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_2__/* .parseLedger */ .h)(text, file.shown).ledger;
            const drafts = (ledger?.rows ?? []).filter((r) => r.class === 'draft').map((r) => r.id);
            const ids = (0,_options_js__WEBPACK_IMPORTED_MODULE_7__/* .expandIds */ .Pj)(positionals, drafts, `of a draft row in ${file.shown}`);
            const edits = new Map();
            for (const id of ids)
                edits.set(id, await promoted(id));
            const announce = [...edits].map(([id, f]) => `${file.shown}: promoted ${id}: draft → ${f.class}`);
            return { text: (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__/* .setRows */ ._j)(text, edits).text, announce };
            async function promoted(id) {
                const row = ledger?.byId.get(id);
                if (!row)
                    throw new _types_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .u(`no row for ${JSON.stringify(id)}`, file.shown);
                if (row.class !== 'draft') {
                    throw new _types_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .u(`${id} is a ${row.class} row, not a draft: nothing to promote`, file.shown, row.line, row.column);
                }
                const target = row.proposed_class;
                if (target === 'locked_fixture') {
                    if (values.invariant !== undefined || values.seeds !== undefined) {
                        throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb(`${id} is proposed as locked_fixture: give --artifact, not --invariant/--seeds`);
                    }
                    const given = values.artifact ?? row.artifact;
                    if (given === undefined) {
                        throw new _types_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .u(`refusing to promote ${id} to locked_fixture: no artifact (give --artifact PATH)`, file.shown, row.line, row.column);
                    }
                    const artifact = values.artifact !== undefined ? (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_3__/* .repoPath */ .qN)(root, given, '--artifact', at.cwd) : given;
                    // The digest is always of the bytes as they are now, whatever the draft proposed.
                    const digest = (await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_3__/* .readFacts */ .MH)(root, [artifact], [])).get(artifact);
                    if (row.digest !== undefined && row.digest !== digest) {
                        io.stderr(`note: the draft proposed ${row.digest}; locking the current bytes, ${digest}\n`);
                    }
                    return { class: 'locked_fixture', digest, artifact, skip: row.skip };
                }
                else if (target === 'property') {
                    if (values.artifact !== undefined) {
                        throw new _io_js__WEBPACK_IMPORTED_MODULE_5__/* .UsageError */ .eb(`${id} is proposed as property: give --invariant and --seeds, not --artifact`);
                    }
                    const invariant = values.invariant ?? row.invariant;
                    const given = values.seeds ?? row.seeds;
                    const missing = [
                        invariant === undefined ? '--invariant NAME' : '',
                        given === undefined ? '--seeds DIR' : '',
                    ].filter(Boolean);
                    if (missing.length > 0) {
                        throw new _types_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .u(`refusing to promote ${id} to property: missing ${missing.join(' and ')}`, file.shown, row.line, row.column);
                    }
                    const seeds = values.seeds !== undefined ? (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_3__/* .repoPath */ .qN)(root, given, '--seeds', at.cwd) : given;
                    await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_3__/* .readFacts */ .MH)(root, [], [seeds]);
                    return { class: 'property', invariant: invariant, seeds, skip: row.skip };
                }
                else {
                    throw new _types_js__WEBPACK_IMPORTED_MODULE_4__/* .GateError */ .u(`${id} has no valid proposed_class (run ledger-gate lint)`, file.shown, row.line, row.column);
                }
            }
        }, { dryRun: values['dry-run'] });
    });
}


/***/ })

};
