export const id = 494;
export const ids = [494];
export const modules = {

/***/ 2494:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(4006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
// EXTERNAL MODULE: ./src/adapters/fs/default-ledger.ts
var default_ledger = __webpack_require__(7837);
// EXTERNAL MODULE: ./src/adapters/fs/safe-read.ts
var safe_read = __webpack_require__(8782);
// EXTERNAL MODULE: ./src/adapters/git/diff-text.ts
var diff_text = __webpack_require__(1106);
// EXTERNAL MODULE: ./src/adapters/git/git.ts + 2 modules
var git = __webpack_require__(9296);
// EXTERNAL MODULE: ./src/decision/evidence-paths.ts + 1 modules
var evidence_paths = __webpack_require__(8966);
// EXTERNAL MODULE: ./src/gaming/diff.ts
var diff = __webpack_require__(1810);
// EXTERNAL MODULE: ./src/gaming/shapes.ts
var shapes = __webpack_require__(5727);
// EXTERNAL MODULE: ./src/ledger/parse.ts + 3 modules
var parse = __webpack_require__(1123);
// EXTERNAL MODULE: ./src/ledger/file-rows.ts
var file_rows = __webpack_require__(9825);
;// CONCATENATED MODULE: ./src/targets/targets.ts

/** `path:start-end` for each run of added or changed lines of a production file. */
function mutateRanges(added, isProduction) {
    const byPath = new Map();
    for (const a of added) {
        if (!isProduction(a.path))
            continue;
        const l = byPath.get(a.path);
        if (l)
            l.push(a.line);
        else
            byPath.set(a.path, [a.line]);
    }
    const out = [];
    for (const path of [...byPath.keys()].sort()) {
        const lines = [...new Set(byPath.get(path))].sort((a, b) => a - b);
        for (let k = 0; k < lines.length;) {
            let e = k;
            while (e + 1 < lines.length && lines[e + 1] === lines[e] + 1)
                e++;
            out.push(`${path}:${lines[k]}-${lines[e]}`);
            k = e + 1;
        }
    }
    return out;
}
const STRONG = new Set(['locked_fixture', 'property']);
/**
 * The tests the base run judges (decision/base-run.ts: new evidence): the rows of the head's
 * ledger that are a locked_fixture or property now and were not that class at the base
 * (added, newly classified, promoted from a draft, re-classed), and the test files the change
 * adds or edits. Files for jest and vitest (their positional filters); for pytest the rows'
 * node ids and the edited files.
 */
function baseRunTargets(i) {
    const files = new Set();
    const ids = new Set();
    for (const c of i.changed)
        if (c.status !== 'D' && i.isTest(c.path))
            files.add(c.path);
    for (const r of i.head?.rows ?? []) {
        if (!STRONG.has(r.class))
            continue;
        const before = i.base && (0,file_rows/* rowFor */.QW)(i.base, r.id);
        if (before && before.class === r.class)
            continue;
        const at = r.id.indexOf('::');
        const file = at < 0 ? r.id : r.id.slice(0, at);
        // A file row (`FILE::*`) stands for the whole file.
        if (i.runner === 'pytest' && at >= 0 && r.id.slice(at + 2) !== '*')
            ids.add(r.id);
        else
            files.add(file);
    }
    if (i.runner !== 'pytest')
        return [...files].sort();
    // A node id inside a file that runs whole anyway is left out.
    return [...files, ...[...ids].filter((id) => !files.has(id.slice(0, id.indexOf('::'))))].sort();
}

// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/commands/io.ts
var commands_io = __webpack_require__(3776);
// EXTERNAL MODULE: ./src/commands/tables.ts
var tables = __webpack_require__(218);
;// CONCATENATED MODULE: ./src/commands/targets.ts
// `ledger-gate targets --base REF --for stryker|base-run [--runner R]`: what the stronger
// evidence needs to run, so the mutation job and the base job cost what the change touches
// (docs/stronger-evidence.md). One entry per line; nothing at all when there is nothing to run
// (the workflow then skips the job: an empty --mutate would mutate everything).














async function run(argv, io) {
    const { values: v } = (0,external_node_util_.parseArgs)({
        args: argv,
        strict: true,
        allowPositionals: false,
        options: tables/* TARGETS */.dW.options,
    });
    if (v.base === undefined)
        throw new commands_io/* UsageError */.eb('targets needs --base REF');
    const what = v.for;
    if (what !== 'stryker' && what !== 'base-run')
        throw new commands_io/* UsageError */.eb(`--for must be stryker or base-run, not ${JSON.stringify(what ?? '')}`);
    const runner = v.runner ?? 'jest';
    if (runner !== 'pytest' && runner !== 'jest' && runner !== 'vitest')
        throw new commands_io/* UsageError */.eb(`--runner must be pytest, jest or vitest, not ${JSON.stringify(runner)}`);
    const at = (0,commands_io/* placeOf */.$t)(io);
    const root = at.root;
    const head = v.head ?? 'HEAD';
    const baseSha = await (0,git.mergeBase)(root, v.base, head, false);
    const nonEmpty = (l) => l?.filter((g) => g.trim() !== '') ?? [];
    const testGlobs = nonEmpty(v['test-paths']).length
        ? nonEmpty(v['test-paths'])
        : (0,evidence_paths/* globsOf */.p_)(evidence_paths/* DEFAULT_TEST_PATHS */.ED);
    const isTest = picomatch_default()(testGlobs, { dot: true });
    let out;
    if (what === 'stryker') {
        const prod = nonEmpty(v.production);
        const notCode = picomatch_default()([...testGlobs, ...evidence_paths/* DEFAULT_DRAFT_PATHS */.nt, ...(0,evidence_paths/* globsOf */.p_)(evidence_paths/* DEFAULT_HARNESS_PATHS */._N)], { dot: true });
        const isProduction = prod.length > 0
            ? picomatch_default()(prod, { dot: true })
            : (p) => (0,shapes/* languageOf */.eX)(p) !== undefined && !notCode(p);
        out = mutateRanges((0,diff/* parseAddedLines */.H)(await (0,diff_text/* diffText */.N)(root, baseSha, head)), isProduction);
    }
    else {
        const file = v.ledger === undefined ? (0,default_ledger/* defaultLedger */.Vz)(root) : (0,commands_io/* fromCwd */.Be)(at, v.ledger);
        const read = (text, shown) => {
            if (text === null)
                return undefined;
            const p = (0,parse/* parseLedger */.h)(text, shown, { normalisePaths: true });
            if (p.errors.length > 0)
                throw new types/* GateError */.u(`${shown} is invalid: ${p.errors[0].message}`, shown);
            return p.ledger;
        };
        const headText = await (0,safe_read/* readCapped */.EF)(`${root}/${file}`, safe_read/* LIMITS */.b1.ledgerBytes, file).catch(() => null);
        out = baseRunTargets({
            head: read(headText, file),
            base: read(await (0,git.showFile)(root, baseSha, file), `${file}@base`),
            changed: await (0,git.changedPaths)(root, baseSha, head),
            isTest,
            runner: runner,
        });
    }
    for (const line of out)
        io.stdout(line + '\n');
    return 0;
}


/***/ })

};
