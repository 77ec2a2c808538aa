export const id = 100;
export const ids = [100];
export const modules = {

/***/ 2100:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  baseHarness: () => (/* binding */ baseHarness)
});

;// CONCATENATED MODULE: ./src/harness/paths.ts
/** `dir` + `rel` normalised; null when it leaves the repository or is absolute. */
function repoPath(dir, rel) {
    if (rel.startsWith('/') || rel.includes('\0'))
        return null;
    const parts = [];
    for (const seg of `${dir}/${rel}`.split('/')) {
        if (seg === '' || seg === '.')
            continue;
        if (seg === '..') {
            if (parts.length === 0)
                return null;
            parts.pop();
        }
        else
            parts.push(seg);
    }
    return parts.length === 0 ? null : parts.join('/');
}
const dirOf = (p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const JS_EXT = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.jsx', '.tsx', '.json'];
/**
 * The files a JS module path can load (`./setup` → `setup.js`, `setup/index.js`, …): the path
 * itself, then with each extension, then as a folder's index. Absent ones count too: a file the
 * change adds where the base's config looks is harness all the same.
 */
function jsCandidates(p) {
    const out = [p];
    if (!/\.[cm]?[jt]sx?$|\.json$/.test(p)) {
        for (const e of JS_EXT)
            out.push(p + e);
        for (const e of JS_EXT)
            out.push(`${p}/index${e}`);
    }
    return out;
}
/** The files `import a.b.c` loads from `root`: `a/b/c.py` or the package `a/b/c/__init__.py`. */
function pyCandidates(root, module) {
    if (!/^[A-Za-z_][\w.]*$/.test(module))
        return [];
    const rel = module.split('.').join('/');
    return [`${rel}.py`, `${rel}/__init__.py`]
        .map((p) => repoPath(root, p))
        .filter((p) => p !== null);
}
/** Of the candidates, those the tree has; all of them when it has none (shadowing counts). */
function present(tree, candidates) {
    const have = candidates.filter((c) => tree.has(c));
    return have.length > 0 ? have : candidates;
}
/** A path-like argument: relative, or `<rootDir>`-based, or a file with a code extension. */
function looksLikePath(s) {
    // A glob (`projects: ['<rootDir>/packages/*']`) names no one file; node_modules is installed.
    if (s === '' || s.startsWith('@') || /[\n*?]/.test(s) || /^[a-z][\w+.-]*:/i.test(s))
        return false;
    if (/(?:^|\/)node_modules\//.test(s))
        return false;
    if (s.startsWith('./') || s.startsWith('../') || s.startsWith('<rootDir>'))
        return true;
    return /\.(?:[cm]?[jt]sx?|json|py|sh|ya?ml|toml|ini|cfg)$/.test(s);
}

;// CONCATENATED MODULE: ./src/harness/shell.ts
// Shell text as the commands it runs (pure): enough of POSIX sh to see which programs a CI step,
// an npm script, a Makefile recipe or a tox `commands =` line starts and with which words. One
// pass over the characters (linear in the text, which the base's files hold). What it cannot
// know statically — a word built from `$VAR`, `$(…)` or backticks — is marked `dynamic`, so
// the resolvers say they could not follow it instead of taking it as nothing.
/** Words that start or end a compound command: the command is what follows them. */
const KEYWORDS = new Set([
    'if',
    'then',
    'else',
    'elif',
    'fi',
    'do',
    'done',
    'while',
    'until',
    '!',
    'time',
]);
/** Commands of a shell text, in order (`for x in …` loops and `case` bodies read as commands). */
function parseShell(text) {
    const out = [];
    let words = [];
    let env = {};
    let line = 1;
    let cmdLine = 1;
    let cur = '';
    let inWord = false;
    let dynamic = false;
    let redirect = false; // the next word is a redirection's target, not an argument
    let heredoc = []; // delimiters whose bodies start at the next line
    const n = text.length;
    const endWord = () => {
        if (!inWord)
            return;
        const w = { text: cur, dynamic };
        if (redirect)
            redirect = false;
        else if (words.length === 0 && /^[A-Za-z_]\w*=/.test(cur)) {
            const eq = cur.indexOf('=');
            env[cur.slice(0, eq)] = { text: cur.slice(eq + 1), dynamic };
        }
        else if (words.length === 0 && KEYWORDS.has(cur) && !dynamic) {
            // `if cmd`, `then cmd`: the keyword opens the next command.
        }
        else {
            if (words.length === 0)
                cmdLine = line;
            words.push(w);
        }
        cur = '';
        inWord = false;
        dynamic = false;
    };
    const endCommand = () => {
        endWord();
        if (words.length > 0)
            out.push({ words, env, line: cmdLine });
        words = [];
        env = {};
    };
    const skipHeredocs = (i) => {
        // i is just past a newline: skip each pending body through its delimiter line.
        for (const delim of heredoc) {
            while (i < n) {
                const end = text.indexOf('\n', i);
                const stop = end < 0 ? n : end;
                const body = text.slice(i, stop).replace(/^\t+/, '').trimEnd();
                i = stop + 1;
                line++;
                if (body === delim)
                    break;
            }
        }
        heredoc = [];
        return i;
    };
    let i = 0;
    while (i < n) {
        const c = text[i];
        if (c === '\\' && text[i + 1] === '\n') {
            i += 2;
            line++;
            continue;
        }
        if (c === '\n') {
            endCommand();
            line++;
            i = heredoc.length > 0 ? skipHeredocs(i + 1) : i + 1;
            continue;
        }
        if (c === ' ' || c === '\t' || c === '\r') {
            endWord();
            i++;
            continue;
        }
        if (c === '#' && !inWord) {
            const end = text.indexOf('\n', i);
            i = end < 0 ? n : end;
            continue;
        }
        if (c === ';' || c === '&' || c === '|' || c === '(' || c === ')' || c === '`') {
            if (c === '`') {
                // A command substitution: its text runs too, and its value is not known here.
                const end = text.indexOf('`', i + 1);
                const inner = text.slice(i + 1, end < 0 ? n : end);
                for (const sub of parseShell(inner))
                    out.push({ ...sub, line: line + sub.line - 1 });
                inWord = true;
                dynamic = true;
                i = end < 0 ? n : end + 1;
                continue;
            }
            if (c === '&' && text[i + 1] === '>') {
                endWord();
                redirect = true;
                i += 2;
                continue;
            }
            endCommand();
            i++;
            continue;
        }
        if (c === '{' || c === '}') {
            if (!inWord && (i + 1 >= n || /\s/.test(text[i + 1]))) {
                endCommand();
                i++;
                continue;
            }
        }
        if (c === '<' || c === '>') {
            // A redirection: `2>&1`, `> file`, `<<EOF` (a here-document: its body is data).
            if (inWord && /^\d+$/.test(cur)) {
                cur = '';
                inWord = false;
            }
            else
                endWord();
            if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
                let j = i + 2;
                if (text[j] === '-')
                    j++;
                while (text[j] === ' ')
                    j++;
                let k = j;
                while (k < n && !/[\s;&|<>]/.test(text[k]))
                    k++;
                heredoc.push(text.slice(j, k).replace(/['"\\]/g, ''));
                i = k;
                continue;
            }
            let j = i + 1;
            while (text[j] === '>' || text[j] === '<' || text[j] === '|')
                j++;
            if (text[j] === '&') {
                j++;
                while (/[\d-]/.test(text[j] ?? ''))
                    j++;
            }
            else
                redirect = true;
            i = j;
            continue;
        }
        if (c === "'") {
            const end = text.indexOf("'", i + 1);
            const stop = end < 0 ? n : end;
            const part = text.slice(i + 1, stop);
            line += countLines(part);
            cur += part;
            inWord = true;
            i = stop + 1;
            continue;
        }
        if (c === '"') {
            let j = i + 1;
            while (j < n && text[j] !== '"') {
                const d = text[j];
                if (d === '\\' && j + 1 < n) {
                    cur += text[j + 1];
                    j += 2;
                    continue;
                }
                if (d === '$' || d === '`')
                    dynamic = true;
                if (d === '\n')
                    line++;
                cur += d;
                j++;
            }
            inWord = true;
            i = j + 1;
            continue;
        }
        if (c === '$') {
            dynamic = true;
            inWord = true;
            if (text[i + 1] === '(') {
                // $( … ): the commands inside run too; skip to the matching parenthesis.
                let depth = 0;
                let j = i + 1;
                for (; j < n; j++) {
                    if (text[j] === '(')
                        depth++;
                    else if (text[j] === ')' && --depth === 0)
                        break;
                }
                const inner = text.slice(i + 2, j);
                if (!inner.startsWith('(')) {
                    for (const sub of parseShell(inner))
                        out.push({ ...sub, line: line + sub.line - 1 });
                }
                line += countLines(inner);
                cur += '$(…)';
                i = j + 1;
                continue;
            }
            cur += c;
            i++;
            continue;
        }
        if (c === '\\' && i + 1 < n) {
            cur += text[i + 1];
            inWord = true;
            i += 2;
            continue;
        }
        cur += c;
        inWord = true;
        i++;
    }
    endCommand();
    return out;
}
function countLines(s) {
    let k = 0;
    for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1))
        k++;
    return k;
}

;// CONCATENATED MODULE: ./src/harness/types.ts
// The harness as the base's CI runs it (CONTRACT §3 "Harness reached from the base"): plain
// data the resolvers pass between them. Every resolver reads one file of the base's tree and
// says which paths (or keys of a shared file) it reaches, which files to read next, and what
// it could not follow. Only the base's files are read: the change controls its own bytes.
const emptyStep = () => ({ reach: [], follow: [], unresolved: [] });
function mergeStep(into, from) {
    into.reach.push(...from.reach);
    into.follow.push(...from.follow);
    into.unresolved.push(...from.unresolved);
    return into;
}

;// CONCATENATED MODULE: ./src/harness/programs.ts
// What one shell command reaches (pure): a table of the programs CI runs tests with — shells,
// interpreters, make, the package managers, the test runners — each reading its own flags. A
// program not in the table reaches nothing by its name; a path in the program's place (`./ci.sh`)
// is a script the command executes.



const say = (c, s, line, what) => {
    s.unresolved.push({ file: c.file, line, what });
};
/** A script the command runs: the file is harness, and it is read as its kind. */
function script(c, s, rel, kind, line) {
    const p = repoPath(c.cwd, rel);
    if (p === null)
        return;
    const via = `${c.via} → ${p}`;
    s.reach.push({ path: p, via });
    const k = kind ?? kindOf(p);
    // A script's commands run in the caller's folder, not the script's.
    if (k)
        s.follow.push({ kind: k, path: p, via, line, cwd: c.cwd });
}
function kindOf(p) {
    if (/\.(?:sh|bash)$/.test(p) || !/\.[^/]+$/.test(p))
        return 'shell';
    if (p.endsWith('.py'))
        return 'python-script';
    if (/\.[cm]?[jt]sx?$/.test(p))
        return 'node-script';
    return null;
}
/** A JS module a flag names (`--require ./x`): harness wherever it lives. */
function jsModule(c, s, spec, what) {
    if (!looksLikePath(spec))
        return;
    const p = repoPath(c.cwd, spec.replace(/^<rootDir>\/?/, ''));
    if (p === null)
        return;
    for (const f of present(c.tree, jsCandidates(p))) {
        s.reach.push({ path: f, via: `${c.via} (${what})` });
        s.follow.push({ kind: 'node-script', path: f, via: `${c.via} (${what})` });
    }
}
/** A Python module a flag names (`-p src.plugin`): harness wherever it lives. */
function pyModule(c, s, module, what, roots = ['']) {
    if (module.startsWith('no:'))
        return;
    // The working folder, and the roots the caller names (a config's `pythonpath`, src/).
    for (const root of new Set(['', ...roots])) {
        for (const f of present(c.tree, pyCandidates(root === '' ? c.cwd : root, module))) {
            s.reach.push({ path: f, via: `${c.via} (${what})` });
        }
    }
}
/** `--flag value` or `--flag=value`, for each of `names`; the values in order. */
function flagValues(args, names) {
    const out = [];
    for (let i = 0; i < args.length; i++) {
        const a = args[i].text;
        for (const n of names) {
            if (a === n && i + 1 < args.length)
                out.push(args[++i]);
            else if (a.startsWith(`${n}=`))
                out.push({ ...args[i], text: a.slice(n.length + 1) });
            else if (n.length === 2 &&
                n[1] !== '-' &&
                a.startsWith(n) &&
                a.length > 2 &&
                !a.startsWith('--'))
                out.push({ ...args[i], text: a.slice(2) }); // -pplugin, -rfile
        }
    }
    return out;
}
/** The words that are not flags (and not a flag's value, for the flags in `valued`). */
function operands(args, valued) {
    const out = [];
    for (let i = 0; i < args.length; i++) {
        const a = args[i].text;
        if (a === '--')
            return [...out, ...args.slice(i + 1)];
        if (a.startsWith('-')) {
            if (valued.includes(a))
                i++;
            continue;
        }
        out.push(args[i]);
    }
    return out;
}
const NODE_FLAGS = ['-r', '--require', '--import', '--loader', '--experimental-loader'];
function node(args, c, s, line) {
    for (const v of flagValues(args, NODE_FLAGS)) {
        if (v.dynamic)
            say(c, s, line, `node ${v.text}: a module named by a variable`);
        else
            jsModule(c, s, v.text, `node --require ${v.text}`);
    }
    const [first, ...rest] = operands(args, [...NODE_FLAGS, '-e', '--eval', '-p', '--print']);
    if (!first)
        return;
    if (first.dynamic)
        return say(c, s, line, `node ${first.text}: a script named by a variable`);
    // `node node_modules/jest/bin/jest.js …` is jest itself.
    const bin = /node_modules\/(?:\.bin\/)?(@[^/]+\/[^/]+|[^/]+)/.exec(first.text);
    if (bin)
        return run([{ text: bin[1], dynamic: false }, ...rest], c, s, line);
    script(c, s, first.text, 'node-script', line);
}
function python(args, c, s, line) {
    const m = args.findIndex((a) => a.text === '-m' || (a.text.startsWith('-m') && a.text.length > 2));
    if (m >= 0) {
        const mod = args[m].text === '-m' ? args[m + 1] : { ...args[m], text: args[m].text.slice(2) };
        if (!mod)
            return;
        if (mod.dynamic)
            return say(c, s, line, `python -m ${mod.text}: a module named by a variable`);
        // `python -m X` looks in the working folder first: a module there shadows X.
        pyModule(c, s, mod.text, `python -m ${mod.text} looks in the working folder first`);
        const rest = args.slice(args[m].text === '-m' ? m + 2 : m + 1);
        return run([{ text: mod.text, dynamic: false }, ...rest], c, s, line);
    }
    if (args.some((a) => a.text === '-c'))
        return;
    const [first] = operands(args, ['-W', '-X']);
    if (!first)
        return;
    if (first.dynamic)
        return say(c, s, line, `python ${first.text}: a script named by a variable`);
    script(c, s, first.text, 'python-script', line);
}
function shell(args, c, s, line) {
    const inline = args.findIndex((a) => a.text === '-c' || /^-[a-z]*c$/.test(a.text));
    if (inline >= 0) {
        const body = args[inline + 1];
        if (!body)
            return;
        if (body.dynamic)
            return say(c, s, line, `sh -c ${body.text}: a command built from variables`);
        for (const cmd of parseShell(body.text))
            commandStep(cmd, c, s, line);
        return;
    }
    const [first] = operands(args, ['-o', '+o']);
    if (!first)
        return;
    if (first.dynamic)
        return say(c, s, line, `sh ${first.text}: a script named by a variable`);
    script(c, s, first.text, 'shell', line);
}
function make(args, c, s, line) {
    const dir = flagValues(args, ['-C', '--directory'])[0];
    const cwd = dir ? repoPath(c.cwd, dir.text) : c.cwd;
    if (cwd === null || dir?.dynamic)
        return say(c, s, line, 'make -C: a folder named by a variable');
    const files = flagValues(args, ['-f', '--file', '--makefile']);
    const targets = operands(args, ['-C', '--directory', '-f', '--file', '--makefile', '-j', '-l'])
        .filter((a) => !a.text.includes('='))
        .map((a) => a.text);
    const names = files.length > 0 ? files.map((f) => f.text) : ['GNUmakefile', 'makefile', 'Makefile'];
    const found = names.map((n) => repoPath(cwd, n)).filter((p) => p !== null);
    const via = `${c.via} → make ${targets.join(' ')}`.trimEnd();
    for (const p of found)
        s.reach.push({ path: p, via });
    const real = found.filter((p) => c.tree.has(p));
    for (const p of real.length > 0 ? real.slice(0, 1) : [])
        s.follow.push({ kind: 'makefile', path: p, via: `${via} (${p})`, args: targets, line });
}
/** Scripts that npm runs before and after `name`, and around an install. */
const LIFECYCLE = {
    install: [
        'preinstall',
        'install',
        'postinstall',
        'prepublish',
        'preprepare',
        'prepare',
        'postprepare',
    ],
};
function npmScripts(c, s, pkgDir, names, tool) {
    const pkg = repoPath(pkgDir, 'package.json') ?? 'package.json';
    const all = names.flatMap((n) => LIFECYCLE[n] ?? [`pre${n}`, n, `post${n}`]);
    s.follow.push({
        kind: 'npm-scripts',
        path: pkg,
        via: `${c.via} → ${tool} run ${names.join(' ')}`,
        args: all,
    });
    // What the package manager reads before it runs a script.
    for (const f of ['.npmrc', '.yarnrc', '.yarnrc.yml', '.pnpmfile.cjs']) {
        for (const d of new Set([pkgDir, ''])) {
            const p = repoPath(d, f);
            if (p === null)
                continue;
            s.reach.push({ path: p, via: `${c.via} → ${tool} reads ${p}` });
            if (c.tree.has(p)) {
                const kind = f === '.npmrc' ? 'npmrc' : f === '.yarnrc.yml' ? 'yarnrc' : null;
                if (kind)
                    s.follow.push({ kind, path: p, via: `${c.via} → ${tool} reads ${p}` });
                if (f === '.pnpmfile.cjs')
                    s.follow.push({ kind: 'node-script', path: p, via: `${c.via} → ${p}` });
            }
        }
    }
}
/** npm, yarn and pnpm: which scripts a command runs. */
function packageManager(tool) {
    return (args, c, s, line) => {
        const prefix = flagValues(args, ['--prefix', '-C', '--cwd', '--dir'])[0];
        const dir = prefix ? repoPath(c.cwd, prefix.text) : c.cwd;
        if (dir === null || prefix?.dynamic)
            return say(c, s, line, `${tool} --prefix: a folder named by a variable`);
        const ops = operands(args, [
            '--prefix',
            '-C',
            '--cwd',
            '--dir',
            '--filter',
            '-w',
            '--workspace',
        ]);
        const [sub, ...rest] = ops.map((o) => o.text);
        const scripts = (n) => n === undefined
            ? undefined
            : n.includes('$')
                ? say(c, s, line, `${tool} run ${n}: a script named by a variable`)
                : npmScripts(c, s, dir, [n], tool);
        switch (sub) {
            case undefined:
                if (tool === 'yarn')
                    npmScripts(c, s, dir, ['install'], tool);
                return;
            case 'test':
            case 't':
            case 'tst':
                return void scripts('test');
            case 'start':
            case 'stop':
            case 'restart':
                return void scripts(sub);
            case 'run':
            case 'run-script':
            case 'rum':
                return void scripts(rest[0]);
            case 'ci':
            case 'install':
            case 'i':
            case 'install-clean':
            case 'add':
                return npmScripts(c, s, dir, ['install'], tool);
            case 'exec':
            case 'dlx':
            case 'x': {
                const i = args.findIndex((a) => a.text === sub);
                return run(args.slice(i + 1).filter((a) => a.text !== '--'), c, s, line);
            }
            default:
                // `yarn build`, `pnpm lint`: a script of that name (npm would refuse it).
                if (tool !== 'npm' && sub !== undefined && !BUILTINS.has(sub))
                    return void scripts(sub);
        }
    };
}
const BUILTINS = new Set([
    'audit',
    'config',
    'why',
    'info',
    'list',
    'ls',
    'outdated',
    'pack',
    'publish',
    'remove',
    'upgrade',
    'up',
    'version',
    'workspace',
    'workspaces',
    'cache',
    'set',
    'dedupe',
    'prune',
    'fetch',
    'import',
    'link',
    'unlink',
    'rebuild',
    'store',
    'env',
    'help',
    'init',
    'create',
    'login',
    'logout',
]);
function pytest(args, c, s, line, roots = []) {
    for (const v of flagValues(args, ['-p'])) {
        if (v.dynamic)
            say(c, s, line, `pytest -p ${v.text}: a plugin named by a variable`);
        else
            pyModule(c, s, v.text, `pytest -p ${v.text}`, ['src', ...roots]);
    }
    for (const v of flagValues(args, ['-c', '--config-file'])) {
        const p = repoPath(c.cwd, v.text);
        if (v.dynamic || p === null) {
            say(c, s, line, `pytest -c ${v.text}: a config named by a variable`);
            continue;
        }
        s.reach.push({ path: p, via: `${c.via} (pytest -c ${v.text})` });
        s.follow.push({ kind: 'pytest-config', path: p, via: `${c.via} (pytest -c ${v.text})` });
    }
    for (const v of flagValues(args, ['-o', '--override-ini'])) {
        const m = /^addopts=(.*)$/s.exec(v.text);
        if (m)
            for (const cmd of parseShell(`pytest ${m[1]}`))
                pytest(cmd.words.slice(1), c, s, line, roots);
    }
}
const JEST_FILE_FLAGS = [
    '--setupFiles',
    '--setupFilesAfterEnv',
    '--globalSetup',
    '--globalTeardown',
    '--testEnvironment',
    '--env',
    '--resolver',
    '--reporters',
    '--testSequencer',
    '--snapshotResolver',
    '--testRunner',
    '--runner',
    '--transform',
    '--preset',
];
function jsRunner(kind, defaults, fileFlags) {
    return (args, c, s, line) => {
        for (const v of flagValues(args, fileFlags)) {
            if (v.dynamic)
                say(c, s, line, `${v.text}: a module named by a variable`);
            else
                jsModule(c, s, v.text, `${kind.replace('-config', '')} flag ${v.text}`);
        }
        const configs = flagValues(args, ['-c', '--config']);
        for (const v of configs) {
            const p = repoPath(c.cwd, v.text);
            if (v.dynamic || p === null) {
                say(c, s, line, `--config ${v.text}: a config named by a variable`);
                continue;
            }
            s.reach.push({ path: p, via: `${c.via} (--config ${v.text})` });
            s.follow.push({ kind, path: p, via: `${c.via} (--config ${v.text})` });
        }
        if (configs.length > 0)
            return;
        // No --config: the runner looks for its default config in the folder it runs in.
        for (const name of defaults) {
            const p = repoPath(c.cwd, name);
            if (p !== null && c.tree.has(p)) {
                // In a package.json only the runner's own key is its config (a dependency bump is not).
                const key = name === 'package.json' ? kind.replace('-config', '') : undefined;
                s.reach.push({ path: p, key, via: `${c.via} (its default config)` });
                s.follow.push({ kind, path: p, via: `${c.via} → ${p}` });
            }
        }
    };
}
const exts = (base, e = ['js', 'ts', 'mjs', 'cjs', 'mts', 'cts', 'json']) => e.map((x) => `${base}.${x}`);
function tox(args, c, s, line) {
    const p = repoPath(c.cwd, flagValues(args, ['-c', '--conf'])[0]?.text ?? 'tox.ini');
    if (p === null)
        return say(c, s, line, 'tox -c: a config outside the repository');
    const envs = flagValues(args, ['-e']).flatMap((w) => w.text.split(','));
    s.follow.push({
        kind: 'tox',
        path: p,
        via: `${c.via} → tox ${envs.join(',')}`.trimEnd(),
        args: envs,
        line,
    });
}
function go(args, c, s, line) {
    if (args[0]?.text !== 'test')
        return;
    for (const v of flagValues(args, ['-exec', '-overlay', '-modfile', '-toolexec'])) {
        if (v.dynamic)
            say(c, s, line, `go test ${v.text}: named by a variable`);
        else if (looksLikePath(v.text) || v.text.includes('/'))
            script(c, s, v.text.split(' ')[0], null, line);
    }
}
const PROGRAMS = {
    bash: shell,
    sh: shell,
    zsh: shell,
    dash: shell,
    ksh: shell,
    source: (a, c, s, l) => shell(a, c, s, l),
    '.': (a, c, s, l) => shell(a, c, s, l),
    node,
    python,
    python3: python,
    make,
    gmake: make,
    npm: packageManager('npm'),
    yarn: packageManager('yarn'),
    pnpm: packageManager('pnpm'),
    pytest: (a, c, s, l) => pytest(a, c, s, l),
    'py.test': (a, c, s, l) => pytest(a, c, s, l),
    jest: jsRunner('jest-config', [...exts('jest.config'), 'package.json'], JEST_FILE_FLAGS),
    vitest: jsRunner('vitest-config', [...exts('vitest.config'), ...exts('vite.config'), ...exts('vitest.workspace')], [
        '--globalSetup',
        '--setupFiles',
        '--environment',
        '--reporter',
        '--sequence.sequencer',
        '--dir',
    ]),
    mocha: jsRunner('mocha-config', [
        '.mocharc.js',
        '.mocharc.cjs',
        '.mocharc.yml',
        '.mocharc.yaml',
        '.mocharc.json',
        '.mocharc.jsonc',
        'package.json',
    ], ['-r', '--require', '--file', '--reporter', '--ui', '--import']),
    tox,
    go,
};
/** Wrappers whose operand is the real command. */
const WRAPPERS = new Set([
    'sudo',
    'env',
    'exec',
    'nice',
    'nohup',
    'time',
    'timeout',
    'xvfb-run',
    'npx',
    'pnpx',
    'bunx',
    'command',
    'stdbuf',
]);
/** `poetry run X`, `uv run X`, `pipenv run X`, `hatch run X`, `bundle exec X`: X runs. */
const RUNNERS = new Set(['poetry', 'uv', 'pipenv', 'hatch', 'pdm', 'bundle', 'rye']);
function run(words, c, s, line) {
    let w = words;
    for (let guard = 0; guard < 8 && w.length > 0; guard++) {
        const name = w[0].text;
        if (WRAPPERS.has(name)) {
            // Drop the wrapper, then its own flags, assignments and durations (`timeout 10m`).
            w = w.slice(1);
            while (w.length > 1 && /^(?:-.*|[A-Za-z_]\w*=.*|\d+[smh]?)$/.test(w[0].text))
                w = w.slice(1);
            continue;
        }
        if (RUNNERS.has(name) && (w[1]?.text === 'run' || w[1]?.text === 'exec')) {
            w = w.slice(2);
            continue;
        }
        break;
    }
    if (w.length === 0)
        return;
    const [prog, ...args] = w;
    if (prog.dynamic)
        return say(c, s, line, `${prog.text}: a command named by a variable`);
    const base = prog.text.includes('/')
        ? prog.text.slice(prog.text.lastIndexOf('/') + 1)
        : prog.text;
    const interpreter = /^python3?(?:\.\d+)?$/.test(base) ? python : PROGRAMS[base];
    // `./ci.sh`, `scripts/test`: a script the command executes (not an installed binary).
    if (prog.text.includes('/') &&
        !prog.text.includes('node_modules/') &&
        !prog.text.startsWith('/')) {
        const p = repoPath(c.cwd, prog.text);
        if (p !== null && (c.tree.has(p) || !interpreter))
            return script(c, s, prog.text, null, line);
    }
    interpreter?.(args, c, s, line);
}
/** The step one command of a shell text takes, into `s`. */
function commandStep(cmd, c, s = emptyStep(), at) {
    const line = at ?? cmd.line;
    // NODE_OPTIONS / PYTEST_ADDOPTS set for this command, or inherited.
    const env = { ...(c.env ?? {}) };
    for (const [k, v] of Object.entries(cmd.env)) {
        if (v.dynamic)
            say(c, s, line, `${k}=${v.text}: a value built from variables`);
        else
            env[k] = v.text;
    }
    envStep(env, c, s, line);
    if (cmd.words[0]?.text === 'cd')
        return s; // the caller tracks the folder
    run(cmd.words, { ...c, env: undefined }, s, line);
    return s;
}
/** What NODE_OPTIONS and PYTEST_ADDOPTS / PYTEST_PLUGINS load, for every command they reach. */
function envStep(env, c, s, line) {
    if (env.NODE_OPTIONS) {
        for (const cmd of parseShell(`node ${env.NODE_OPTIONS}`))
            node(cmd.words.slice(1).filter((w) => w.text.startsWith('-') || flagArg(cmd.words, w)), c, s, line);
    }
    if (env.PYTEST_ADDOPTS)
        for (const cmd of parseShell(`pytest ${env.PYTEST_ADDOPTS}`))
            pytest(cmd.words.slice(1), c, s, line);
    if (env.PYTEST_PLUGINS)
        for (const m of env.PYTEST_PLUGINS.split(','))
            pyModule(c, s, m.trim(), `PYTEST_PLUGINS=${m.trim()}`, ['src']);
}
/** A word that is the value of a NODE_OPTIONS flag (not a script to run). */
function flagArg(words, w) {
    const i = words.indexOf(w);
    return i > 0 && NODE_FLAGS.includes(words[i - 1].text);
}
/** Every command of a shell text, with `cd` followed within it. */
function shellStep(text, c, lineOffset = 0) {
    const s = emptyStep();
    let cwd = c.cwd;
    for (const cmd of parseShell(text)) {
        const line = cmd.line + lineOffset;
        if (cmd.words[0]?.text === 'cd' && cmd.words.length >= 2) {
            const to = cmd.words[1];
            const next = to.dynamic ? null : repoPath(cwd, to.text);
            if (to.dynamic)
                say(c, s, line, `cd ${to.text}: a folder named by a variable`);
            cwd = next ?? cwd;
            continue;
        }
        commandStep(cmd, { ...c, cwd }, s, line);
    }
    return s;
}

;// CONCATENATED MODULE: ./src/harness/resolvers/makefile.ts
// A Makefile of the base: `make T` runs T's recipe and its prerequisites' (each recipe line is
// shell), with the Makefile's own simple variables expanded; `include`d files are harness and
// read the same way. No target named: the first ordinary target, as make does.



function makefileStep(f, text, tree) {
    const s = emptyStep();
    const dir = dirOf(f.path);
    const vars = new Map();
    const rules = new Map();
    let first;
    let current = [];
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        let l = lines[i];
        const at = i + 1;
        while (l.endsWith('\\') && i + 1 < lines.length)
            l = l.slice(0, -1) + ' ' + lines[++i];
        if (l.startsWith('\t')) {
            for (const r of current)
                r.recipe.push({ text: l.slice(1), line: at });
            continue;
        }
        const t = l.replace(/(^|[^\\])#.*$/, '$1').trim();
        if (t === '')
            continue;
        const inc = /^-?(?:include|sinclude)\s+(.+)$/.exec(t);
        if (inc) {
            for (const name of inc[1].split(/\s+/)) {
                if (name.includes('$') || name.includes('*')) {
                    s.unresolved.push({
                        file: f.path,
                        line: at,
                        what: `include ${name}: a name built from variables or a glob`,
                    });
                    continue;
                }
                const p = repoPath(dir, name);
                if (p === null)
                    continue;
                s.reach.push({ path: p, via: `${f.via} (include ${name})` });
                if (tree.has(p))
                    s.follow.push({ kind: 'makefile', path: p, via: `${f.via} → ${p}`, args: f.args });
            }
            current = [];
            continue;
        }
        const v = /^(?:export\s+|override\s+)?([A-Za-z_][\w.-]*)\s*(?::{1,3}=|\?=|\+=|=)\s*(.*)$/.exec(t);
        if (v) {
            vars.set(v[1], v[2]);
            current = [];
            continue;
        }
        const r = /^([^:=]+?)\s*::?\s*([^=]*)$/.exec(t);
        if (r) {
            const [targets, rest] = [r[1].split(/\s+/), r[2]];
            const [prereqs, inline] = rest.includes(';')
                ? [rest.slice(0, rest.indexOf(';')), rest.slice(rest.indexOf(';') + 1)]
                : [rest, ''];
            current = [];
            for (const target of targets) {
                if (target.includes('%'))
                    continue; // a pattern rule: not a target CI names
                const rule = rules.get(target) ?? { prereqs: [], recipe: [] };
                rule.prereqs.push(...prereqs.split(/\s+/).filter((p) => p !== '' && p !== '|'));
                if (inline.trim() !== '')
                    rule.recipe.push({ text: inline, line: at });
                rules.set(target, rule);
                current.push(rule);
                if (first === undefined && !target.startsWith('.'))
                    first = target;
            }
        }
    }
    const expand = (x, depth = 0) => depth > 5
        ? x
        : x.replace(/\$[({]([A-Za-z_][\w.-]*)[)}]/g, (m, name) => {
            if (name === 'MAKE')
                return 'make';
            const val = vars.get(name);
            return val === undefined ? m : expand(val, depth + 1);
        });
    const wanted = f.args && f.args.length > 0 ? f.args : first ? [first] : [];
    const seen = new Set();
    const queue = [...wanted];
    while (queue.length > 0) {
        const target = queue.shift();
        if (seen.has(target))
            continue;
        seen.add(target);
        const rule = rules.get(target);
        if (!rule) {
            if (wanted.includes(target) && !tree.has(repoPath(dir, target) ?? ''))
                s.unresolved.push({
                    file: f.path,
                    what: `make ${target}: no such target (a pattern or built-in rule is not followed)`,
                });
            continue;
        }
        queue.push(...rule.prereqs.map((p) => expand(p)));
        for (const step of rule.recipe) {
            const cmd = expand(step.text)
                .replace(/^[@+-]+/, '')
                .replace(/\$\$/g, '$');
            mergeStep(s, shellStep(cmd, { file: f.path, cwd: dir, via: `${f.via} → ${target}`, tree }, step.line - 1));
        }
    }
    return s;
}

;// CONCATENATED MODULE: ./src/harness/resolvers/npm.ts
// What a package manager runs and reads: the `scripts` entries a command names (each with its
// `pre`/`post` scripts, each read as shell, so `npm test` → `npm run test:unit` → its script is
// followed), and the files it reads before it runs one: `.npmrc` (`node-options` preloads a
// module into every node it starts, `script-shell` runs every script) and `.yarnrc.yml`.



function npmScriptsStep(f, text, tree) {
    const s = emptyStep();
    const dir = dirOf(f.path);
    let pkg;
    try {
        pkg = JSON.parse(text);
    }
    catch {
        s.unresolved.push({
            file: f.path,
            what: 'package.json does not parse: its scripts are not followed',
        });
        s.reach.push({ path: f.path, via: f.via });
        return s;
    }
    const scripts = pkg?.scripts;
    for (const name of f.args ?? []) {
        // A name with a dot cannot be a key path (`scripts.a.b`): the whole file counts then.
        if (name.includes('.'))
            s.reach.push({ path: f.path, via: `${f.via} (scripts["${name}"])` });
        else
            s.reach.push({ path: f.path, key: `scripts.${name}`, via: f.via });
        const body = scripts && typeof scripts === 'object'
            ? scripts[name]
            : undefined;
        if (typeof body !== 'string')
            continue;
        mergeStep(s, shellStep(body, { file: f.path, cwd: dir, via: `${f.via} → scripts.${name}`, tree }));
    }
    return s;
}
function npmrcStep(f, text, tree) {
    const s = emptyStep();
    const c = { file: f.path, cwd: '', via: f.via, tree };
    text.split('\n').forEach((raw, i) => {
        const m = /^\s*([\w-]+)\s*=\s*(.*?)\s*$/.exec(raw);
        if (!m)
            return;
        const [key, value] = [m[1].toLowerCase(), m[2].replace(/^["']|["']$/g, '')];
        if (value.includes('${')) {
            s.unresolved.push({
                file: f.path,
                line: i + 1,
                what: `${key}: a value built from variables`,
            });
            return;
        }
        if (key === 'node-options')
            envStep({ NODE_OPTIONS: value }, c, s, i + 1);
        else if (['script-shell', 'globalconfig', 'userconfig', 'init-module', 'onload-script'].includes(key)) {
            const p = repoPath('', value);
            if (p !== null)
                s.reach.push({ path: p, via: `${f.via} (${key})` });
        }
    });
    return s;
}
function yarnrcStep(f, text) {
    const s = emptyStep();
    text.split('\n').forEach((raw) => {
        const m = /^\s*(?:-\s*)?(yarnPath|path|injectEnvironmentFiles)\s*:\s*["']?([^"'#]+?)["']?\s*$/.exec(raw);
        if (!m)
            return;
        const p = repoPath(dirOf(f.path), m[2]);
        if (p !== null)
            s.reach.push({ path: p, via: `${f.via} (${m[1]})` });
    });
    return s;
}

;// CONCATENATED MODULE: ./src/harness/resolvers/pytest.ts
// pytest's own settings in the base: `addopts` (its `-p MODULE`, `-c FILE`), `pythonpath` (where
// a `-p` module is looked up), `pytest_plugins` in conftests, and tox's `commands =`. A plugin
// module a config names is harness wherever it lives, production folders included.




/** The `[section]` of an ini text, as key → value (continuation lines joined), with lines. */
function iniSection(text, names) {
    const out = new Map();
    let inside = false;
    let last;
    text.split('\n').forEach((raw, i) => {
        const h = /^\s*\[([^\]]+)\]\s*$/.exec(raw);
        if (h) {
            inside = names.includes(h[1].trim());
            last = undefined;
            return;
        }
        if (!inside || /^\s*[#;]/.test(raw))
            return;
        if (/^\s+\S/.test(raw) && last !== undefined) {
            out.get(last).value += `\n${raw.trim()}`;
            return;
        }
        const kv = /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(raw.trim());
        if (kv) {
            last = kv[1];
            out.set(kv[1], { value: kv[2], line: i + 1 });
        }
    });
    return out;
}
/** `[tool.pytest.ini_options]` / `[tool.pytest]` of a pyproject: the keys we read, as text. */
function tomlPytest(text) {
    const out = new Map();
    let inside = false;
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        const raw = lines[i];
        const h = /^\s*\[([^\]]+)\]\s*$/.exec(raw);
        if (h) {
            inside = /^tool\.pytest(?:\.ini_options)?$/.test(h[1].replace(/["'\s]/g, ''));
            continue;
        }
        if (!inside)
            continue;
        const kv = /^\s*(addopts|pythonpath)\s*=\s*(.*)$/.exec(raw);
        if (!kv)
            continue;
        let value = kv[2];
        // An array may run over several lines.
        if (value.trim().startsWith('['))
            while (!value.includes(']') && i + 1 < lines.length)
                value += ` ${lines[++i]}`;
        const strings = [...value.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]);
        out.set(kv[1], { value: strings.join(' '), line: i + 1 });
    }
    return out;
}
function pytestConfigStep(f, text, tree) {
    const s = emptyStep();
    const settings = f.path.endsWith('.toml')
        ? tomlPytest(text)
        : iniSection(text, f.path.endsWith('setup.cfg') ? ['tool:pytest'] : ['pytest']);
    const dir = dirOf(f.path);
    const roots = (settings.get('pythonpath')?.value ?? '')
        .split(/\s+/)
        .filter((r) => r !== '')
        .map((r) => (dir ? `${dir}/${r}` : r));
    const addopts = settings.get('addopts');
    if (addopts) {
        const c = { file: f.path, cwd: dir, via: `${f.via} addopts`, tree };
        for (const cmd of parseShell(`pytest ${addopts.value.replace(/\n/g, ' ')}`))
            pytest(cmd.words.slice(1), c, s, addopts.line, roots);
    }
    return s;
}
/** `pytest_plugins = ["a.b", …]` in a conftest: each module is a plugin, harness. */
function conftestStep(f, text, tree) {
    const s = emptyStep();
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        if (!/^pytest_plugins\s*(?::[^=]*)?[+]?=/.test(lines[i]))
            continue;
        let rhs = lines[i].slice(lines[i].indexOf('=') + 1);
        let j = i;
        const open = (x) => (x.match(/[[(]/g) ?? []).length - (x.match(/[\])]/g) ?? []).length;
        while (open(rhs) > 0 && j + 1 < lines.length)
            rhs += ` ${lines[++j]}`;
        const strings = [...rhs.matchAll(/"([^"\\]*)"|'([^'\\]*)'/g)].map((m) => m[1] ?? m[2]);
        const rest = rhs.replace(/"[^"\\]*"|'[^'\\]*'/g, '').replace(/#.*$/gm, '');
        if (/[A-Za-z_]/.test(rest))
            s.unresolved.push({
                file: f.path,
                line: i + 1,
                what: 'pytest_plugins holds a name that is not a string literal',
            });
        const c = { file: f.path, cwd: '', via: `${f.via} pytest_plugins`, tree };
        // Under the default import mode a conftest's folder is on sys.path too.
        for (const m of strings)
            pyModule(c, s, m, `pytest_plugins ${m}`, ['src', dirOf(f.path)]);
        i = j;
    }
    return s;
}
/** tox: each environment's `commands =` lines run as shell (`{posargs}` and the like dropped). */
function toxStep(f, text, tree) {
    const s = emptyStep();
    const dir = dirOf(f.path);
    const sections = new Set(['testenv', ...(f.args ?? []).map((e) => `testenv:${e}`)]);
    // Without -e, every environment of the envlist may run.
    if ((f.args ?? []).length === 0)
        for (const m of text.matchAll(/^\s*\[(testenv:[^\]]+)\]/gm))
            sections.add(m[1].trim());
    for (const name of sections) {
        const cmds = iniSection(text, [name]).get('commands');
        if (!cmds)
            continue;
        const body = cmds.value.replace(/\{[^}]*\}/g, '');
        mergeStep(s, shellStep(body, { file: f.path, cwd: dir, via: `${f.via} [${name}] commands`, tree }, cmds.line - 1));
    }
    return s;
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./src/harness/js-literals.ts
// What a JavaScript or TypeScript file says in literals (pure, one pass): the string values of
// the config keys the resolvers ask about, and the modules it imports or requires by a literal
// path. A config is code, so a value that is not literals (`path.join(__dirname, x)`, a
// variable) is reported as such: the caller says it could not follow it.
/** Strings, identifiers and punctuation, comments dropped. */
function tokens(src) {
    const out = [];
    let line = 1;
    const n = src.length;
    let i = 0;
    while (i < n) {
        const c = src[i];
        if (c === '\n') {
            line++;
            i++;
        }
        else if (c === ' ' || c === '\t' || c === '\r')
            i++;
        else if (c === '/' && src[i + 1] === '/') {
            const e = src.indexOf('\n', i);
            i = e < 0 ? n : e;
        }
        else if (c === '/' && src[i + 1] === '*') {
            const e = src.indexOf('*/', i + 2);
            const stop = e < 0 ? n : e + 2;
            for (let k = i; k < stop; k++)
                if (src[k] === '\n')
                    line++;
            i = stop;
        }
        else if (c === '"' || c === "'" || c === '`') {
            let v = '';
            let j = i + 1;
            let tpl = false;
            const at = line;
            while (j < n && src[j] !== c) {
                if (src[j] === '\\' && j + 1 < n) {
                    v += src[j + 1];
                    j += 2;
                    continue;
                }
                if (c === '`' && src[j] === '$' && src[j + 1] === '{')
                    tpl = true;
                if (src[j] === '\n') {
                    if (c !== '`')
                        break;
                    line++;
                }
                v += src[j];
                j++;
            }
            out.push({ t: 'str', v, line: at, tpl });
            i = j + 1;
        }
        else if (/[A-Za-z_$]/.test(c)) {
            let j = i + 1;
            while (j < n && /[\w$]/.test(src[j]))
                j++;
            out.push({ t: 'id', v: src.slice(i, j), line });
            i = j;
        }
        else {
            out.push({ t: 'punct', v: c, line });
            i++;
        }
    }
    return out;
}
const LITERAL_IDS = new Set(['true', 'false', 'null', 'undefined']);
/** Each `key: value` (or `key = value`) whose key is in `keys`, with the value's literals. */
function keyValues(toks, keys) {
    const out = [];
    for (let i = 0; i + 1 < toks.length; i++) {
        const k = toks[i];
        if ((k.t !== 'id' && k.t !== 'str') || !keys.has(k.v))
            continue;
        if (toks[i + 1].v !== ':')
            continue;
        const kv = { key: k.v, line: k.line, strings: [], dynamic: false };
        // The value runs to the comma or closing bracket at its own depth.
        let depth = 0;
        let j = i + 2;
        for (; j < toks.length; j++) {
            const t = toks[j];
            if (t.t === 'punct' && '([{'.includes(t.v))
                depth++;
            else if (t.t === 'punct' && ')]}'.includes(t.v)) {
                if (depth === 0)
                    break;
                depth--;
            }
            else if (t.t === 'punct' && (t.v === ',' || t.v === ';') && depth === 0)
                break;
            else if (t.t === 'str') {
                if (t.tpl)
                    kv.dynamic = true;
                else if (toks[j + 1]?.v !== ':')
                    kv.strings.push(t.v);
            }
            else if (t.t === 'id' && !LITERAL_IDS.has(t.v) && toks[j + 1]?.v !== ':')
                kv.dynamic = true;
        }
        out.push(kv);
        i = j - 1;
    }
    return out;
}
/**
 * The modules a file loads by a literal name (an import declaration, a bare import, a require
 * call, a dynamic import call), and the lines of loads whose name is not a literal.
 */
function imports(toks) {
    const literal = [];
    const dynamic = [];
    for (let i = 0; i < toks.length; i++) {
        const t = toks[i];
        if (t.t !== 'id')
            continue;
        if ((t.v === 'require' || t.v === 'import') && toks[i + 1]?.v === '(') {
            if (toks[i - 1]?.v === '.')
                continue; // x.require(…), a method
            const a = toks[i + 2];
            if (a?.t === 'str' && !a.tpl && toks[i + 3]?.v === ')')
                literal.push({ spec: a.v, line: a.line });
            else
                dynamic.push(t.line);
        }
        else if (t.v === 'from' && toks[i + 1]?.t === 'str') {
            literal.push({ spec: toks[i + 1].v, line: toks[i + 1].line });
        }
        else if (t.v === 'import' && toks[i + 1]?.t === 'str') {
            literal.push({ spec: toks[i + 1].v, line: toks[i + 1].line });
        }
    }
    return { literal, dynamic };
}

;// CONCATENATED MODULE: ./src/harness/resolvers/js-config.ts
// jest, vitest and mocha configs of the base, and the scripts and tsconfigs they lead to: every
// module a config names by a literal path under the keys that load code (setup files, global
// setup, environments, transforms, mappers' fixed targets, resolvers, reporters, sequencers),
// every module the config itself imports (a vite plugin in src/ runs for every test), and the
// tsconfig a TypeScript transform reads. A value that is code, not literals, is said.




const KEYS = {
    'jest-config': [
        'setupFiles',
        'setupFilesAfterEnv',
        'setupFilesAfterEach',
        'globalSetup',
        'globalTeardown',
        'testEnvironment',
        'transform',
        'moduleNameMapper',
        'resolver',
        'reporters',
        'snapshotResolver',
        'testSequencer',
        'testRunner',
        'runner',
        'preset',
        'projects',
        'dependencyExtractor',
        'watchPlugins',
        'tsconfig',
    ],
    'vitest-config': [
        'setupFiles',
        'globalSetup',
        'environment',
        'alias',
        'reporters',
        'sequencer',
        'workspace',
        'projects',
        'resolve',
        'tsconfig',
        'configFile',
        'extends',
    ],
    'mocha-config': [
        'require',
        'file',
        'reporter',
        'ui',
        'import',
        'loader',
        'node-option',
        'config',
    ],
};
function jsConfigStep(f, text, tree) {
    const kind = f.kind;
    const s = emptyStep();
    const dir = dirOf(f.path);
    const reach = (spec, why, line) => {
        // A mapper's target with `$1` rewrites module names into folders: not one file.
        if (/\$\d/.test(spec) || !looksLikePath(spec))
            return;
        const p = repoPath(dir, spec.replace(/^<rootDir>\/?/, ''));
        if (p === null || tree.isDir(p))
            return;
        for (const c of present(tree, jsCandidates(p))) {
            s.reach.push({ path: c, via: `${f.via} (${why})` });
            if (/\.[cm]?[jt]sx?$/.test(c))
                s.follow.push({ kind: 'node-script', path: c, via: `${f.via} → ${c}`, line });
        }
    };
    const keys = new Set(KEYS[kind]);
    const json = f.path.endsWith('.json') || f.path.endsWith('.jsonc') || /\.ya?ml$/.test(f.path);
    if (json) {
        let value;
        try {
            value = /\.ya?ml$/.test(f.path)
                ? (0,dist/* parse */.qg)(text, { maxAliasCount: 50 })
                : JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
        }
        catch {
            s.unresolved.push({ file: f.path, what: 'the config does not parse' });
            return s;
        }
        if (f.path.endsWith('package.json'))
            value = value?.[kind === 'jest-config' ? 'jest' : 'mocha'];
        walkJson(value, keys, (key, str) => reach(str, key));
    }
    else {
        const toks = tokens(text);
        for (const kv of keyValues(toks, keys)) {
            for (const str of kv.strings)
                reach(str, kv.key, kv.line);
            if (kv.dynamic && kv.strings.length === 0)
                s.unresolved.push({
                    file: f.path,
                    line: kv.line,
                    what: `${kv.key}: a value that is code, not a literal path`,
                });
        }
        // The config is code: what it imports runs whenever the runner starts.
        mergeImports(f, toks, tree, s);
    }
    // A TypeScript transform reads a tsconfig (ts-jest, vitest's esbuild).
    if (kind === 'vitest-config' || /ts-jest|@swc\/jest|esbuild-jest/.test(text)) {
        const ts = repoPath(dir, 'tsconfig.json');
        if (ts !== null) {
            s.reach.push({ path: ts, via: `${f.via} (the TypeScript transform reads it)` });
            if (tree.has(ts))
                s.follow.push({ kind: 'tsconfig', path: ts, via: `${f.via} → ${ts}` });
        }
    }
    return s;
}
function walkJson(v, keys, on, key) {
    if (typeof v === 'string') {
        if (key !== undefined)
            on(key, v);
    }
    else if (Array.isArray(v))
        v.forEach((x) => walkJson(x, keys, on, key));
    else if (v !== null && typeof v === 'object')
        for (const [k, x] of Object.entries(v))
            walkJson(x, keys, on, key ?? (keys.has(k) ? k : undefined));
}
/** A node script (a CI script, a config, a plugin): the local modules it imports are harness. */
function nodeScriptStep(f, text, tree) {
    const s = emptyStep();
    mergeImports(f, tokens(text), tree, s);
    return s;
}
function mergeImports(f, toks, tree, s) {
    const dir = dirOf(f.path);
    const { literal, dynamic } = imports(toks);
    for (const imp of literal) {
        if (!imp.spec.startsWith('./') && !imp.spec.startsWith('../'))
            continue;
        const p = repoPath(dir, imp.spec);
        if (p === null || /(?:^|\/)node_modules\//.test(p))
            continue;
        for (const c of present(tree, jsCandidates(p))) {
            s.reach.push({ path: c, via: `${f.via} (imports ${imp.spec})` });
            s.follow.push({ kind: 'node-script', path: c, via: `${f.via} → ${c}` });
        }
    }
    for (const line of dynamic)
        s.unresolved.push({
            file: f.path,
            line,
            what: 'a module loaded by a name that is not a literal',
        });
}
/** A Python script CI runs: its local imports (the script's folder is first on sys.path). */
function pythonScriptStep(f, text, tree) {
    const s = emptyStep();
    const dir = dirOf(f.path);
    text.split('\n').forEach((raw) => {
        const m = /^\s*(?:from\s+(\.*[\w.]*)\s+import\b|import\s+([\w., ]+))/.exec(raw);
        if (!m)
            return;
        const names = m[1] !== undefined ? [m[1]] : m[2].split(',').map((x) => x.trim().split(/\s+/)[0]);
        for (const name of names) {
            if (name === '' || name.startsWith('.'))
                continue;
            for (const c of pyCandidates(dir, name.split('.')[0])) {
                // Only local modules: the script's folder shadows an installed one of that name.
                s.reach.push({ path: c, via: `${f.via} (import ${name})` });
                if (tree.has(c))
                    s.follow.push({ kind: 'python-script', path: c, via: `${f.via} → ${c}` });
            }
        }
    });
    for (const [i, raw] of text.split('\n').entries())
        if (/\b(?:importlib\.import_module|__import__)\s*\(\s*[^'"\s]/.test(raw))
            s.unresolved.push({
                file: f.path,
                line: i + 1,
                what: 'a module imported by a name that is not a literal',
            });
    return s;
}
/** A tsconfig: what it `extends` by a relative path. */
function tsconfigStep(f, text) {
    const s = emptyStep();
    for (const m of text.matchAll(/"extends"\s*:\s*(\[[^\]]*\]|"[^"]*")/g)) {
        for (const e of m[1].matchAll(/"([^"]+)"/g)) {
            if (!e[1].startsWith('.'))
                continue;
            const p = repoPath(dirOf(f.path), e[1].endsWith('.json') ? e[1] : `${e[1]}.json`);
            if (p !== null) {
                s.reach.push({ path: p, via: `${f.via} (extends)` });
                s.follow.push({ kind: 'tsconfig', path: p, via: `${f.via} → ${p}` });
            }
        }
    }
    return s;
}

;// CONCATENATED MODULE: ./src/harness/resolvers/workflow.ts
// A GitHub Actions workflow of the base: every `run:` step is shell that CI executes, in its
// `working-directory`, with the `env:` of the workflow, the job and the step (NODE_OPTIONS and
// PYTEST_ADDOPTS load modules too). A step with a non-POSIX `shell:` is said, not followed.




const POSIX = /^(?:bash|sh)(?:\s|$)/;
function workflowStep(f, text, tree) {
    const s = emptyStep();
    const lines = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter: lines, uniqueKeys: false });
    if (doc.errors.length > 0 || !(0,dist/* isMap */.jh)(doc.contents)) {
        s.unresolved.push({ file: f.path, what: 'the workflow does not parse as YAML' });
        return s;
    }
    const get = (n, k) => ((0,dist/* isMap */.jh)(n) ? n.get(k, true) : undefined);
    const str = (n) => (0,dist/* isScalar */.jn)(n) && typeof n.value === 'string' ? n.value : undefined;
    const lineOf = (n) => {
        const r = n?.range;
        return r ? lines.linePos(r[0]).line : undefined;
    };
    const envOf = (n) => {
        const e = get(n, 'env');
        const out = {};
        if ((0,dist/* isMap */.jh)(e))
            for (const p of e.items) {
                const k = (0,dist/* isScalar */.jn)(p.key) ? String(p.key.value) : undefined;
                const v = (0,dist/* isScalar */.jn)(p.value) ? String(p.value.value) : undefined;
                if (k !== undefined && v !== undefined)
                    out[k] = v;
            }
        return out;
    };
    const top = envOf(doc.contents);
    const jobs = get(doc.contents, 'jobs');
    if (!(0,dist/* isMap */.jh)(jobs))
        return s;
    for (const j of jobs.items) {
        const job = j.value;
        const jobName = (0,dist/* isScalar */.jn)(j.key) ? String(j.key.value) : '?';
        const defaults = get(get(get(job, 'defaults'), 'run'), 'working-directory');
        const jobEnv = { ...top, ...envOf(job) };
        const steps = get(job, 'steps');
        if (!(0,dist/* isSeq */.oP)(steps))
            continue;
        steps.items.forEach((step, i) => {
            const run = get(step, 'run');
            const body = str(run);
            if (body === undefined)
                return;
            const line = lineOf(run) ?? 1;
            const shell = str(get(step, 'shell'));
            if (shell !== undefined && !POSIX.test(shell)) {
                s.unresolved.push({
                    file: f.path,
                    line,
                    what: `job ${jobName} step ${i + 1}: shell \`${shell}\` is not followed`,
                });
                return;
            }
            const wd = str(get(step, 'working-directory')) ?? str(defaults) ?? '';
            const cwd = wd.includes('${{') ? null : (repoPath('', wd) ?? '');
            if (cwd === null)
                s.unresolved.push({
                    file: f.path,
                    line,
                    what: `job ${jobName}: working-directory ${wd} is an expression`,
                });
            const env = { ...jobEnv, ...envOf(step) };
            const c = {
                file: f.path,
                cwd: cwd ?? '',
                via: `${f.path} job ${jobName} run`,
                tree,
                env: {},
            };
            envStep(env, c, s, line);
            // A `run:` block scalar starts on the line after its indicator.
            mergeStep(s, shellStep(body.replace(/\$\{\{[^}]*\}\}/g, '$GH_EXPR'), c, isBlock(text, line) ? line : line - 1));
        });
    }
    return s;
}
function isBlock(text, line) {
    const l = text.split('\n')[line - 1] ?? '';
    return /:\s*[|>][-+0-9]*\s*$/.test(l);
}

;// CONCATENATED MODULE: ./src/harness/resolve.ts
// The harness as the base's CI runs it (CONTRACT §3 "Harness reached from the base"): starting
// from the base's workflows and the runner configs it holds, each file is read by the resolver
// of its kind (one per runner or tool, src/harness/resolvers/), which names the paths it reaches
// and the files to read next. Only the base's files are read, never the change's: what the
// change ships cannot vouch for itself. Bounded: at most MAX_READS files of MAX_BYTES each;
// past either, the rest is said as not followed.







const MAX_READS = 300;
const MAX_BYTES = 512 * 1024;
/** One resolver per kind of file. */
const RESOLVERS = {
    workflow: workflowStep,
    shell: (f, text, tree) => shellStep(text, { file: f.path, cwd: f.cwd ?? dirOf(f.path), via: f.via, tree }, f.text !== undefined ? (f.line ?? 1) - 1 : 0),
    makefile: makefileStep,
    'npm-scripts': npmScriptsStep,
    npmrc: npmrcStep,
    yarnrc: yarnrcStep,
    'pytest-config': pytestConfigStep,
    conftest: conftestStep,
    tox: toxStep,
    'jest-config': jsConfigStep,
    'vitest-config': jsConfigStep,
    'mocha-config': jsConfigStep,
    tsconfig: tsconfigStep,
    'node-script': nodeScriptStep,
    'python-script': pythonScriptStep,
};
const base = (p) => p.slice(p.lastIndexOf('/') + 1);
/** Where resolution starts: the base's workflows, `npm test`, and every runner config it has. */
function seeds(files) {
    const out = [];
    for (const p of files) {
        const b = base(p);
        const at = (kind, args) => out.push({ kind, path: p, via: p, args });
        if (/^\.github\/workflows\/[^/]+\.ya?ml$/.test(p))
            at('workflow');
        else if (p === 'package.json')
            at('npm-scripts', ['pretest', 'test', 'posttest']);
        else if (['pytest.ini', '.pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini'].includes(b))
            at('pytest-config');
        else if (b === 'conftest.py')
            at('conftest');
        else if (/^jest\.config\.[cm]?[jt]s$|^jest\.config\.json$/.test(b))
            at('jest-config');
        else if (/^(?:vitest|vite)\.config\.[cm]?[jt]s$|^vitest\.workspace\.[cm]?[jt]s$/.test(b))
            at('vitest-config');
        else if (/^\.mocharc\.(?:[cm]?js|ya?ml|jsonc?)$/.test(b))
            at('mocha-config');
        else if (p === '.npmrc')
            at('npmrc');
        else if (p === '.yarnrc.yml')
            at('yarnrc');
    }
    return out;
}
function treeView(files) {
    const set = new Set(files);
    const dirs = new Set();
    for (const f of files)
        for (let d = dirOf(f); d !== '' && !dirs.has(d); d = dirOf(d))
            dirs.add(d);
    return { files, has: (p) => set.has(p), isDir: (p) => dirs.has(p) };
}
async function resolveHarness(b) {
    const tree = treeView(b.files);
    const reach = new Map();
    const unresolved = [];
    const done = new Set();
    const queue = seeds(b.files);
    let read = 0;
    const cache = new Map();
    while (queue.length > 0) {
        const f = queue.shift();
        const key = `${f.kind}\0${f.path}\0${(f.args ?? []).join(',')}\0${f.cwd ?? ''}\0${f.text ?? ''}`;
        if (done.has(key))
            continue;
        done.add(key);
        let text = f.text ?? cache.get(f.path);
        if (text === undefined) {
            if (read >= MAX_READS) {
                unresolved.push({ file: f.path, what: `not read: more than ${MAX_READS} files reached` });
                continue;
            }
            read++;
            text = await b.read(f.path).catch(() => null);
            if (text !== null && text.length > MAX_BYTES) {
                unresolved.push({ file: f.path, what: `not read: larger than ${MAX_BYTES} bytes` });
                text = null;
            }
            cache.set(f.path, text);
        }
        if (text === null)
            continue;
        const step = RESOLVERS[f.kind](f, text, tree);
        for (const r of step.reach) {
            const id = r.key === undefined ? r.path : `${r.path}#${r.key}`;
            if (!reach.has(id))
                reach.set(id, r);
        }
        unresolved.push(...step.unresolved);
        queue.push(...step.follow);
    }
    return { reach: [...reach.values()], unresolved: dedupe(unresolved), read };
}
function dedupe(list) {
    const seen = new Set();
    return list.filter((u) => {
        const k = `${u.file}\0${u.line}\0${u.what}`;
        if (seen.has(k))
            return false;
        seen.add(k);
        return true;
    });
}

;// CONCATENATED MODULE: ./src/harness/from-source.ts

async function baseHarness(src) {
    const { fileAt, filesAt } = src;
    if (!fileAt || !filesAt)
        return `harness: ${src.source} cannot read the base's tree, so only the listed harness paths count (check out with history so git can answer)`;
    let files;
    try {
        files = await filesAt(src.baseSha);
    }
    catch (e) {
        return `harness: the base's tree could not be listed (${String(e).split('\n')[0]}): only the listed harness paths count`;
    }
    return resolveHarness({ files, read: (p) => fileAt(src.baseSha, p) });
}


/***/ })

};
