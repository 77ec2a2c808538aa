export const id = 314;
export const ids = [314,944,145];
export const modules = {

/***/ 7526:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  addWorktree: () => (/* binding */ addWorktree),
  blobText: () => (/* binding */ blobText),
  blobsAt: () => (/* binding */ blobsAt),
  changedPaths: () => (/* binding */ changedPaths),
  coAuthorsOf: () => (/* binding */ coAuthorsOf),
  commitPathsBetween: () => (/* binding */ commitPathsBetween),
  commitsBetween: () => (/* binding */ commitsBetween),
  defaultBranch: () => (/* binding */ defaultBranch),
  fetchPullHead: () => (/* binding */ fetchPullHead),
  gitChange: () => (/* binding */ gitChange),
  isShallow: () => (/* binding */ isShallow),
  mergeBase: () => (/* binding */ mergeBase),
  parseBatchCheck: () => (/* binding */ parseBatchCheck),
  parseCommitPaths: () => (/* binding */ parseCommitPaths),
  parseCommitRecords: () => (/* binding */ parseCommitRecords),
  parseNameStatus: () => (/* binding */ parseNameStatus),
  removeWorktree: () => (/* binding */ removeWorktree),
  resolveCommit: () => (/* binding */ resolveCommit),
  showFile: () => (/* binding */ showFile),
  topLevel: () => (/* binding */ topLevel),
  trailerValues: () => (/* binding */ trailerValues),
  treeFiles: () => (/* binding */ treeFiles)
});

// EXTERNAL MODULE: ./node_modules/@actions/exec/lib/exec.js + 3 modules
var exec = __webpack_require__(1260);
// EXTERNAL MODULE: ./src/decision/authorship.ts
var authorship = __webpack_require__(5229);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(8522);
;// CONCATENATED MODULE: ./src/adapters/git/added-lines.ts
// One commit's diff, for the gaming-shape scan: `git show -U0` with no context, no colour, no
// external diff or textconv driver, a merge as its dense combined diff (only what the merge
// itself wrote). Read up to a byte cap: past it git is stopped and the caller is told, so a
// huge commit costs at most the cap and is never taken as scanned (src/gather/evidence-gaming.ts).


const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function addedLinesOf(cwd, sha, maxBytes) {
    if (!SHA.test(sha))
        return Promise.reject(new types/* GateError */.u(`not a commit sha: ${sha.slice(0, 80)}`));
    const args = [
        '-c',
        'core.quotePath=false',
        'show',
        '--no-color',
        '--no-ext-diff',
        '--no-textconv',
        '--no-renames',
        '--submodule=short',
        '--diff-merges=dense-combined',
        '--format=',
        '-U0',
        sha,
        '--',
    ];
    return new Promise((resolve, reject) => {
        const child = (0,external_node_child_process_.spawn)('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks = [];
        let size = 0;
        let capped = false;
        let err = '';
        child.stdout.on('data', (b) => {
            if (capped)
                return;
            if (size + b.length > maxBytes) {
                chunks.push(b.subarray(0, maxBytes - size));
                size = maxBytes;
                capped = true;
                child.kill();
                return;
            }
            chunks.push(b);
            size += b.length;
        });
        child.stderr.on('data', (b) => {
            if (err.length < 400)
                err += b.toString('utf8');
        });
        child.on('error', (e) => reject(new types/* GateError */.u(`git show ${sha.slice(0, 12)} failed: ${e.message}`)));
        child.on('close', (code) => {
            if (!capped && code !== 0) {
                reject(new types/* GateError */.u(`git show ${sha.slice(0, 12)} failed: ${err.trim().split('\n')[0] ?? ''}`));
                return;
            }
            let text = Buffer.concat(chunks).toString('utf8');
            // A cut diff ends mid-line: that line is not read.
            if (capped)
                text = text.slice(0, text.lastIndexOf('\n') + 1);
            resolve({ text, capped });
        });
    });
}

;// CONCATENATED MODULE: ./src/adapters/git/git.ts
// Git, through @actions/exec: the merge base, the changed paths, a file at a commit, the commits.
// Every call is silent (nothing a ref or path says reaches the log) and checks its exit code.




async function git(cwd, args) {
    const r = await (0,exec/* getExecOutput */.H)('git', args, { cwd, silent: true, ignoreReturnCode: true });
    return { ok: r.exitCode === 0, out: r.stdout, err: r.stderr.trim().split('\n')[0] ?? '' };
}
/** A ref a user typed must not be read as an option by git. */
function checkRef(ref) {
    if (ref === '' || ref.startsWith('-') || /[\0\n\r]/.test(ref) || ref.length > 1024) {
        throw new types/* GateError */.u(`not a usable git ref: ${JSON.stringify(ref.slice(0, 80))}`);
    }
}
async function resolveCommit(cwd, ref) {
    checkRef(ref);
    const r = await git(cwd, [
        'rev-parse',
        '--verify',
        '--quiet',
        '--end-of-options',
        `${ref}^{commit}`,
    ]);
    return r.ok ? r.out.trim() : null;
}
async function isShallow(cwd) {
    const r = await git(cwd, ['rev-parse', '--is-shallow-repository']);
    return r.ok && r.out.trim() === 'true';
}
/**
 * The merge base of base and head. In a shallow clone (actions/checkout's default depth 1)
 * it first fetches the base, then deepens step by step until git can answer.
 */
async function mergeBase(cwd, base, head, allowFetch) {
    checkRef(base);
    checkRef(head);
    const ask = async () => {
        const b = await resolveCommit(cwd, base);
        const h = await resolveCommit(cwd, head);
        if (!b || !h)
            return null;
        const r = await git(cwd, ['merge-base', b, h]);
        return r.ok ? r.out.trim() : null;
    };
    let found = await ask();
    if (found || !allowFetch)
        return found ?? fail();
    if (!(await resolveCommit(cwd, base)))
        await git(cwd, ['fetch', '--no-tags', '--quiet', 'origin', '--end-of-options', base]);
    for (let depth = 50; !found && depth <= 3200 && (await isShallow(cwd)); depth *= 2) {
        await git(cwd, ['fetch', '--no-tags', '--quiet', `--deepen=${depth}`, 'origin']);
        found = await ask();
    }
    if (!found && (await isShallow(cwd))) {
        await git(cwd, ['fetch', '--no-tags', '--quiet', '--unshallow', 'origin']);
    }
    return found ?? (await ask()) ?? fail();
    function fail() {
        throw new types/* GateError */.u(`git cannot find a merge base of ${base} and ${head}`);
    }
}
/** Paths changed between two commits; a rename is a deletion plus an addition. */
async function changedPaths(cwd, from, to) {
    const r = await git(cwd, [
        'diff',
        '--no-renames',
        '--name-status',
        '-z',
        '--no-ext-diff',
        from,
        to,
        '--',
    ]);
    if (!r.ok)
        throw new types/* GateError */.u(`git diff ${from} ${to} failed: ${r.err}`);
    return parseNameStatus(r.out);
}
/** `git diff --name-status -z` output: STATUS NUL PATH NUL … (no renames). */
function parseNameStatus(out) {
    const parts = out.split('\0');
    const changed = [];
    for (let i = 0; i + 1 < parts.length; i += 2) {
        changed.push({ path: parts[i + 1], status: statusOf(parts[i]) });
    }
    return changed;
}
/**
 * One status from git's letters: a merge's combined diff gives one letter per parent (`MM`,
 * `AA`): added or deleted only when so against every parent, else modified.
 */
function statusOf(letters) {
    const first = letters.charAt(0);
    if (letters.length > 1 && [...letters].some((l) => l !== first))
        return 'M';
    return first === 'A' || first === 'D' || first === 'T' ? first : 'M';
}
/**
 * Each commit's own changed paths over from..to, in one `git log` read: a rename is a
 * deletion plus an addition, and a merge lists only the paths it changed against every
 * parent (its own edits and conflict resolutions, not what it brought in from either side).
 */
async function commitPathsBetween(cwd, from, to) {
    const r = await git(cwd, [
        'log',
        '-z',
        '--no-decorate',
        '--no-show-signature',
        '--no-renames',
        '--no-ext-diff',
        '--no-textconv',
        '--name-status',
        '--diff-merges=dense-combined',
        '--format=%x01%H',
        `${from}..${to}`,
        '--',
    ]);
    if (!r.ok)
        throw new types/* GateError */.u(`git log --name-status ${from}..${to} failed: ${r.err}`);
    return parseCommitPaths(r.out);
}
/**
 * `git log -z --name-status --format=%x01%H` output: each commit's `\x01SHA` NUL, then
 * STATUS NUL PATH NUL pairs (a status may carry the newline git puts after the header).
 * Read by position, so no byte of a path can start a commit; anything else is refused.
 */
function parseCommitPaths(out) {
    const parts = out.split('\0');
    const commits = new Map();
    let paths;
    for (let i = 0; i < parts.length; i++) {
        const token = parts[i].replace(/^\n/, '');
        if (token === '')
            continue;
        if (token.startsWith('\x01')) {
            const sha = token.slice(1);
            if (!git_SHA.test(sha))
                throw new types/* GateError */.u('git log printed a commit without its sha');
            paths = [];
            commits.set(sha, paths);
            continue;
        }
        const path = parts[++i];
        if (paths === undefined || !/^[ACDMTUX]+$/.test(token) || path === undefined || path === '') {
            throw new types/* GateError */.u('git log printed changed paths that do not parse');
        }
        paths.push({ path, status: statusOf(token) });
    }
    return commits;
}
/** Every file path of a commit's tree (the base's, for the harness it reaches). */
async function treeFiles(cwd, sha) {
    const r = await git(cwd, ['ls-tree', '-r', '-z', '--name-only', '--full-tree', sha]);
    if (!r.ok)
        throw new types/* GateError */.u(`git ls-tree ${sha} failed: ${r.err}`);
    return r.out.split('\0').filter((p) => p !== '');
}
/** A file's text at a commit, or null when the commit has no such file. */
async function showFile(cwd, sha, path) {
    const exists = await git(cwd, ['cat-file', '-e', `${sha}:${path}`]);
    if (!exists.ok)
        return null;
    const r = await git(cwd, ['show', '--no-textconv', `${sha}:${path}`]);
    if (!r.ok)
        throw new types/* GateError */.u(`git show ${sha}:${path} failed: ${r.err}`);
    return r.out;
}
// One record per commit, fields NUL-separated and records NUL-separated (-z): no byte of a
// name or message can split a record, since git's identities hold no NUL and the message is
// not printed. The Co-authored-by values come from git's own trailer parser, unfolded, one
// per line.
const COMMIT_FORMAT = [
    '%H',
    '%P',
    '%an',
    '%ae',
    '%cn',
    '%ce',
    '%(trailers:key=Co-authored-by,valueonly,unfold)',
].join('%x00');
const COMMIT_FIELDS = 7;
const git_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** The commits in from..to, newest first (parents after their children). */
async function commitsBetween(cwd, from, to) {
    const r = await git(cwd, [
        'log',
        '-z',
        '--no-decorate',
        '--no-mailmap',
        '--no-show-signature', // log.showSignature would print gpg lines into the records
        '--topo-order',
        `--format=${COMMIT_FORMAT}`,
        `${from}..${to}`,
    ]);
    if (!r.ok)
        throw new types/* GateError */.u(`git log ${from}..${to} failed: ${r.err}`);
    return parseCommitRecords(r.out);
}
/** `git log -z --format=COMMIT_FORMAT` output; anything that does not fit is refused. */
function parseCommitRecords(out) {
    if (out === '')
        return [];
    const parts = out.split('\0');
    // --format with -z ends every record with NUL: the last part is the empty one after it.
    if (parts.pop() !== '' || parts.length % COMMIT_FIELDS !== 0) {
        throw new types/* GateError */.u('git log printed commit records that do not parse: authorship unknown');
    }
    const commits = [];
    for (let i = 0; i < parts.length; i += COMMIT_FIELDS) {
        const [sha, parents, an, ae, cn, ce, trailers] = parts.slice(i, i + COMMIT_FIELDS);
        const parentList = parents === '' ? [] : parents.split(' ');
        if (!git_SHA.test(sha) || !parentList.every((p) => git_SHA.test(p))) {
            throw new types/* GateError */.u('git log printed a commit record without its sha: authorship unknown');
        }
        commits.push({
            sha,
            parents: parentList,
            author: { name: an, email: ae },
            committer: { name: cn, email: ce },
            coAuthors: trailerValues(trailers),
        });
    }
    return commits;
}
/** Trailer values git printed one per line (unfolded, so a value holds no newline). */
function trailerValues(text) {
    return text
        .split('\n')
        .filter((v) => v.trim() !== '')
        .map(authorship/* parseIdentity */.aZ);
}
/**
 * The Co-authored-by values of a commit message given as text (the API fallback), read by
 * `git interpret-trailers`, the same parser `git log` uses for %(trailers).
 */
async function coAuthorsOf(message) {
    const r = await (0,exec/* getExecOutput */.H)('git', ['-c', 'trailer.separators=:', 'interpret-trailers', '--parse', '--unfold', '--no-divider'], { silent: true, ignoreReturnCode: true, input: Buffer.from(message) });
    if (r.exitCode !== 0)
        throw new types/* GateError */.u('git interpret-trailers failed: authorship unknown');
    const out = [];
    for (const line of r.stdout.split('\n')) {
        const colon = line.indexOf(':');
        if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'co-authored-by')
            continue;
        out.push((0,authorship/* parseIdentity */.aZ)(line.slice(colon + 1)));
    }
    return out;
}
/**
 * The ledger's blob (id and size) at each of the given commits, asked of
 * `git cat-file --batch-check` in one call: null where the commit has no such file, and no
 * entry where the commit itself is missing (beyond a shallow clone's boundary): what it held
 * is unknown.
 */
async function blobsAt(cwd, shas, file) {
    if (/[\0\n\r]/.test(file))
        throw new types/* GateError */.u('the ledger path holds a line break: refused');
    const input = shas.map((s) => `${s}\n${s}:${file}\n`).join('');
    const r = await (0,exec/* getExecOutput */.H)('git', ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], { cwd, silent: true, ignoreReturnCode: true, input: Buffer.from(input) });
    if (r.exitCode !== 0)
        throw new types/* GateError */.u('git cat-file --batch-check failed');
    return parseBatchCheck(shas, r.stdout);
}
/**
 * `git cat-file --batch-check=%(objectname) %(objecttype) %(objectsize)` output for the
 * questions blobsAt asks: two lines a commit, the commit itself and then its file. A commit
 * git does not have (`<sha> missing`) gets no entry; a file that is missing or not a blob, null.
 */
function parseBatchCheck(shas, stdout) {
    const lines = stdout.split('\n');
    const fields = (line) => (line ?? '').split(' ');
    const out = new Map();
    shas.forEach((sha, i) => {
        if (fields(lines[2 * i])[1] !== 'commit')
            return;
        const [id, type, size] = fields(lines[2 * i + 1]);
        out.set(sha, type === 'blob' && git_SHA.test(id) ? { id, size: Number(size) } : null);
    });
    return out;
}
/** A blob's text. */
async function blobText(cwd, blob) {
    const r = await git(cwd, ['cat-file', 'blob', blob]);
    if (!r.ok)
        throw new types/* GateError */.u(`git cat-file blob ${blob} failed: ${r.err}`);
    return r.out;
}
/**
 * The branch pull requests merge into, as this clone knows it: the remote's default
 * (origin/HEAD, which a clone records), else the branch checked out (an unborn one too);
 * null when neither says (no git, a detached HEAD).
 */
async function defaultBranch(cwd) {
    const remote = await git(cwd, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']);
    if (remote.ok && remote.out.trim().startsWith('origin/'))
        return remote.out.trim().slice('origin/'.length);
    const local = await git(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
    return local.ok && local.out.trim() !== '' ? local.out.trim() : null;
}
async function topLevel(cwd) {
    const r = await git(cwd, ['rev-parse', '--show-toplevel']);
    return r.ok ? r.out.trim() : null;
}
/**
 * Brings a pull request's head commit into this clone (workflow_run mode): GitHub keeps every
 * pull request's head, a fork's included, as refs/pull/N/head of the base repository. In a
 * shallow clone only the head is fetched; mergeBase() deepens both sides as it needs.
 */
async function fetchPullHead(cwd, pull, sha) {
    if (await resolveCommit(cwd, sha))
        return;
    const depth = (await isShallow(cwd)) ? ['--depth=1'] : [];
    const tries = [`refs/pull/${pull}/head`, sha];
    for (const ref of tries) {
        await git(cwd, ['fetch', '--no-tags', '--quiet', ...depth, 'origin', '--end-of-options', ref]);
        if (await resolveCommit(cwd, sha))
            return;
    }
    throw new types/* GateError */.u(`git cannot fetch the head ${sha.slice(0, 12)} of pull request #${pull} from origin (refs/pull/${pull}/head)`);
}
/**
 * Checks a commit out, detached, into a folder of its own, running nothing from it: no hooks
 * (core.hooksPath is emptied) and no LFS download. Its files are read as data only.
 */
async function addWorktree(cwd, dir, sha) {
    const r = await (0,exec/* getExecOutput */.H)('git', ['-c', 'core.hooksPath=/dev/null', 'worktree', 'add', '--detach', '--force', dir, sha], { cwd, silent: true, ignoreReturnCode: true, env: { ...envOf(), GIT_LFS_SKIP_SMUDGE: '1' } });
    if (r.exitCode !== 0) {
        throw new types/* GateError */.u(`git cannot check out ${sha.slice(0, 12)} into a worktree: ${r.stderr.trim().split('\n')[0] ?? ''}`);
    }
}
async function removeWorktree(cwd, dir) {
    await git(cwd, ['worktree', 'remove', '--force', dir]);
}
function envOf() {
    return Object.fromEntries(Object.entries(process.env).filter((e) => e[1] !== undefined));
}
/**
 * The change over base..head from git: the merge base is found first (a shallow clone is
 * deepened when allowFetch), so a source is only returned when git can answer every question.
 */
async function gitChange(cwd, base, head, allowFetch) {
    const baseSha = await mergeBase(cwd, base, head, allowFetch);
    return {
        source: 'git',
        range: { base, head },
        baseSha,
        changedPaths: () => changedPaths(cwd, baseSha, head),
        // Unreadable commits are unknown authorship: an agent's (§3), never a crash.
        commits: () => commitsBetween(cwd, baseSha, head).catch(() => null),
        baseLedgerText: (file) => showFile(cwd, baseSha, file),
        ledgerVersions: { cwd, head },
        commitPaths: () => commitPathsBetween(cwd, baseSha, head),
        fileAt: (sha, file) => showFile(cwd, sha, file),
        filesAt: (sha) => treeFiles(cwd, sha),
        addedLines: (sha, max) => addedLinesOf(cwd, sha, max),
    };
}


/***/ }),

/***/ 6314:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _adapters_git_git_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7526);
/* harmony import */ var _harness_resolve_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(849);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8522);
/* harmony import */ var _tables_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(218);
/* harmony import */ var _upkeep_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8944);
// `ledger-gate harness [--ref REF]`: the harness a commit's CI reaches (src/harness/), as
// `check --base REF` reads it from the base: each path (or npm-script key) with how it is
// reached, then what the resolvers could not follow. A team reads it to see what an agent may
// not touch, and what to add to `harness-paths` by hand.






async function run(argv, io) {
    return (0,_upkeep_js__WEBPACK_IMPORTED_MODULE_5__/* .runCommand */ .d1)('harness', io, async () => {
        const { values } = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: argv,
            strict: true,
            allowPositionals: false,
            options: _tables_js__WEBPACK_IMPORTED_MODULE_4__/* .HARNESS */ .tL.options,
        });
        const root = await (0,_adapters_git_git_js__WEBPACK_IMPORTED_MODULE_1__.topLevel)(io.cwd);
        if (root === null)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_3__/* .GateError */ .u('not inside a git repository');
        const ref = values.ref ?? 'HEAD';
        const sha = await (0,_adapters_git_git_js__WEBPACK_IMPORTED_MODULE_1__.resolveCommit)(root, ref);
        if (sha === null)
            throw new _types_js__WEBPACK_IMPORTED_MODULE_3__/* .GateError */ .u(`no such commit: ${ref}`);
        const r = await (0,_harness_resolve_js__WEBPACK_IMPORTED_MODULE_2__/* .resolveHarness */ .Ll)({
            files: await (0,_adapters_git_git_js__WEBPACK_IMPORTED_MODULE_1__.treeFiles)(root, sha),
            read: (p) => (0,_adapters_git_git_js__WEBPACK_IMPORTED_MODULE_1__.showFile)(root, sha, p),
        });
        const out = [`harness reached at ${sha.slice(0, 12)} (${r.read} file(s) read):`];
        for (const x of [...r.reach].sort((a, b) => (a.path + (a.key ?? '')).localeCompare(b.path + (b.key ?? ''))))
            out.push(`  ${x.key === undefined ? x.path : `${x.path}#${x.key}`}    via ${x.via}`);
        out.push(r.unresolved.length === 0
            ? 'nothing left unfollowed'
            : `not followed (${r.unresolved.length}):`);
        for (const u of r.unresolved)
            out.push(`  ${u.file}${u.line === undefined ? '' : `:${u.line}`}: ${u.what}`);
        io.stdout(`${out.join('\n')}\n`);
        return 0;
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
/* unused harmony exports requireKnown, namedIds */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _adapters_fs_default_ledger_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7837);
/* harmony import */ var _adapters_fs_file_facts_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4339);
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
    const near = nearest(id, known);
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
 * run lacks while it holds one a few edits away (`FILE:: title` beside `FILE::title`) is
 * refused with that id.
 */
function refuseNearMiss(ids, run) {
    if (!run)
        return;
    for (const id of ids) {
        if (run.ids.has(id))
            continue;
        const near = nearest(id, run.ids);
        if (near === undefined)
            continue;
        throw new _types_js__WEBPACK_IMPORTED_MODULE_9__/* .GateError */ .u(`no given report or collected list holds ${JSON.stringify(id)} (did you mean ${JSON.stringify(near)}?); ` +
            '--new is for a test the run does not hold, not another name of one it does', run.source);
    }
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
