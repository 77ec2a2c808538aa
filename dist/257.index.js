export const id = 257;
export const ids = [257];
export const modules = {

/***/ 8257:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  fromWorkflowRun: () => (/* binding */ fromWorkflowRun)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/adapters/git/git.ts + 4 modules
var git = __webpack_require__(5086);
// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(6141);
// EXTERNAL MODULE: ./src/adapters/github/client.ts + 18 modules
var client = __webpack_require__(8223);
// EXTERNAL MODULE: ./src/adapters/github/proxy.ts
var proxy = __webpack_require__(7466);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
;// CONCATENATED MODULE: ./src/adapters/github/zip.ts
// A small, strict zip reader for workflow artifacts (what a fork's run uploaded: untrusted).
// It reads the central directory, accepts only plain files and folders stored or deflated, and
// refuses, with one line, anything else: a path with `..`, an absolute or backslash path, a
// symlink, encryption, zip64, duplicates, a size that does not match, a bad CRC, or more bytes
// or entries than the limits (a zip bomb stops at the limit, it is never inflated past it).


const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;
const CRC_TABLE = (() => {
    const t = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        t[n] = c;
    }
    return t;
})();
function crc32(buf) {
    let c = -1;
    for (let i = 0; i < buf.length; i++)
        c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
    return (c ^ -1) >>> 0;
}
function bad(why) {
    throw new types/* GateError */.u(`the artifact zip is refused: ${why}`);
}
/** A name as a safe relative path, or the reason it is not one. */
function unsafeName(name) {
    if (name === '')
        return 'an empty name';
    // eslint-disable-next-line no-control-regex -- these are exactly the characters to refuse
    if (/[\0-\x1f\x7f\\]/.test(name))
        return 'a control character or backslash in a name';
    if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
        return 'an absolute path';
    const parts = name.replace(/\/$/, '').split('/');
    if (parts.some((p) => p === '..'))
        return 'a path with ..';
    if (parts.some((p) => p === '' || p === '.'))
        return 'an empty or `.` path segment';
    return undefined;
}
/** Every entry of a zip held in memory, checked as described above. */
function readZip(buf, limits) {
    return [...zipEntries(buf, limits)];
}
/**
 * The entries one at a time (so only one file's bytes are held besides the zip). The whole
 * central directory is checked before the first entry is given: an archive refused for its
 * names, types or sizes yields nothing.
 */
function* zipEntries(buf, limits) {
    // The end-of-central-directory record: 22 bytes plus a comment of up to 65535.
    let eocd = -1;
    for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
        if (buf.readUInt32LE(i) === EOCD) {
            eocd = i;
            break;
        }
    }
    if (eocd < 0)
        bad('not a zip file (no end of central directory)');
    if (eocd >= 20 && buf.readUInt32LE(eocd - 20) === ZIP64_LOCATOR)
        bad('zip64 is not supported');
    const disk = buf.readUInt16LE(eocd + 4);
    const cdDisk = buf.readUInt16LE(eocd + 6);
    const onDisk = buf.readUInt16LE(eocd + 8);
    const count = buf.readUInt16LE(eocd + 10);
    const cdSize = buf.readUInt32LE(eocd + 12);
    const cdStart = buf.readUInt32LE(eocd + 16);
    if (disk !== 0 || cdDisk !== 0 || onDisk !== count)
        bad('a multi-disk archive');
    if (count === 0xffff || cdStart === 0xffffffff)
        bad('zip64 is not supported');
    if (count > limits.entries)
        bad(`${count} entries, over the limit of ${limits.entries}`);
    if (cdStart + cdSize > eocd)
        bad('the central directory lies outside the file');
    const plan = [];
    const seen = new Set();
    let total = 0;
    let p = cdStart;
    for (let n = 0; n < count; n++) {
        if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL)
            bad('a broken central directory');
        const madeBy = buf.readUInt16LE(p + 4) >> 8;
        const flags = buf.readUInt16LE(p + 8);
        const method = buf.readUInt16LE(p + 10);
        const crc = buf.readUInt32LE(p + 16);
        const csize = buf.readUInt32LE(p + 20);
        const usize = buf.readUInt32LE(p + 24);
        const nameLen = buf.readUInt16LE(p + 28);
        const extraLen = buf.readUInt16LE(p + 30);
        const commentLen = buf.readUInt16LE(p + 32);
        const external = buf.readUInt32LE(p + 38);
        const local = buf.readUInt32LE(p + 42);
        const nameBytes = buf.subarray(p + 46, p + 46 + nameLen);
        p += 46 + nameLen + extraLen + commentLen;
        if (p > cdStart + cdSize)
            bad('a broken central directory');
        const name = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(nameBytes);
        const problem = unsafeName(name);
        if (problem)
            bad(`${problem}: ${JSON.stringify(name.slice(0, 120))}`);
        if (seen.has(name))
            bad(`a duplicate entry ${JSON.stringify(name.slice(0, 120))}`);
        seen.add(name);
        if (flags & 0x41)
            bad(`an encrypted entry ${JSON.stringify(name)}`);
        if (csize === 0xffffffff || usize === 0xffffffff || local === 0xffffffff)
            bad('zip64 is not supported');
        // Unix mode in the high half of the external attributes: only files and folders.
        const type = madeBy === 3 ? (external >>> 16) & 0o170000 : 0;
        const isDir = name.endsWith('/');
        if (type === 0o120000)
            bad(`a symlink ${JSON.stringify(name)}`);
        if (type !== 0 && type !== (isDir ? 0o040000 : 0o100000))
            bad(`an entry that is not a plain file or folder: ${JSON.stringify(name)}`);
        if (isDir) {
            if (usize !== 0)
                bad(`a folder with contents: ${JSON.stringify(name)}`);
            plan.push({ name: name.slice(0, -1), start: -1, method, crc, csize, usize });
            continue;
        }
        if (usize > limits.fileBytes)
            bad(`${JSON.stringify(name)} is ${usize} bytes, over the limit of ${limits.fileBytes}`);
        total += usize;
        if (total > limits.totalBytes)
            bad(`its files add up to more than the limit of ${limits.totalBytes} bytes`);
        if (local + 30 > cdStart || buf.readUInt32LE(local) !== LOCAL)
            bad(`a broken local header for ${JSON.stringify(name)}`);
        const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
        if (start + csize > cdStart)
            bad(`the data of ${JSON.stringify(name)} lies outside the file`);
        if (method !== 0 && method !== 8)
            bad(`compression method ${method} of ${JSON.stringify(name)} (only stored or deflate)`);
        if (method === 0 && csize !== usize)
            bad(`a stored entry whose sizes differ: ${JSON.stringify(name)}`);
        plan.push({ name, start, method, crc, csize, usize });
    }
    for (const { name, start, method, crc, csize, usize } of plan) {
        if (start < 0) {
            yield { name, data: null };
            continue;
        }
        const raw = buf.subarray(start, start + csize);
        let data;
        if (method === 0) {
            data = Buffer.from(raw);
        }
        else {
            try {
                // Never more than the size the directory declares (checked against the limits above).
                data = (0,external_node_zlib_.inflateRawSync)(raw, { maxOutputLength: Math.max(1, usize) });
            }
            catch (e) {
                bad(`${JSON.stringify(name)} does not inflate to its declared size: ${String(e.message).split('\n')[0]}`);
            }
        }
        if (data.length !== usize)
            bad(`${JSON.stringify(name)} is not its declared size`);
        if (crc32(data) !== crc)
            bad(`${JSON.stringify(name)} fails its CRC check`);
        yield { name, data };
    }
}

;// CONCATENATED MODULE: ./src/adapters/github/workflow-run.ts
// workflow_run mode: the privileged run on the base branch judges what an untrusted pull request
// run produced. It finds the pull request (a fork's run names none), downloads the run's
// artifact (a zip: untrusted data, read by the strict reader), and checks the pull request's
// head out into a worktree of its own, whose files are read as data; nothing of it is run.






/** An artifact zip is held in memory while it is read: past this it is refused unread. */
const ARTIFACT_ZIP_BYTES = 512 * 1024 * 1024;
const ARTIFACT_LIMITS = {
    entries: 10_000,
    totalBytes: 1024 * 1024 * 1024,
    fileBytes: 256 * 1024 * 1024,
};
/**
 * The pull request the run was for. Same-repository runs name it; a fork's run does not, so it
 * is looked up by the head commit, then by `owner:branch`. More than one candidate: fail closed.
 */
async function findPullOfRun(api, repo, run, headSha) {
    const found = new Map();
    const keep = (p) => {
        if (p.state === undefined || p.state === 'open')
            found.set(p.number, p);
    };
    try {
        for (const number of run.pulls) {
            keep((await api.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
                ...repo,
                pull_number: number,
            })).data);
        }
        if (found.size === 0) {
            const byCommit = await api.request('GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls', {
                ...repo,
                commit_sha: headSha,
                per_page: 100,
            });
            byCommit.data.forEach((p) => keep(p));
        }
        if (found.size === 0 && run.headLabel) {
            const byHead = await api.paginate('GET /repos/{owner}/{repo}/pulls', {
                ...repo,
                head: run.headLabel,
                state: 'open',
                per_page: 100,
            });
            byHead.forEach((p) => keep(p));
        }
    }
    catch (e) {
        throw (0,client/* apiError */.pb)(`finding the pull request of run ${run.id}`, e);
    }
    const all = [...found.values()];
    const exact = all.filter((p) => p.head.sha === headSha);
    const pick = exact.length > 0 ? exact : all;
    if (pick.length === 0) {
        throw new types/* GateError */.u(`no open pull request has the head ${headSha.slice(0, 12)} of run ${run.id}${run.headLabel ? ` (${run.headLabel})` : ''}: nothing to judge`);
    }
    if (pick.length > 1) {
        const numbers = pick.map((p) => `#${p.number}`).join(', ');
        throw new types/* GateError */.u(`run ${run.id} matches several pull requests (${numbers}): which one to judge is ambiguous, so nothing is`);
    }
    const p = pick[0];
    return {
        number: p.number,
        author: p.user?.login ?? undefined,
        authorType: p.user?.type ?? undefined,
        baseSha: p.base.sha,
        headSha: p.head.sha,
    };
}
/**
 * Downloads the run's artifact and writes its files into a new folder under `tempRoot`.
 * The API answers the download with a redirect to a storage URL that is fetched without the
 * token (it carries its own signature; the token must not leave GitHub).
 */
async function downloadArtifact(api, repo, runId, name, tempRoot) {
    let artifacts;
    try {
        artifacts = (await api.paginate('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', {
            ...repo,
            run_id: runId,
            per_page: 100,
        }));
    }
    catch (e) {
        throw (0,client/* apiError */.pb)(`listing the artifacts of run ${runId}`, e);
    }
    const named = artifacts.filter((a) => a.name === name);
    if (named.length === 0) {
        const others = artifacts
            .slice(0, 10)
            .map((a) => JSON.stringify(a.name))
            .join(', ');
        throw new types/* GateError */.u(`run ${runId} has no artifact named ${JSON.stringify(name)}${others ? ` (it has ${others})` : ''}: did its upload step run?`);
    }
    if (named.length > 1) {
        throw new types/* GateError */.u(`run ${runId} has ${named.length} artifacts named ${JSON.stringify(name)}: which one holds the reports is ambiguous`);
    }
    const a = named[0];
    const expired = () => new types/* GateError */.u(`the artifact ${JSON.stringify(name)} of run ${runId} has expired${a.expires_at ? ` (${a.expires_at})` : ''}: re-run that workflow to judge its reports`);
    if (a.expired)
        throw expired();
    if (a.size_in_bytes > ARTIFACT_ZIP_BYTES) {
        throw new types/* GateError */.u(`the artifact ${JSON.stringify(name)} is ${a.size_in_bytes} bytes, over the limit of ${ARTIFACT_ZIP_BYTES}`);
    }
    let zip;
    try {
        const r = await api.request('GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}', { ...repo, artifact_id: a.id, archive_format: 'zip' }, { redirect: 'manual', binary: true });
        const status = r.status;
        const location = r.headers.location;
        if (status >= 300 && status < 400 && location)
            zip = await fetchCapped(location);
        else if (status === 200 && Buffer.isBuffer(r.data))
            zip = r.data;
        else
            throw new types/* GateError */.u(`downloading the artifact answered HTTP ${status} without a zip`);
    }
    catch (e) {
        if (e instanceof types/* GateError */.u)
            throw e;
        if (e.status === 410)
            throw expired();
        throw (0,client/* apiError */.pb)(`downloading the artifact ${JSON.stringify(name)}`, e);
    }
    const dir = await (0,promises_.mkdtemp)(external_node_path_default().join(tempRoot, 'ledger-gate-artifact-'));
    for (const e of zipEntries(zip, ARTIFACT_LIMITS)) {
        const target = external_node_path_default().join(dir, ...e.name.split('/'));
        if (e.data === null) {
            await (0,promises_.mkdir)(target, { recursive: true });
        }
        else {
            await (0,promises_.mkdir)(external_node_path_default().dirname(target), { recursive: true });
            // A fresh folder and checked names: `wx` still refuses to write over anything.
            await (0,promises_.writeFile)(target, e.data, { flag: 'wx' });
        }
    }
    return dir;
}
/** GET a storage URL with no credentials (through the runner's proxy), refusing a body past the zip limit. */
async function fetchCapped(url) {
    let res;
    try {
        res = await (0,proxy/* fetchFor */.G)(url)(url, {
            redirect: 'follow',
            signal: AbortSignal.timeout(10 * 60 * 1000),
        });
    }
    catch (e) {
        throw new types/* GateError */.u(`downloading the artifact from its storage URL failed: ${String(e.cause ?? e).split('\n')[0]}`);
    }
    if (!res.ok || !res.body) {
        throw new types/* GateError */.u(`downloading the artifact from its storage URL answered HTTP ${res.status}`);
    }
    const chunks = [];
    let size = 0;
    for await (const chunk of res.body) {
        size += chunk.length;
        if (size > ARTIFACT_ZIP_BYTES) {
            throw new types/* GateError */.u(`the artifact download is over the limit of ${ARTIFACT_ZIP_BYTES} bytes`);
        }
        chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
}
/** A report glob or the collected file, as a path inside the artifact folder. */
function insideArtifact(dir, input, pattern) {
    // An exclusion (`!pattern`) is relative to the artifact's root too.
    if (pattern.startsWith('!'))
        return '!' + insideArtifact(dir, input, pattern.slice(1));
    if (pattern.startsWith('/') || pattern.split(/[\\/]/).includes('..')) {
        throw new types/* GateError */.u(`input ${input} must be relative to the artifact's root in workflow_run mode, not ${JSON.stringify(pattern.slice(0, 80))}`);
    }
    return external_node_path_default().join(dir, pattern);
}

;// CONCATENATED MODULE: ./src/action/stronger-artifacts.ts
// workflow_run: the base run's and the hold-out's reports, from the triggering run's artifacts
// (`base-artifact`, `holdout-artifact`, `mutation-artifact`; default the reports' own `artifact`). An artifact that
// cannot be had is no crash: its globs then match nothing, so the base set is report-invalid
// and the hold-out set holdout-missing, each a reject that says so.




async function strongerArtifacts(api, repo, runId, inputs, reports, temp, notes) {
    const fetched = new Map([[inputs.artifact, reports]]);
    const folder = async (name, what, hidden) => {
        const have = fetched.get(name);
        if (have !== undefined)
            return have;
        let dir;
        try {
            dir = await downloadArtifact(api, repo, runId, name, temp);
            notes.push(`${what} from the artifact ${JSON.stringify(name)} of run ${runId}`);
        }
        catch (e) {
            if (!(e instanceof types/* GateError */.u))
                throw e;
            // An empty folder: nothing matches, and the rules of the set say so.
            dir = await (0,promises_.mkdtemp)(external_node_path_default().join(temp, 'ledger-gate-none-'));
            notes.push(`${what}: the artifact ${JSON.stringify(name)} could not be had` +
                (hidden ? '' : ` (${e.oneLine})`));
        }
        fetched.set(name, dir);
        return dir;
    };
    const baseJunit = [];
    if (inputs.baseJunit.length > 0) {
        const dir = await folder(inputs.baseArtifact ?? inputs.artifact, 'base run', false);
        for (const g of inputs.baseJunit)
            baseJunit.push(insideArtifact(dir, 'base-junit', g));
    }
    const holdoutJunit = [];
    if (inputs.holdoutJunit.length > 0) {
        const dir = await folder(inputs.holdoutArtifact ?? inputs.artifact, 'hold-out', true);
        for (const g of inputs.holdoutJunit)
            holdoutJunit.push(insideArtifact(dir, 'holdout-junit', g));
    }
    const mutationReport = [];
    if (inputs.mutationReport.length > 0) {
        const dir = await folder(inputs.mutationArtifact ?? inputs.artifact, 'mutation reports', false);
        for (const g of inputs.mutationReport)
            mutationReport.push(insideArtifact(dir, 'mutation-report', g));
    }
    return { baseJunit, holdoutJunit, mutationReport };
}

;// CONCATENATED MODULE: ./src/action/workflow-run.ts
// The action on workflow_run: the pull request the triggering run was for, its reports from
// that run's artifact, and its head checked out beside the base checkout.







/**
 * workflow_run: the pull request the run was for, its reports from the run's artifact, and its
 * head checked out into a worktree of the base checkout, read as data (nothing of it runs).
 * From here on the gate judges exactly what it would on the pull_request event.
 */
async function fromWorkflowRun(api, repo, event, inputs, workspace, env) {
    const run = event.workflowRun;
    const top = await git.topLevel(workspace);
    if (top === null) {
        throw new types/* GateError */.u("workflow_run mode needs the base repository checked out (actions/checkout): the pull request's head is fetched into it");
    }
    const pull = await findPullOfRun(api, repo, run, event.headSha);
    const notes = [...event.notes, `pull request #${pull.number}`];
    if (pull.headSha !== event.headSha) {
        notes.push(`pull request #${pull.number} has moved on to ${pull.headSha.slice(0, 12)}; this check is for the run's head ${event.headSha.slice(0, 12)}`);
    }
    // Never inside the workspace: the artifact must not replace a file a later step runs.
    const temp = env.RUNNER_TEMP || (0,external_node_os_.tmpdir)();
    await (0,promises_.mkdir)(temp, { recursive: true });
    const artifact = await downloadArtifact(api, repo, run.id, inputs.artifact, temp);
    notes.push(`reports from the artifact ${JSON.stringify(inputs.artifact)} of run ${run.id}`);
    const stronger = await strongerArtifacts(api, repo, run.id, inputs, artifact, temp, notes);
    await git.fetchPullHead(top, pull.number, event.headSha);
    const head = await (0,promises_.mkdtemp)(external_node_path_default().join(temp, 'ledger-gate-head-'));
    await git.addWorktree(top, head, event.headSha);
    return {
        event: {
            ...event,
            base: event.base ?? pull.baseSha,
            pr: {
                number: pull.number,
                author: pull.author,
                authorType: pull.authorType,
                headSha: event.headSha,
            },
            notes,
        },
        where: {
            cwd: head,
            junit: inputs.junit.map((g) => insideArtifact(artifact, 'junit', g)),
            collected: inputs.collected === undefined
                ? undefined
                : insideArtifact(artifact, 'collected', inputs.collected),
            collectedRoot: artifact,
            shownRun: { junit: inputs.junit, collected: inputs.collected },
            ...stronger,
        },
        cleanup: () => git.removeWorktree(top, head),
    };
}


/***/ })

};
