export const id = 225;
export const ids = [225];
export const modules = {

/***/ 225:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  apiRef: () => (/* binding */ apiRef),
  chooseChangeSource: () => (/* binding */ chooseChangeSource)
});

// EXTERNAL MODULE: ./src/adapters/git/git.ts + 4 modules
var git = __webpack_require__(5086);
// EXTERNAL MODULE: ./src/types.ts
var types = __webpack_require__(6141);
// EXTERNAL MODULE: ./src/adapters/github/client.ts + 18 modules
var client = __webpack_require__(8223);
;// CONCATENATED MODULE: ./src/adapters/github/fallback.ts
// The change from the API, for when git cannot answer (a clone without the history, a job
// without the base): the changed files, the base ledger and the commit authors, all over one
// range. The pull request's own range is read with pulls.listFiles and pulls.listCommits; any
// other (a base-ref input) with the compare endpoint, base...head.



/** pulls.listFiles returns at most 3000 files; past that the list would be silently short. */
const LIST_FILES_CAP = 3000;
/** pulls.listCommits returns at most 250 commits. */
const LIST_COMMITS_CAP = 250;
/** The compare endpoint lists at most 300 files for the whole comparison. */
const COMPARE_FILES_CAP = 300;
function fallback_status(s) {
    if (s === 'added')
        return 'A';
    if (s === 'removed')
        return 'D';
    return 'M';
}
/** `renamed` is a deletion of the old path plus an addition of the new, as git --no-renames says. */
function filesToChanges(files) {
    const out = [];
    for (const f of files) {
        if (f.status === 'renamed' && f.previous_filename) {
            out.push({ path: f.previous_filename, status: 'D' }, { path: f.filename, status: 'A' });
        }
        else {
            out.push({ path: f.filename, status: fallback_status(f.status) });
        }
    }
    return out;
}
/**
 * The API's answers over base...head. With `pull`, the range is that pull request's own (its
 * base and head), read with the pulls endpoints; without, the compare endpoint answers for
 * exactly this range. The merge base is asked first: a source is only returned when the API
 * knows the range.
 */
async function apiChange(api, repo, range, pull) {
    const basehead = `${range.base}...${range.head}`;
    let compared;
    try {
        // The pull request's files and commits come from its own endpoints: one line is enough.
        const page = pull === undefined ? {} : { per_page: 1 };
        compared = (await api.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
            ...repo,
            basehead,
            ...page,
        })).data;
    }
    catch (e) {
        throw (0,client/* apiError */.pb)(`comparing ${basehead}`, e);
    }
    const baseSha = compared.merge_base_commit.sha;
    const baseLedgerText = async (path) => {
        try {
            const r = await api.request('GET /repos/{owner}/{repo}/contents/{path}', { ...repo, path, ref: baseSha }, { raw: true });
            return typeof r.data === 'string' ? r.data : String(r.data);
        }
        catch (e) {
            if (e.status === 404)
                return null;
            throw (0,client/* apiError */.pb)(`reading ${path} at ${baseSha.slice(0, 12)}`, e);
        }
    };
    if (pull === undefined) {
        const files = compared.files ?? [];
        return {
            source: `the GitHub API (compare ${range.base}...${range.head.slice(0, 12)})`,
            range,
            baseSha,
            async changedPaths() {
                if (files.length >= COMPARE_FILES_CAP) {
                    // A short list could hide a golden change: fail closed and say how to avoid it.
                    throw new types/* GateError */.u(`${basehead} changes ${COMPARE_FILES_CAP} files or more, past what the compare API returns; check out with history (fetch-depth: 0) so git can answer`);
                }
                return filesToChanges(files);
            },
            baseLedgerText,
            // Past the listed commits some authors are unknown: unknown counts as an agent's (§3).
            commits: async () => compared.commits.length < compared.total_commits ? null : commitInfos(compared.commits),
        };
    }
    return {
        source: `the GitHub API (pulls.listFiles of #${pull})`,
        range,
        baseSha,
        async changedPaths() {
            let files;
            try {
                files = await api.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
                    ...repo,
                    pull_number: pull,
                    per_page: 100,
                });
            }
            catch (e) {
                throw (0,client/* apiError */.pb)(`listing the files of pull request #${pull}`, e);
            }
            if (files.length >= LIST_FILES_CAP) {
                // A short list could hide a golden change: fail closed and say how to avoid it.
                throw new types/* GateError */.u(`pull request #${pull} changes ${LIST_FILES_CAP} files or more, past what pulls.listFiles returns; check out with history (fetch-depth: 0) so git can answer`);
            }
            return filesToChanges(files);
        },
        baseLedgerText,
        async commits() {
            let commits;
            try {
                commits = await api.paginate('GET /repos/{owner}/{repo}/pulls/{pull_number}/commits', {
                    ...repo,
                    pull_number: pull,
                    per_page: 100,
                });
            }
            catch (e) {
                throw (0,client/* apiError */.pb)(`listing the commits of pull request #${pull}`, e);
            }
            // Past the cap some authors are unknown: unknown authorship counts as an agent's (§3).
            if (commits.length >= LIST_COMMITS_CAP)
                return null;
            return commitInfos(commits);
        },
    };
}
/**
 * The trailers are read by git's own parser, as on the git path; the API gives no per-commit
 * ledger versions, so rows take the change's authorship here (§3). Null when unreadable.
 */
async function commitInfos(commits) {
    const out = [];
    for (const c of commits) {
        const coAuthors = await (0,git.coAuthorsOf)(c.commit.message).catch(() => null);
        if (coAuthors === null)
            return null; // trailers unreadable: authorship unknown
        out.push({
            sha: c.sha,
            parents: (c.parents ?? []).map((p) => p.sha),
            author: { name: c.commit.author?.name ?? '', email: c.commit.author?.email ?? '' },
            committer: {
                name: c.commit.committer?.name ?? '',
                email: c.commit.committer?.email ?? '',
            },
            coAuthors,
        });
    }
    return out;
}

;// CONCATENATED MODULE: ./src/action/change-source.ts



/**
 * Where the change comes from, chosen once, when the gate first asks: git when the clone has
 * the range's commits (a shallow clone is deepened first), else the API for the same range
 * (the pull request's own endpoints when the range is the pull request's, compare for a
 * base-ref), else one line saying why neither can answer. No API call when git can answer.
 */
async function chooseChangeSource(api, repo, event, cwd, baseRef) {
    // One base for both; git's head is the checkout (HEAD), the API's the pull request's head sha.
    const base = event.base;
    let gitError;
    try {
        if ((await git.topLevel(cwd)) === null)
            throw new types/* GateError */.u('the workspace is not a git clone');
        return await git.gitChange(cwd, base, 'HEAD', true);
    }
    catch (e) {
        if (!(e instanceof types/* GateError */.u))
            throw e;
        gitError = e;
    }
    const head = event.pr?.headSha;
    if (!head)
        throw gitError;
    // The API knows the repository's branches, not this clone's remote-tracking names.
    const range = { base: baseRef === undefined ? base : apiRef(base), head };
    try {
        return await apiChange(api, repo, range, baseRef === undefined ? event.pr.number : undefined);
    }
    catch (e) {
        if (!(e instanceof types/* GateError */.u))
            throw e;
        throw new types/* GateError */.u(`${gitError.message}; the GitHub API cannot answer either: ${e.message}`);
    }
}
/** `origin/release` and `refs/remotes/origin/release` name the branch `release` on GitHub. */
function apiRef(ref) {
    return ref.replace(/^(?:refs\/remotes\/)?origin\//, '');
}


/***/ })

};
