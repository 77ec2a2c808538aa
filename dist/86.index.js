export const id = 86;
export const ids = [86];
export const modules = {

/***/ 5086:
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
  treeFiles: () => (/* binding */ treeFiles),
  workingFiles: () => (/* binding */ workingFiles)
});

// EXTERNAL MODULE: ./node_modules/@actions/exec/lib/exec.js + 5 modules
var exec = __webpack_require__(2876);
// EXTERNAL MODULE: ./src/decision/authorship.ts
var authorship = __webpack_require__(5229);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(6141);
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

;// CONCATENATED MODULE: ./src/adapters/git/git-text.ts
// A git command's stdout as one utf8 string, through child_process.execFile, for the readers
// that want the text whole or a GateError (blame.ts, diff-text.ts, index-state.ts). Its own
// module, not git.ts: git.ts imports blame.ts and diff-text.ts.


/**
 * `git ARGS` in cwd: its stdout, or a GateError `WHAT failed: …` with the first line of its
 * stderr (else of the error: git not found, the output past maxBuffer).
 */
function gitText(cwd, args, what, { maxBuffer, env }) {
    return new Promise((resolve, reject) => {
        (0,external_node_child_process_.execFile)('git', args, { cwd, encoding: 'utf8', maxBuffer, ...(env ? { env: { ...process.env, ...env } } : {}) }, (error, stdout, stderr) => {
            if (error) {
                const why = String(stderr).trim().split('\n')[0] || error.message.split('\n')[0];
                reject(new types/* GateError */.u(`${what} failed: ${why}`));
            }
            else
                resolve(stdout);
        });
    });
}

;// CONCATENATED MODULE: ./src/adapters/git/blame.ts
// Which commit of base..head last wrote each line of a head file (the mutation pass's judged
// lines, src/gather/mutation-evidence.ts): `git blame --porcelain BASE..HEAD`, whose lines
// older than the base are given to a `boundary` commit and left out here. Lines are the
// head's own numbers, so they meet a mutation report's locations as they are.


const blame_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) \d+ (\d+)(?: \d+)?$/;
/** Head line → the commit in base..head that wrote it; lines from before the base are absent. */
function changedLineCommits(cwd, base, head, file) {
    if (!blame_SHA.test(base))
        return Promise.reject(new types/* GateError */.u(`not a commit sha: ${base.slice(0, 80)}`));
    const args = [
        '-c',
        'core.quotePath=false',
        'blame',
        '--porcelain',
        '--no-progress',
        `${base}..${head}`,
        '--',
        file,
    ];
    return gitText(cwd, args, `git blame ${file}`, { maxBuffer: 512 * 1024 * 1024 }).then(parseBlame);
}
function parseBlame(out) {
    const boundary = new Set();
    const lines = [];
    let sha = '';
    let pos = 0;
    while (pos < out.length) {
        let end = out.indexOf('\n', pos);
        if (end < 0)
            end = out.length;
        const l = out.slice(pos, end);
        pos = end + 1;
        if (l.startsWith('\t'))
            continue; // the line's text
        if (l === 'boundary') {
            boundary.add(sha);
            continue;
        }
        const m = HEADER.exec(l);
        if (m) {
            sha = m[1];
            lines.push([Number(m[2]), sha]);
        }
    }
    const out2 = new Map();
    for (const [n, s] of lines)
        if (!boundary.has(s))
            out2.set(n, s);
    return out2;
}

;// CONCATENATED MODULE: ./src/adapters/git/diff-text.ts
// The change's diff as `git diff -U0` text, for `ledger-gate targets` (the head's line numbers
// of every added or changed line). No colour, external diff, textconv or rename detection.

function diffText(cwd, from, to) {
    const args = [
        '-c',
        'core.quotePath=false',
        'diff',
        '--no-color',
        '--no-ext-diff',
        '--no-textconv',
        '--no-renames',
        '-U0',
        from,
        to,
        '--',
    ];
    return gitText(cwd, args, `git diff ${from} ${to}`, { maxBuffer: 256 * 1024 * 1024 });
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
        lineCommits: (file) => changedLineCommits(cwd, baseSha, head, file),
        rangeDiff: () => diffText(cwd, baseSha, head),
    };
}
/**
 * The files of the working tree git knows, tracked or not, ignored ones left out
 * (repo-relative, sorted): what `setup` reads a project's layout from. Empty outside git.
 */
async function workingFiles(cwd) {
    const r = await git(cwd, ['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
    if (!r.ok)
        return [];
    return [...new Set(r.out.split('\0').filter((p) => p !== ''))].sort();
}


/***/ })

};
