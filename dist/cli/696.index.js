export const id = 696;
export const ids = [696,944,758];
export const modules = {

/***/ 4639:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ gitText)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8522);
// A git command's stdout as one utf8 string, through child_process.execFile, for the readers
// that want the text whole or a GateError (blame.ts, diff-text.ts, index-state.ts). Its own
// module, not git.ts: git.ts imports blame.ts and diff-text.ts.


/**
 * `git ARGS` in cwd: its stdout, or a GateError `WHAT failed: …` with the first line of its
 * stderr (else of the error: git not found, the output past maxBuffer).
 */
function gitText(cwd, args, what, { maxBuffer, env }) {
    return new Promise((resolve, reject) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', args, { cwd, encoding: 'utf8', maxBuffer, ...(env ? { env: { ...process.env, ...env } } : {}) }, (error, stdout, stderr) => {
            if (error) {
                const why = String(stderr).trim().split('\n')[0] || error.message.split('\n')[0];
                reject(new _types_js__WEBPACK_IMPORTED_MODULE_1__/* .GateError */ .u(`${what} failed: ${why}`));
            }
            else
                resolve(stdout);
        });
    });
}


/***/ }),

/***/ 3696:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ./src/adapters/git/git-text.ts
var git_text = __webpack_require__(4639);
;// CONCATENATED MODULE: ./src/adapters/git/index-state.ts
// What the pre-commit hook (src/commands/hook.ts) asks git: the paths the commit stages, the
// paths whose working-tree bytes differ from what it stages, where hooks live, and `git add`.
// Paths come back relative to `cwd` (--relative, `-z` separated): the ledger's root may sit
// below the repository's top level (a project inside a larger repository).

// GIT_OPTIONAL_LOCKS=0: git refreshes no index as a side effect (the commit holds its lock).
const git = (cwd, args) => (0,git_text/* gitText */.q)(cwd, args, `git ${args[0]}`, { maxBuffer: 64 << 20, env: { GIT_OPTIONAL_LOCKS: '0' } });
const paths = (out) => out.split('\0').filter((p) => p !== '');
/** The paths the commit being made adds, modifies, renames to or deletes. */
async function stagedPaths(cwd) {
    const base = ['diff', '--cached', '--name-only', '-z', '--no-renames', '--relative'];
    const [changed, added, deleted] = await Promise.all([
        git(cwd, [...base, '--diff-filter=AMT']),
        git(cwd, [...base, '--diff-filter=A']),
        git(cwd, [...base, '--diff-filter=D']),
    ]);
    return { changed: paths(changed), added: paths(added), deleted: paths(deleted) };
}
/**
 * Paths whose working-tree state is not what the commit holds: modified or deleted since they
 * were staged, or untracked (not ignored). A digest of the working tree is the commit's only
 * where none of these is read.
 */
async function unstagedPaths(cwd) {
    const [modified, untracked] = await Promise.all([
        git(cwd, ['diff', '--name-only', '-z', '--no-renames', '--relative']),
        git(cwd, ['ls-files', '-z', '--others', '--exclude-standard']),
    ]);
    return [...paths(modified), ...paths(untracked)];
}
/** Stages one file (the ledger). */
async function stage(cwd, file) {
    await git(cwd, ['add', '--', file]);
}
/** The folder git runs hooks from (core.hooksPath when set), absolute. */
async function hooksDir(cwd) {
    const out = await git(cwd, ['rev-parse', '--path-format=absolute', '--git-path', 'hooks']);
    return out.trim();
}
/** A config value, or undefined when unset. */
async function configValue(cwd, key) {
    try {
        return (await git(cwd, ['config', '--get', key])).trim() || undefined;
    }
    catch {
        return undefined; // `git config --get` exits 1 for an unset key
    }
}
/** The repository's top level, absolute. */
async function topLevel(cwd) {
    return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
}

// EXTERNAL MODULE: ./src/ledger/edit.ts
var ledger_edit = __webpack_require__(2113);
// EXTERNAL MODULE: ./src/ledger/file-rows.ts
var file_rows = __webpack_require__(9825);
// EXTERNAL MODULE: ./src/ledger/parse.ts + 3 modules
var parse = __webpack_require__(1123);
// EXTERNAL MODULE: ./src/ledger/rules.ts
var ledger_rules = __webpack_require__(1682);
;// CONCATENATED MODULE: ./src/hook/new-files.ts
// Which staged new files the pre-commit hook may give a file row without a test run (pure).
// `update` classes a new test by the ledger's rules from the run's ids; the hook has no run,
// so it adds `FILE::*` (locked to the file itself) only where that is what every id of the
// file would get: the file is named as runners name test files, and the first rule that can
// match any id of it matches them all and says `locked_fixture:{file}`. Anything else is left
// to `update`, which sees the ids.

/** Test file names as pytest, jest/vitest/mocha/node, go and JUnit runners find them. */
const TEST_FILE = /(^|\/)(test_[^/]*\.py|[^/]*_test\.py|[^/]*\.(test|spec)\.[cm]?[jt]sx?|[^/]*_test\.go|(Test[^/]*|[^/]*Tests?)\.(java|kt))$/;
function looksLikeTestFile(file) {
    return TEST_FILE.test(file);
}
/** The literal start of an id glob (up to its first `*`), and whether it ends in one `*` only. */
function shape(glob) {
    const star = glob.indexOf('*');
    if (star < 0)
        return { prefix: glob, prefixOnly: false };
    return { prefix: glob.slice(0, star), prefixOnly: star === glob.length - 1 };
}
/**
 * Would every test of `file` be locked to the file itself by these rules (in order)? True
 * only when the first rule that can match an id of the file matches every id of it and is
 * `locked_fixture:{file}`.
 */
function fileRowByRules(rules, file) {
    const ids = `${file}::`;
    for (const rule of rules) {
        // The glob is what parseClassRule matched before `=CLASS:`.
        const glob = /^(.+)=(property|locked_fixture):/s.exec(rule.text)?.[1] ?? '';
        const { prefix, prefixOnly } = shape(glob);
        const mayMatch = prefix.startsWith(ids) || ids.startsWith(prefix);
        if (!mayMatch)
            continue;
        const matchesAll = prefixOnly && ids.startsWith(prefix);
        return (matchesAll && rule.fields.class === 'locked_fixture' && rule.fields.artifact === ledger_rules/* OWN_FILE */._D);
    }
    return false;
}

// EXTERNAL MODULE: ./src/ledger/golden-set.ts
var golden_set = __webpack_require__(8053);
;// CONCATENATED MODULE: ./src/hook/script.ts
// The pre-commit hook's text (pure): what `ledger-gate hook install` writes into a hooks folder,
// how it keeps a hook that was already there, and the lines it adds to husky's and lefthook's
// files. The hook runs `ledger-gate hook run`, which re-locks the ledger rows of the staged
// test files and goldens and stages the ledger (src/commands/hook.ts); it grants nothing: the
// gate judges the commit that carries the re-lock like any ledger edit.
/** Every file the installer writes or edits carries this line, so a second install finds it. */
const MARK = '# ledger-gate: re-lock the ledger rows of staged test files and goldens';
/** The name the hook that was there before is kept under, beside the new one. */
const CHAINED = 'pre-commit.before-ledger-gate';
/** A word of a shell command, quoted for sh when it needs to be. */
function shellWord(w) {
    return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`;
}
/**
 * The hook file for a plain hooks folder: the kept hook first (its failure stops the commit,
 * as it did before), then ours. `command` is how the CLI is called (`ledger-gate`, or
 * `node /path/dist/cli/index.js` from a clone).
 */
function hookScript(command, chained) {
    const lines = [
        '#!/bin/sh',
        MARK,
        '# Installed by `ledger-gate hook install`; see docs/keeping.md.',
    ];
    if (chained) {
        lines.push(`# The pre-commit hook that was here before, kept as ${CHAINED} and run first.`, `"$(dirname "$0")/${CHAINED}" "$@" || exit $?`);
    }
    lines.push(`${command} hook run || exit $?`, '');
    return lines.join('\n');
}
/** Is this hook file one `hook install` wrote? */
function isOurs(text) {
    return text.includes(MARK);
}
/**
 * Husky's `.husky/pre-commit` with our line added at its end (husky runs the file with sh;
 * v9 files have no shebang). Unchanged when the line is there already.
 */
function withHuskyLine(text, command) {
    if (text !== undefined && isOurs(text))
        return text;
    const body = text === undefined || text === '' ? '' : text.endsWith('\n') ? text : text + '\n';
    return `${body}${MARK}\n${command} hook run\n`;
}
/** What to add to lefthook.yml: lefthook owns .git/hooks and rewrites them on `lefthook install`. */
function lefthookSnippet(command) {
    return [
        'pre-commit:',
        '  commands:',
        '    ledger-gate:',
        `      run: ${command} hook run`,
        '',
    ].join('\n');
}

// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/commands/io.ts
var commands_io = __webpack_require__(3776);
// EXTERNAL MODULE: ./src/commands/relock.ts
var relock = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/commands/tables.ts
var tables = __webpack_require__(218);
// EXTERNAL MODULE: ./src/commands/upkeep.ts
var upkeep = __webpack_require__(8944);
;// CONCATENATED MODULE: ./src/commands/hook.ts
// `ledger-gate hook install | run`: one CI cycle per honest commit (issue 37). A human who edits
// a locked test file or golden learns from CI, a cycle later, that its row must be re-locked;
// the fix is known before the push. `hook install` puts a git pre-commit hook in place (keeping
// the hook that was there, or as a line of husky's .husky/pre-commit; lefthook gets a snippet to
// add), and the hook runs `hook run`: the rows of the staged test files and goldens re-locked to
// the staged bytes (relock's edit), the ledger staged into the same commit, what changed said.
// No test run is needed: a file row (FILE::*) covers the new tests of its file. It grants
// nothing: the gate judges the commit that carries the re-lock like any ledger edit, so an
// agent's commit that ran the hook is still `ledger-agent-edit`.
















const LEFTHOOK_FILES = [
    'lefthook.yml',
    '.lefthook.yml',
    'lefthook.yaml',
    '.lefthook.yaml',
    'lefthook.json',
    'lefthook.toml',
];
async function run(argv, io) {
    return (0,upkeep/* runCommand */.d1)('hook', io, async () => {
        const { values, positionals } = (0,external_node_util_.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: true,
            options: tables/* HOOK */.cc.options,
        });
        const [action, extra] = positionals;
        if (extra !== undefined)
            throw new commands_io/* UsageError */.eb(`unexpected argument ${JSON.stringify(extra)}`);
        if (action === 'install')
            return install(values.command ?? 'ledger-gate', io);
        if (action === 'run')
            return relockStaged(values.ledger, io);
        throw new commands_io/* UsageError */.eb(action === undefined
            ? 'hook needs an action: install or run'
            : `unknown hook action ${JSON.stringify(action)} (install or run)`);
    });
}
async function install(command, io) {
    if (command.trim() === '' || /[\n\r\0]/.test(command))
        throw new commands_io/* UsageError */.eb('--command must be one line (how the hook calls ledger-gate)');
    const top = await topLevel((0,commands_io/* placeOf */.$t)(io).cwd);
    const said = (abs) => external_node_path_default().relative(top, abs).split((external_node_path_default()).sep).join('/') || abs;
    // lefthook writes .git/hooks itself on `lefthook install`: a hook written there would be
    // overwritten, so the line goes into its config, by the user.
    const lefthook = LEFTHOOK_FILES.find((f) => (0,external_node_fs_.existsSync)(external_node_path_default().join(top, f)));
    if (lefthook !== undefined) {
        io.stdout(`${lefthook}: lefthook manages this repository's hooks; add the ledger-gate command to its pre-commit, then run \`lefthook install\`:\n\n` +
            lefthookSnippet(command) +
            '\nnothing written\n');
        return 0;
    }
    // husky (v9: core.hooksPath .husky/_; the user's hooks are .husky/<name>, committed).
    const hooksPath = await configValue(top, 'core.hooksPath');
    const husky = external_node_path_default().join(top, '.husky');
    if ((hooksPath !== undefined && /^\.husky(\/|$)/.test(hooksPath)) ||
        (hooksPath === undefined && (0,external_node_fs_.existsSync)(husky))) {
        const file = external_node_path_default().join(husky, 'pre-commit');
        const before = (0,external_node_fs_.existsSync)(file) ? (0,external_node_fs_.readFileSync)(file, 'utf8') : undefined;
        const after = withHuskyLine(before, command);
        if (after === before) {
            io.stdout(`${said(file)}: already runs \`${command} hook run\`; nothing written\n`);
            return 0;
        }
        (0,external_node_fs_.mkdirSync)(husky, { recursive: true });
        (0,external_node_fs_.writeFileSync)(file, after);
        (0,external_node_fs_.chmodSync)(file, 0o755);
        io.stdout(`${said(file)}: ${before === undefined ? 'written' : 'added a line'}: \`${command} hook run\` (commit it: every clone that runs husky gets it)\n` +
            (hooksPath === undefined
                ? 'husky is not installed in this clone (core.hooksPath is unset): run `npx husky` so git uses .husky/\n'
                : ''));
        return 0;
    }
    const dir = await hooksDir(top);
    (0,external_node_fs_.mkdirSync)(dir, { recursive: true });
    const file = external_node_path_default().join(dir, 'pre-commit');
    const kept = external_node_path_default().join(dir, CHAINED);
    const before = (0,external_node_fs_.existsSync)(file) ? (0,external_node_fs_.readFileSync)(file, 'utf8') : undefined;
    let note = '';
    if (before !== undefined && !isOurs(before)) {
        if ((0,external_node_fs_.existsSync)(kept))
            throw new types/* GateError */.u(`${said(kept)} exists already: refusing to overwrite a kept hook (move one of them aside)`, said(file));
        (0,external_node_fs_.renameSync)(file, kept);
        note = `; the hook that was there is kept as ${said(kept)} and runs first`;
    }
    const text = hookScript(command, (0,external_node_fs_.existsSync)(kept));
    if (text === before) {
        io.stdout(`${said(file)}: already installed; nothing written\n`);
        return 0;
    }
    (0,external_node_fs_.writeFileSync)(file, text);
    (0,external_node_fs_.chmodSync)(file, 0o755);
    io.stdout(`${said(file)}: ${before !== undefined && isOurs(before) ? 'updated' : 'installed'}: runs \`${command} hook run\` before each commit${note}\n`);
    return 0;
}
/** `hook run`: re-lock the rows of the staged files to the staged bytes and stage the ledger. */
async function relockStaged(ledgerArg, io) {
    const at = (0,commands_io/* placeOf */.$t)(io);
    const root = at.root;
    const file = (0,upkeep/* ledgerFile */.SB)(at, ledgerArg);
    const say = (s) => io.stdout(`ledger-gate hook: ${s}\n`);
    if (!(0,external_node_fs_.existsSync)(file.abs)) {
        say(`no ledger at ${file.shown}; nothing to re-lock`);
        return 0;
    }
    const ledgerPath = external_node_path_default().relative(root, file.abs).split((external_node_path_default()).sep).join('/');
    const staged = await stagedPaths(root);
    const text = await (0,upkeep/* readLedgerText */.jK)(file);
    // A deleted test file's rows go with it, as `update` drops them: their tests are gone with
    // the file, whatever a run would say. (A deleted golden's rows stay: their tests may not.)
    const deleted = new Set(staged.deleted.filter((p) => p !== ledgerPath));
    const drop = new Set();
    for (const r of (0,upkeep/* ledgerRows */.$v)(text, file)) {
        const of = (0,file_rows/* testFile */.NJ)(r.id);
        if (deleted.has(of) && !(0,external_node_fs_.existsSync)(external_node_path_default().join(root, of)))
            drop.add(r.id);
    }
    const rows = (0,relock.lockableRows)(text, file).filter((r) => !drop.has(r.id));
    const keys = [];
    for (const p of [...staged.changed, ...deleted])
        if (p !== ledgerPath)
            for (const k of (0,relock.keysSelectedBy)(rows, p))
                if (!keys.includes(k))
                    keys.push(k);
    // A new test file no row names gets its file row where the rules say so (new-files.ts).
    const { fresh, unclassed } = newTestFiles(text, file, staged.added);
    for (const f of fresh)
        keys.push(f);
    if (keys.length === 0 && drop.size === 0) {
        for (const f of unclassed)
            say(leftToUpdate(f));
        return 0;
    }
    // The digest is taken of the working tree: it is the commit's only where the working tree
    // holds what is staged. A partly staged file (or an untracked member of a golden glob) would
    // be locked to bytes the commit does not hold: refused, with how to go on.
    const dirty = await unstagedPaths(root);
    if (dirty.includes(ledgerPath))
        throw new types/* GateError */.u(`has changes that are not staged: the hook stages the ledger it writes; stage them (git add ${ledgerPath}) or set them aside (git stash --keep-index), then commit again`, file.shown);
    for (const p of dirty) {
        const hit = fresh.includes(p) ? p : (0,relock.keysSelectedBy)(rows, p).find((k) => keys.includes(k));
        if (hit !== undefined)
            throw new types/* GateError */.u(`${p} has changes that are not staged, and ${(0,golden_set/* goldenLabel */.uJ)(hit)} is locked in the ledger: the hook locks what the commit holds; stage them (git add ${p}) or set them aside (git stash --keep-index), then commit again`);
    }
    // A deleted file's rows are not re-locked (there are no bytes): update or drop says what
    // becomes of its tests.
    const digests = new Map();
    const gone = [];
    for (const k of keys) {
        try {
            digests.set(k, (await (0,upkeep/* readFacts */.MH)(root, [k], [])).get(k));
        }
        catch (e) {
            if (!(e instanceof types/* GateError */.u))
                throw e;
            gone.push(k);
        }
    }
    const locked = keys.filter((k) => digests.has(k) && !fresh.includes(k));
    const dropped = drop.size === 0 ? text : (0,ledger_edit/* dropRows */.X7)(text, drop);
    const added = new Map(fresh
        .filter((f) => digests.has(f))
        .map((f) => [(0,file_rows/* fileRowId */.OI)(f), { class: 'locked_fixture', digest: digests.get(f) }]));
    const withNew = added.size === 0 ? dropped : (0,ledger_edit/* setRows */._j)(dropped, added).text;
    const edit = (0,relock.relockEdit)(withNew, file, rows, locked, digests);
    for (const k of gone)
        say(`${(0,golden_set/* goldenLabel */.uJ)(k)}: deleted or unreadable, its rows left as they are: run \`ledger-gate update --junit …\` (or \`ledger-gate drop ID\`) for its tests`);
    for (const f of unclassed)
        say(leftToUpdate(f));
    if (edit.changed === 0 && drop.size === 0 && added.size === 0)
        return 0;
    if (!(0,upkeep/* writeLedger */.XL)(edit.text, file, io, { before: text }))
        return 1;
    await stage(root, ledgerPath);
    for (const f of deleted) {
        const n = [...drop].filter((id) => (0,file_rows/* testFile */.NJ)(id) === f).length;
        if (n > 0)
            say(`${file.shown}: ${f}: deleted, ${n} row${n === 1 ? '' : 's'} dropped`);
    }
    for (const [id, f] of added)
        say(`${file.shown}: added ${id}: locked_fixture, ${f.digest}`);
    for (const line of edit.announce)
        say(line);
    const did = [
        ...(edit.changed > 0 ? [`${edit.changed} row${edit.changed === 1 ? '' : 's'} re-locked`] : []),
        ...(added.size > 0 ? [`${added.size} added`] : []),
        ...(drop.size > 0 ? [`${drop.size} dropped`] : []),
    ];
    say(`${file.shown}: staged with this commit (${did.join(', ')})`);
    return 0;
}
const leftToUpdate = (f) => `${f}: a new test file the ledger's rules do not lock to itself: run \`ledger-gate update --junit …\` to class its tests`;
/**
 * The staged new files that look like test files and have no row: those the ledger's rules
 * lock to themselves (a file row is added), and the rest (left to `update`).
 */
function newTestFiles(text, file, added) {
    const parsed = (0,parse/* parseLedger */.h)(text, file.shown).ledger;
    const rules = (parsed?.rules ?? [ledger_rules/* DEFAULT_RULE */.NG])
        .map((r) => (0,ledger_rules/* parseClassRule */.WT)(r))
        .filter((r) => !('problem' in r));
    const named = new Set((parsed?.rows ?? []).map((r) => (0,file_rows/* testFile */.NJ)(r.id)));
    const fresh = [];
    const unclassed = [];
    for (const f of added) {
        if (!looksLikeTestFile(f) || named.has(f))
            continue;
        (fileRowByRules(rules, f) ? fresh : unclassed).push(f);
    }
    return { fresh, unclassed };
}


/***/ }),

/***/ 4758:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   keysSelectedBy: () => (/* binding */ keysSelectedBy),
/* harmony export */   lockableRows: () => (/* binding */ lockableRows),
/* harmony export */   relockEdit: () => (/* binding */ relockEdit),
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2113);
/* harmony import */ var _ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9825);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8944);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3776);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(218);
/* harmony import */ var _ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8053);
// `ledger-gate relock PATH…`: after an honest edit of a golden, lock every row that names it
// to its current bytes in one command (a golden shared by 94 tests is one command, not 94).








/** Does the path given to relock select a row of this artifact (key)? */
function selects(key, given) {
    return key === given || (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_6__/* .goldenPatterns */ .BZ)(key).includes(given) || (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_6__/* .inGoldenSet */ .Vi)(key, given);
}
/** The rows relock writes: locked_fixture rows with a digest of their own. */
function lockableRows(text, file) {
    // A row of `skip:` alone follows its file row's digest: it has none of its own to write.
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .ledgerRows */ .$v)(text, file).filter((r) => r.class === 'locked_fixture' && !r.inherits);
}
/**
 * The artifact keys of the rows a path selects: those that name it, and those of every golden
 * list or glob it is in or written as (golden-set.ts): each such row is locked to its whole set.
 */
function keysSelectedBy(rows, given) {
    const keys = [];
    for (const r of rows)
        if (r.artifact !== undefined && selects(r.artifact, given) && !keys.includes(r.artifact))
            keys.push(r.artifact);
    return keys;
}
/** The ledger text with every row of `keys` locked to its digest, and a line per key. */
function relockEdit(text, file, rows, keys, digests) {
    const edits = new Map();
    for (const r of rows) {
        const digest = digests.get(r.artifact);
        if (digest !== undefined && digest !== r.digest)
            edits.set(r.id, {
                class: 'locked_fixture',
                digest,
                // A file row's artifact is its own file, implied and never written.
                artifact: (0,_ledger_file_rows_js__WEBPACK_IMPORTED_MODULE_7__/* .isFileRowId */ .A$)(r.id) ? undefined : r.artifact,
                skip: r.skip,
            });
    }
    const announce = keys.map((k) => {
        const of = rows.filter((r) => r.artifact === k);
        const changed = of.filter((r) => edits.has(r.id)).length;
        return (`${file.shown}: ${(0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_6__/* .goldenLabel */ .uJ)(k)} ${digests.get(k)}: ${changed} row${changed === 1 ? '' : 's'} re-locked` +
            `, ${of.length - changed} already matched`);
    });
    return { text: (0,_ledger_edit_js__WEBPACK_IMPORTED_MODULE_1__/* .setRows */ ._j)(text, edits).text, announce, changed: edits.size };
}
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
            const rows = lockableRows(text, file);
            const keys = [];
            for (const a of artifacts) {
                const of = keysSelectedBy(rows, a);
                if (of.length === 0)
                    throw new _types_js__WEBPACK_IMPORTED_MODULE_3__/* .GateError */ .u(`no locked_fixture row names ${JSON.stringify(a)}`, file.shown);
                for (const k of of)
                    if (!keys.includes(k))
                        keys.push(k);
            }
            const digests = await (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_2__/* .readFacts */ .MH)(root, keys, []);
            const { text: after, announce } = relockEdit(text, file, rows, keys, digests);
            return { text: after, announce };
        }, { dryRun: values['dry-run'] });
    });
}


/***/ }),

/***/ 8944:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $v: () => (/* binding */ ledgerRows),
/* harmony export */   Az: () => (/* binding */ editLedger),
/* harmony export */   EF: () => (/* binding */ ledgerProblems),
/* harmony export */   Hd: () => (/* binding */ formatIssue),
/* harmony export */   MH: () => (/* binding */ readFacts),
/* harmony export */   SB: () => (/* binding */ ledgerFile),
/* harmony export */   XL: () => (/* binding */ writeLedger),
/* harmony export */   _$: () => (/* binding */ isoDate),
/* harmony export */   cI: () => (/* binding */ readRun),
/* harmony export */   cZ: () => (/* reexport safe */ _project_js__WEBPACK_IMPORTED_MODULE_15__.cZ),
/* harmony export */   d1: () => (/* binding */ runCommand),
/* harmony export */   jK: () => (/* binding */ readLedgerText),
/* harmony export */   pA: () => (/* binding */ nearest),
/* harmony export */   pO: () => (/* binding */ rowsAndIds),
/* harmony export */   qN: () => (/* binding */ repoPath),
/* harmony export */   zV: () => (/* binding */ artifactArg)
/* harmony export */ });
/* unused harmony exports requireKnown, samePathTail, namedIds */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _adapters_fs_default_ledger_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7837);
/* harmony import */ var _adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1483);
/* harmony import */ var _ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8053);
/* harmony import */ var _adapters_fs_report_globs_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3692);
/* harmony import */ var _adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8782);
/* harmony import */ var _junit_map_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6882);
/* harmony import */ var _gather_reports_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9556);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8522);
/* harmony import */ var _io_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3776);
/* harmony import */ var _options_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(6052);
/* harmony import */ var _ledger_distance_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(1126);
/* harmony import */ var _ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(1123);
/* harmony import */ var _ledger_pathRules_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(19);
/* harmony import */ var _adapters_fs_ledger_paths_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(9193);
/* harmony import */ var _project_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(4330);
// What the upkeep commands (init, lock, relock, property, quarantine, promote, drop, digest,
// lint) share: reading and writing the ledger file, checking a result before it is written,
// turning user-given paths into repo-relative ones, and reading a test run's ids to refuse
// typos. The repository root is found from the working directory (io.ts), and paths on the
// command line are relative to the working directory.
















/**
 * The ledger a command reads and writes: `--ledger` relative to the working directory, by
 * default the repository's test folder's ledger.yaml (adapters/fs/default-ledger.ts). One outside the repository, or reached through a
 * symlinked folder, is refused here, before anything is read or written.
 */
function ledgerFile(at, arg) {
    // One call with a value the bundler cannot see through: a constant path here would make ncc
    // copy every tests/ledger.yaml below the build's folder into dist/ as an asset.
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(arg === undefined ? at.root : at.cwd, arg ?? (0,_adapters_fs_default_ledger_js__WEBPACK_IMPORTED_MODULE_2__/* .defaultLedger */ .Vz)(at.root));
    const file = { abs, shown: shownPath(at.cwd, abs), root: at.root };
    (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .refuseOutside */ .gz)(at.root, abs, file.shown);
    return file;
}
function shownPath(cwd, abs) {
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(cwd, abs);
    return (rel.startsWith('..') || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel) ? abs : rel).split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join('/');
}
async function readLedgerText(file) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file.abs)) {
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u('no ledger here (create one with `ledger-gate init`)', file.shown);
    }
    return (0,_adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__/* .readCapped */ .EF)(file.abs, _adapters_fs_safe_read_js__WEBPACK_IMPORTED_MODULE_6__/* .LIMITS */ .b1.ledgerBytes, file.shown);
}
/** Every problem with a ledger text, the file-system path checks included. */
function ledgerProblems(text, file, root) {
    const parsed = (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__/* .parseLedger */ .h)(text, file.shown);
    const issues = [...parsed.errors];
    if (parsed.ledger)
        issues.push(...(0,_adapters_fs_ledger_paths_js__WEBPACK_IMPORTED_MODULE_13__/* .checkLedgerPaths */ .W)(parsed.ledger, root));
    issues.sort((a, b) => a.line - b.line || a.column - b.column);
    return { parsed, issues };
}
function formatIssue(i) {
    return `${i.file}:${i.line}:${i.column}: ${i.message}`.replace(/[\r\n]+/g, ' ');
}
/**
 * Validates `text` and writes it in place of the ledger (via a temporary file and a rename,
 * so a reader never sees half a ledger). Refuses, writing nothing, when it is invalid.
 */
function writeLedger(text, file, io, opts = {}) {
    const { issues } = ledgerProblems(text, file, file.root);
    if (issues.length > 0) {
        io.stderr(`refusing to write ${file.shown}: the result would be invalid\n`);
        for (const i of issues.slice(0, 50))
            io.stderr(formatIssue(i) + '\n');
        if (issues.length > 50)
            io.stderr(`… and ${issues.length - 50} more\n`);
        return false;
    }
    if (opts.dryRun) {
        (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .printDryRun */ .AG)(io, file.shown, opts.before ?? '', text);
        return true;
    }
    const tmp = `${file.abs}.ledger-gate-${process.pid}.tmp`;
    let mode;
    try {
        mode = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(file.abs).mode & 0o777;
    }
    catch {
        mode = undefined;
    }
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(tmp, text, mode === undefined ? undefined : { mode });
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.renameSync)(tmp, file.abs);
    return true;
}
/**
 * The sequence every command that edits the ledger ends with: read it, compute the edit from
 * its text, write the result (validated first, then atomically) and announce what changed.
 * `edit` may throw to refuse; nothing is written then. Exit status: 0, or 1 when the result
 * would be invalid.
 */
async function editLedger(file, io, edit, opts = {}) {
    const before = await readLedgerText(file);
    const result = await edit(before);
    if (!writeLedger(result.text, file, io, { dryRun: opts.dryRun, before }))
        return 1;
    if (opts.dryRun)
        return 0;
    for (const line of result.announce)
        io.stdout(line + '\n');
    return 0;
}
/**
 * A path given relative to `from` (the working directory for a path typed on the command
 * line; the root for a test id's file) as the repo-relative, `/`-separated path the ledger
 * stores.
 */
function repoPath(root, given, what, from = root) {
    if (given.includes('\0'))
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} contains a NUL character`);
    const abs = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(from, given);
    const rel = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(root, abs).split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join('/');
    if (rel === '' || rel.startsWith('../') || rel === '..' || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(rel)) {
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} ${JSON.stringify(given)} is not inside the repository (${root})`);
    }
    const out = given.endsWith('/') && !rel.endsWith('/') ? rel + '/' : rel;
    const why = (0,_ledger_pathRules_js__WEBPACK_IMPORTED_MODULE_14__/* .pathProblem */ .z9)(out);
    if (why)
        throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`${what} ${JSON.stringify(given)} ${why}`);
    return out;
}
/**
 * `--artifact`, given once or more: one golden path, a glob, or several of them locked as one
 * set (CONTRACT §2); the row's artifact key (golden-set.ts).
 */
function artifactArg(root, given, from = root) {
    const paths = given.map((g) => {
        const p = repoPath(root, g, '--artifact', from);
        const why = (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .globProblem */ .AI)(p);
        if (why)
            throw new _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb(`--artifact ${JSON.stringify(g)} ${why}`);
        return p;
    });
    return (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .goldenKey */ .bm)(paths);
}
/** Today's date, YYYY-MM-DD, in UTC. */
function isoDate(d) {
    return d.toISOString().slice(0, 10);
}
/** Runs a command body: usage errors exit 2, GateErrors (bad input, refusals) exit 1. */
async function runCommand(name, io, body) {
    try {
        return await body();
    }
    catch (e) {
        if (e instanceof _io_js__WEBPACK_IMPORTED_MODULE_10__/* .UsageError */ .eb || e.code?.startsWith('ERR_PARSE_ARGS')) {
            io.stderr(`ledger-gate ${name}: ${(0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .usageMessage */ .XI)(e)}\n`);
            return 2;
        }
        if (e instanceof _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u) {
            io.stderr(`ledger-gate ${name}: ${e.oneLine}\n`);
            return 1;
        }
        if (e instanceof _options_js__WEBPACK_IMPORTED_MODULE_11__/* .GlobError */ .pZ) {
            io.stderr(`ledger-gate ${name}: ${e.message}: nothing written\n`);
            return 1;
        }
        throw e;
    }
}
/**
 * Digests of artifacts and checks of seeds folders, read the way the gate reads them; a
 * missing, unreadable or empty one is refused (a ledger row for it would be rejected).
 */
async function readFacts(root, artifacts, seeds) {
    const facts = {
        artifacts: await (0,_adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .artifactFacts */ .SJ)(root, artifacts),
        seeds: await (0,_adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__/* .seedsFacts */ .sB)(root, seeds),
    };
    const digests = new Map();
    for (const a of artifacts) {
        const f = facts.artifacts.get(a);
        if (f?.digest === undefined)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`artifact: ${f?.problem ?? 'unreadable'}`, (0,_ledger_golden_set_js__WEBPACK_IMPORTED_MODULE_4__/* .goldenLabel */ .uJ)(a));
        digests.set(a, f.digest);
    }
    for (const s of seeds) {
        const f = facts.seeds.get(s);
        if (f === undefined || f.problem !== undefined || f.files === 0) {
            throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`seeds folder: ${f?.problem ?? 'holds no seed files; add at least one'}`, s);
        }
    }
    return digests;
}
/**
 * Where `init`'s modeline points editors (yaml-language-server) for the ledger's JSON Schema,
 * shipped in this repository as schema/ledger.schema.json. `init --schema URL` overrides it.
 */

/**
 * Reads the run given on the command line, mapped to ids as `check` maps it; `undefined` when
 * neither `--junit` nor `--collected` was given. Fails closed: an unreadable report, or a case
 * that maps to no single id, refuses the command.
 */
async function readRun(at, junit, collected) {
    if (junit === undefined && collected === undefined)
        return undefined;
    const root = at.root;
    // Read as `check` reads them (the same containment checks); the first problem refuses.
    const parsed = await (0,_gather_reports_js__WEBPACK_IMPORTED_MODULE_8__/* .parseReports */ .jk)({
        root,
        ...(await (0,_adapters_fs_report_globs_js__WEBPACK_IMPORTED_MODULE_5__/* .expandReports */ .u)(root, (junit ?? []).map((g) => (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .fromCwd */ .Be)(at, g)))),
        collected: collected === undefined ? undefined : (0,_io_js__WEBPACK_IMPORTED_MODULE_10__/* .fromCwd */ .Be)(at, collected),
    });
    const problem = parsed.reportProblems[0];
    if (problem)
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(problem.message, problem.file, problem.line);
    const { reports, collected: ids } = parsed;
    const opts = { collected: ids, repoRoot: root };
    const { tests, unmapped, collection } = (0,_junit_map_js__WEBPACK_IMPORTED_MODULE_7__/* .mapCases */ .gq)(reports, opts);
    if (unmapped.length > 0) {
        const u = unmapped[0];
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`${unmapped.length} test case${unmapped.length === 1 ? '' : 's'} map to no single id ` +
            `(first: ${JSON.stringify(u.case.name)}: ${u.reason}); for pytest, use --collected with \`pytest --collect-only -q\` output`, u.case.report);
    }
    return {
        tests,
        collected: ids,
        ids: new Set([...(ids ?? []), ...tests.map((t) => t.id)]),
        collection,
        source: [...(junit ?? []), ...(collected === undefined ? [] : [collected])].join(', '),
    };
}
/**
 * Refuses ids that look like typos. With a run given, every id must be one the run holds;
 * without one, every id must already have a row (a new row needs the run that holds its
 * test). `allowNew` (`--new`) lets an id through anyway: a test not written or run yet.
 */
function requireKnown(ids, run, rows, allowNew, file) {
    if (allowNew) {
        refuseNearMiss(ids, run);
        return;
    }
    const known = run ? run.ids : rows;
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length === 0)
        return;
    const id = unknown[0];
    const near = nearest(id, known) ?? samePathTail(id, known);
    const hint = near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
    const more = unknown.length > 1 ? ` and ${unknown.length - 1} more id(s)` : '';
    if (run) {
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`no given report or collected list holds ${JSON.stringify(id)}${hint}${more}; ` +
            'add --new for a test the run does not hold', run.source);
    }
    throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`${JSON.stringify(id)} has no row${hint}${more}; to add one, give the run that holds the ` +
        'test (--junit GLOB or --collected FILE), or --new for a test not run yet', file.shown);
}
/**
 * `--new` accepts a test the run does not hold, not a typo of one it does: an id the given
 * run lacks while it holds one a few edits away (`FILE:: title` beside `FILE::title`), or the
 * same test under another path (`test_a.py::test_x` beside `tests/test_a.py::test_x`), is
 * refused with that id.
 */
function refuseNearMiss(ids, run) {
    if (!run)
        return;
    for (const id of ids) {
        if (run.ids.has(id))
            continue;
        const near = nearest(id, run.ids) ?? samePathTail(id, run.ids);
        if (near === undefined)
            continue;
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`no given report or collected list holds ${JSON.stringify(id)} (did you mean ${JSON.stringify(near)}?); ` +
            '--new is for a test the run does not hold, not another name of one it does', run.source);
    }
}
/**
 * A known id that is `id` with a longer path: the same test named from another folder, which
 * an edit distance misses when the missing folder is long (`tests/unit/` before the file).
 */
function samePathTail(id, known) {
    if (id.includes('*'))
        return undefined;
    let best;
    for (const k of known) {
        if (k.length > id.length && k.endsWith(id) && '/:'.includes(k[k.length - id.length - 1]))
            if (best === undefined || k < best)
                best = k;
    }
    return best;
}
/**
 * The ids a command that adds or edits rows names: each argument an id or an id glob, a glob
 * matched against the run's ids when a run is given, else the ledger's; then every id is
 * checked as requireKnown says.
 */
function namedIds(args, run, rows, allowNew, file) {
    const ids = run
        ? (0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .expandIds */ .Pj)(args, run.ids, `in ${run.source}`)
        : (0,_options_js__WEBPACK_IMPORTED_MODULE_11__/* .expandIds */ .Pj)(args, rows, `with a row in ${file.shown}`);
    requireKnown(ids, run, rows, allowNew, file);
    return ids;
}
/**
 * What a command that adds or edits rows reads first: the ledger's rows by id, the run given
 * (--junit / --collected), and the ids its arguments name (namedIds).
 */
async function rowsAndIds(text, file, at, args, values) {
    const rows = new Map(ledgerRows(text, file).map((r) => [r.id, r]));
    const run = await readRun(at, values.junit, values.collected);
    const ids = namedIds(args, run, new Set(rows.keys()), values.new, file);
    return { rows, run, ids };
}
/**
 * The known id closest to `id` by edit distance, when close enough to be a typo. Only ids of
 * the same file (the part before `::`) are compared, or all of them when there are few.
 */
function nearest(id, known) {
    const file = (s) => s.slice(0, Math.max(s.indexOf('::'), 0));
    const all = [...known];
    let pool = all.filter((k) => file(k) === file(id));
    if (pool.length === 0 && all.length <= 2000)
        pool = all;
    const limit = Math.max(2, Math.floor(id.length / 8));
    let best;
    let bestD = limit + 1;
    for (const k of pool.slice(0, 5000)) {
        if (Math.abs(k.length - id.length) >= bestD)
            continue;
        const d = (0,_ledger_distance_js__WEBPACK_IMPORTED_MODULE_16__/* .editDistance */ .Y)(id, k, { cap: bestD });
        if (d < bestD)
            [best, bestD] = [k, d];
    }
    return best;
}
/**
 * The ledger's rows as far as they can be read; an invalid ledger is not refused here (the
 * edit's result is validated before it is written, and that refusal lists every problem).
 */
function ledgerRows(text, file) {
    return (0,_ledger_parse_js__WEBPACK_IMPORTED_MODULE_12__/* .parseLedger */ .h)(text, file.shown).ledger?.rows ?? [];
}


/***/ }),

/***/ 2113:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qg: () => (/* binding */ setRules),
/* harmony export */   X7: () => (/* binding */ dropRows),
/* harmony export */   _j: () => (/* binding */ setRows)
/* harmony export */ });
/* unused harmony exports setRow, rewriteValue */
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _parse_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1123);
/* harmony import */ var _render_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2917);
// Editing a ledger's text (pure): set rows' classes and fields, append new rows, or drop
// rows, and leave every other byte as it was — comments, blank lines, alignment, quoting, line
// ends. The usual block layout is edited line by line; any other layout goes through the
// `yaml` package's Document API (comments and order are kept, spacing may be normalised).



/**
 * Gives row `id` exactly `fields` (its class and that class's fields): an existing row is
 * edited in place — changed values rewritten, fields foreign to the class removed, missing
 * ones added after its last field — and an unknown id is appended as a new row.
 */
function setRow(text, id, fields) {
    const r = setRows(text, new Map([[id, fields]]));
    return { text: r.text, added: r.added.length > 0 };
}
/** setRow for many ids at once, reading the ledger once (a golden shared by 94 tests). */
function setRows(text, edits) {
    const rows = blockRows(text);
    if (rows)
        return editLines(text, rows, edits);
    let out = text;
    const added = [];
    for (const [id, fields] of edits) {
        const r = editDocument(out, id, fields);
        out = r.text;
        if (r.added)
            added.push(id);
    }
    return { text: out, added };
}
/**
 * Removes the rows of `ids` (every id must have a row), each from its first line to its last
 * field: comments and blank lines between rows stay. Removing the last row leaves `rows: []`.
 */
function dropRows(text, ids) {
    const rows = blockRows(text);
    if (!rows)
        return dropDocument(text, ids);
    const lines = text.split('\n');
    const gone = new Set();
    for (const row of rows) {
        if (!ids.has(row.id))
            continue;
        const at = Object.values(row.keyLines);
        for (let ln = Math.min(row.line, ...at); ln <= Math.max(row.line, ...at); ln++)
            gone.add(ln - 1);
    }
    let out = lines.filter((_, i) => !gone.has(i));
    if (rows.every((r) => ids.has(r.id))) {
        // `rows:` with nothing under it is null, which is not a list: say it is empty.
        out = out.map((l) => l.replace(/^rows:([ ]*)(?=#|\r?$)/, (_m, sp) => `rows: []${sp}`));
    }
    return out.join('\n');
}
/** The rows of a ledger in the block layout the line editor handles, else null. */
function blockRows(text) {
    const fast = (0,_parse_js__WEBPACK_IMPORTED_MODULE_1__/* .parseLedgerWith */ .H)(text, 'ledger', 'fast');
    return fast?.ledger && !/^rows:[ ]*\[\]/m.test(text) ? fast.ledger.rows : null;
}
function editLines(text, rows, edits) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const cr = eol === '\r\n' ? '\r' : '';
    const lines = text.split('\n'); // a CRLF line keeps its '\r', which is put back on rewrite
    const drop = new Set();
    const after = new Map(); // lines to insert after line index i
    const seen = new Set();
    for (const row of rows) {
        const fields = edits.get(row.id);
        if (fields === undefined)
            continue;
        seen.add(row.id);
        const keyCol = (row.column ?? 1) - 1;
        let last = row.line - 1;
        for (const [key, ln] of Object.entries(row.keyLines)) {
            const i = ln - 1;
            last = Math.max(last, i);
            if (key === 'id')
                continue;
            const want = fields[key];
            if (want === undefined)
                drop.add(i);
            else if (want !== row[key])
                lines[i] = rewriteValue(lines[i], key, want);
        }
        const missing = (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .orderedFields */ .db)(fields).filter((f) => row.keyLines[f] === undefined);
        if (missing.length > 0) {
            after.set(last, missing.map((f) => `${' '.repeat(keyCol)}${f}: ${(0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderValue */ .AI)(f, fields[f])}${cr}`));
        }
    }
    // New ids go after the last field of the last row, indented like it; else at the end.
    const added = [...edits.keys()].filter((id) => !seen.has(id));
    const tail = rows[rows.length - 1];
    let dash = 2;
    if (tail) {
        const head = lines[tail.line - 1];
        dash = Math.max(head.lastIndexOf('-', (tail.column ?? 1) - 1), 0);
    }
    const block = added.flatMap((id) => (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderRow */ .re)(id, edits.get(id), dash));
    if (block.length > 0 && tail) {
        const at = Math.max(tail.line, ...Object.values(tail.keyLines)) - 1;
        after.set(at, [...(after.get(at) ?? []), ...block.map((l) => l + cr)]);
    }
    const out = [];
    for (let i = 0; i < lines.length; i++) {
        if (!drop.has(i))
            out.push(lines[i]);
        const more = after.get(i);
        if (more)
            out.push(...more);
    }
    let result = out.join('\n');
    if (block.length > 0 && !tail) {
        const body = text === '' || text.endsWith('\n') ? text : text + eol;
        result = body + block.join(eol) + eol;
    }
    return { text: result, added };
}
/** Replaces the value on a `key: value  # comment` line, keeping indent, spacing and comment. */
function rewriteValue(line, field, value) {
    const cr = line.endsWith('\r') ? '\r' : '';
    const body = cr ? line.slice(0, -1) : line;
    const colon = body.indexOf(':');
    let start = colon + 1;
    while (body[start] === ' ')
        start++;
    const end = valueEnd(body, start);
    return body.slice(0, start) + (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderValue */ .AI)(field, value) + body.slice(end) + cr;
}
/** Where the scalar starting at `start` ends (before trailing spaces and a comment). */
function valueEnd(line, start) {
    const q = line[start];
    if (q === '[') {
        // A flow list on one line (an artifact set): its `]`, past any quoted item.
        for (let p = start + 1; p < line.length; p++) {
            if (line[p] === '"' || line[p] === "'")
                p = valueEnd(line, p) - 1;
            else if (line[p] === ']')
                return p + 1;
        }
        return line.length;
    }
    if (q === "'") {
        let p = start + 1;
        for (;;) {
            const c = line.indexOf("'", p);
            if (c === -1)
                return line.length;
            if (line[c + 1] === "'")
                p = c + 2;
            else
                return c + 1;
        }
    }
    if (q === '"') {
        for (let p = start + 1; p < line.length; p++) {
            if (line[p] === '\\')
                p++;
            else if (line[p] === '"')
                return p + 1;
        }
        return line.length;
    }
    const hash = line.indexOf(' #', start);
    let end = hash === -1 ? line.length : hash;
    while (end > start && line[end - 1] === ' ')
        end--;
    return end;
}
function editDocument(text, id, fields) {
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(text, { version: '1.2', uniqueKeys: false });
    let rows = doc.get('rows', true);
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(rows)) {
        rows = doc.createNode([]);
        doc.set('rows', rows);
    }
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(rows))
        throw new Error('unreachable: rows is a list');
    const row = rows.items.find((it) => (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(it) && String(it.get('id')) === id);
    if (row) {
        for (const pair of [...row.items]) {
            const key = String(pair.key?.value ?? pair.key);
            if (key !== 'id' && fields[key] === undefined)
                row.delete(pair.key);
        }
        for (const f of (0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .orderedFields */ .db)(fields))
            row.set(f, fields[f]);
        return { text: doc.toString({ lineWidth: 0 }), added: false };
    }
    const node = doc.createNode({
        id,
        ...Object.fromEntries((0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .orderedFields */ .db)(fields).map((f) => [f, fields[f]])),
    });
    rows.flow = false;
    rows.items.push(node);
    return { text: doc.toString({ lineWidth: 0 }), added: true };
}
function dropDocument(text, ids) {
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(text, { version: '1.2', uniqueKeys: false });
    const rows = doc.get('rows', true);
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(rows))
        return text;
    rows.items = rows.items.filter((it) => !((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(it) && ids.has(String(it.get('id')))));
    return doc.toString({ lineWidth: 0 });
}
/**
 * Gives the ledger's `rules:` exactly `rules`, as a block list before `rows:` (replacing the
 * key's lines where it exists); every other line is kept.
 */
function setRules(text, rules) {
    const lines = text.split('\n');
    const block = ['rules:', ...rules.map((r) => `  - ${(0,_render_js__WEBPACK_IMPORTED_MODULE_2__/* .renderScalar */ .VO)(r)}`)];
    const start = lines.findIndex((l) => /^rules:/.test(l));
    if (start >= 0) {
        let end = start + 1;
        while (end < lines.length && /^[ \t]/.test(lines[end]))
            end++;
        lines.splice(start, end - start, ...block);
    }
    else {
        const rows = lines.findIndex((l) => /^rows:/.test(l));
        lines.splice(rows < 0 ? lines.length : rows, 0, ...block);
    }
    return lines.join('\n');
}


/***/ }),

/***/ 2917:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AI: () => (/* binding */ renderValue),
/* harmony export */   VO: () => (/* binding */ renderScalar),
/* harmony export */   db: () => (/* binding */ orderedFields),
/* harmony export */   re: () => (/* binding */ renderRow)
/* harmony export */ });
/* harmony import */ var _golden_set_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8053);
/* harmony import */ var _scalar_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7737);
/* harmony import */ var _schema_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(870);



// eslint-disable-next-line no-control-regex -- control characters must be quoted
const PLAIN_SAFE = /^[A-Za-z0-9_./][^\x00-\x1f\x7f\u0085\u2028\u2029\ufeff]*$/;
/**
 * A scalar as plain text when that reads back as the same string (YAML 1.2 core), else
 * double-quoted. JSON's escapes are all valid YAML double-quoted escapes.
 */
function renderScalar(s) {
    const plain = PLAIN_SAFE.test(s) &&
        s.trim() === s &&
        !s.includes(': ') &&
        !s.includes(' #') &&
        !s.endsWith(':') &&
        (0,_scalar_js__WEBPACK_IMPORTED_MODULE_2__/* .resolvePlain */ .R)(s).type === 'string';
    return plain ? s : JSON.stringify(s);
}
// A flow list item that reads back as itself, plain: no flow indicator, quote or comment.
const FLOW_PLAIN = /^[^,[\]{}#'"]*$/;
/**
 * A field's value as written: an artifact set's key (golden-set.ts) as a flow list on one
 * line, `[A, B]`, so that re-locking it still changes one ledger line; anything else a scalar.
 */
function renderValue(field, value) {
    if (field !== 'artifact' || !value.includes('\0'))
        return renderScalar(value);
    const items = (0,_golden_set_js__WEBPACK_IMPORTED_MODULE_0__/* .goldenPatterns */ .BZ)(value).map((p) => {
        const s = renderScalar(p);
        return s === p && FLOW_PLAIN.test(p) ? p : JSON.stringify(p);
    });
    return `[${items.join(', ')}]`;
}
/** Field names in the order rows are written (schema.ts): `id`, `class`, then the class's own fields. */
function orderedFields(fields) {
    return _schema_js__WEBPACK_IMPORTED_MODULE_1__/* .ROW_FIELDS */ .dC.filter((f) => f !== 'id' && fields[f] !== undefined);
}
/** The lines of one row, `- id:` first; `dash` is the indent of the dash. */
function renderRow(id, fields, dash) {
    const pad = ' '.repeat(dash + 2);
    const lines = [`${' '.repeat(dash)}- id: ${renderScalar(id)}`];
    for (const f of orderedFields(fields))
        lines.push(`${pad}${f}: ${renderValue(f, fields[f])}`);
    return lines;
}


/***/ }),

/***/ 4330:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bw: () => (/* binding */ REPOSITORY),
/* harmony export */   Xr: () => (/* binding */ MAJOR_TAG),
/* harmony export */   cZ: () => (/* binding */ SCHEMA_URL)
/* harmony export */ });
/* harmony import */ var _package_json__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8330);
// The one place that names this project's GitHub repository: package.json's `repository`
// (`github:OWNER/NAME`), read when the bundle is built. A fork changes that line, then runs
// `node scripts/sync-readme.mjs` (it runs sync-schema.mjs, which writes the schema's $id; the
// README follows) and `npm run build`.

/** OWNER/NAME of this project on GitHub. */
const REPOSITORY = _package_json__WEBPACK_IMPORTED_MODULE_0__/* .repository */ .Jk.replace(/^github:/, '');
/**
 * The tag users pin (`uses: OWNER/NAME@v1`): `v` + the major of package.json's version, moved
 * by the release workflow only within that major (scripts/release.mjs computes the same).
 */
const MAJOR_TAG = `v${_package_json__WEBPACK_IMPORTED_MODULE_0__/* .version */ .rE.split('.')[0]}`;
/** The ledger's JSON Schema at the major tag: the schema's `$id` and `init`'s modeline. */
const SCHEMA_URL = `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/schema/ledger.schema.json`;


/***/ })

};
