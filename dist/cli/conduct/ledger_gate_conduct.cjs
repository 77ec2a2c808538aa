'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (NODE_OPTIONS=--require) */
// The Node conduct recorder (docs/conduct.md), loaded with NODE_OPTIONS=--require before the
// test runner: it wraps the core module objects (shared by jest's and vitest's registries and
// vm contexts) and records, for each call, the nearest frame in a repository file. Every
// original is captured here, at preload, so production code rebinding a module's property
// later cannot blind what was already wrapped. Each process (the runner and its workers, which
// inherit NODE_OPTIONS) appends one line per new (site, event, target) to its own file in a
// private folder; a watcher process, spawned by the first process, merges them into the report
// once that process is gone. Plain CommonJS, no dependencies.

const ENV_REPORT = 'LEDGER_GATE_CONDUCT';
const ENV_ROOT = 'LEDGER_GATE_CONDUCT_ROOT';
const ENV_JUNIT = 'LEDGER_GATE_CONDUCT_JUNIT';
const ENV_DIR = 'LEDGER_GATE_CONDUCT_NODE_DIR';
const ENV_WATCH = 'LEDGER_GATE_CONDUCT_NODE_WATCH';
const VERSION = 1;
const MAX_SITES_PER_KIND = 2000;
const MAX_SITES = 10000;
const MAX_TARGETS_PER_SITE = 8;
const MAX_TARGET_CHARS = 300;
const MAX_AFTER = 200;
const MAX_LINES_PER_PROCESS = 50000;

const fs = require('fs');
const path = require('path');
const cp = require('child_process');
const vm = require('vm');
const Module = require('module');
const crypto = require('crypto');
const HERE = __filename;

// Originals, held before anything of the project runs.
const O = {
  openSync: fs.openSync,
  writeSync: fs.writeSync,
  closeSync: fs.closeSync,
  readFileSync: fs.readFileSync,
  readdirSync: fs.readdirSync,
  statSync: fs.statSync,
  renameSync: fs.renameSync,
  rmSync: fs.rmSync,
  mkdirSync: fs.mkdirSync,
  mkdtempSync: fs.mkdtempSync,
  spawn: cp.spawn,
  kill: process.kill.bind(process),
  on: process.on,
  captureStackTrace: Error.captureStackTrace,
  apply: Reflect.apply,
  construct: Reflect.construct,
  stringify: JSON.stringify,
  now: Date.now,
};

function findRoot() {
  const given = process.env[ENV_ROOT];
  const d = path.resolve(given || process.cwd());
  if (given) return d;
  for (let p = d; ; p = path.dirname(p)) {
    try {
      O.statSync(path.join(p, '.git'));
      return p;
    } catch {
      if (path.dirname(p) === p) return d;
    }
  }
}

/** A path as the gate reads it: repo-relative inside the root, else absolute; null if unusable. */
function shown(p, root) {
  if (p instanceof URL) p = p.protocol === 'file:' ? decodeURIComponent(p.pathname) : null;
  else if (Buffer.isBuffer(p)) p = p.toString('utf8');
  if (typeof p !== 'string' || p.includes('\0')) return null;
  if (p.startsWith('file://')) p = decodeURIComponent(new URL(p).pathname);
  const a = path.resolve(p);
  if (a === root) return '.';
  return (a.startsWith(root + '/') ? a.slice(root.length + 1) : a).slice(0, MAX_TARGET_CHARS);
}

// Frames through which a module is loaded: a read under them is the import system's.
const LOADER =
  /\/node_modules\/(jest-runtime|jest-resolve|@jest\/transform|vite-node|vitest|vite|babel-jest|ts-jest)\/|^node:internal\/modules/;

/** Repo-relative path of a code file the project holds (not a dependency, not this file). */
function projectFile(fn, root) {
  if (typeof fn !== 'string') return null;
  if (fn.startsWith('file://')) fn = decodeURIComponent(new URL(fn).pathname);
  if (fn === HERE || !fn.startsWith(root + '/')) return null;
  const rel = fn.slice(root.length + 1);
  return rel.split('/').includes('node_modules') ? null : rel;
}

function callsites() {
  const E = Error;
  const savedPrepare = E.prepareStackTrace;
  const savedLimit = E.stackTraceLimit;
  const holder = {};
  try {
    E.prepareStackTrace = (_, cs) => cs;
    E.stackTraceLimit = 60;
    O.captureStackTrace(holder);
    const cs = holder.stack;
    return Array.isArray(cs) ? cs : [];
  } finally {
    E.prepareStackTrace = savedPrepare;
    E.stackTraceLimit = savedLimit;
  }
}

// ---- source maps: a module a runner compiled through vm (vitest), mapped to its own lines ----
// vitest hands each project module's transformed code to vm.runInThisContext with vite's inline
// map at its end; V8's call sites give the transformed line. The map is kept from the vm call
// (wrapped below) and read once, on the first site in that file. A source that carries a map
// of its own is not mapped: vite would compose it, and the agent writes that file.
const MAP_URL = '//# sourceMappingURL=data:application/json';
const MAP_DATA = /^[\w=;-]*;base64,([A-Za-z0-9+/=]+)/;
const MAX_MAP_CHARS = 8 * 1024 * 1024;
const maps = new Map(); // absolute file -> base64 map, then its decoded lines (or null)

function keepMap(code, filename) {
  if (typeof code !== 'string' || typeof filename !== 'string' || state.root === null) return;
  if (filename.startsWith('file://')) filename = decodeURIComponent(new URL(filename).pathname);
  if (projectFile(filename, state.root) === null || maps.has(filename)) return;
  const at = code.lastIndexOf(MAP_URL);
  if (at < 0) return;
  // vitest appends a comment of its own after vite's map.
  const m = MAP_DATA.exec(code.slice(at + MAP_URL.length, at + MAP_URL.length + MAX_MAP_CHARS));
  if (m) maps.set(filename, m[1]);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Each generated line's segments [column, original line] of the file's own source, else null. */
function decodeMap(file, b64) {
  const m = JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));
  if (!m || m.version !== 3 || typeof m.mappings !== 'string' || !Array.isArray(m.sources))
    return null;
  const own = m.sources.map(
    (src) =>
      typeof src === 'string' &&
      path.resolve(path.dirname(file), m.sourceRoot || '', src.replace(/^file:\/\//, '')) === file,
  );
  const lines = [];
  let segs = [];
  let src = 0;
  let orig = 0;
  let i = 0;
  const str = m.mappings;
  while (i <= str.length) {
    if (i === str.length || str[i] === ';') {
      lines.push(segs);
      segs = [];
      i++;
      if (i > str.length) break;
      continue;
    }
    if (str[i] === ',') {
      i++;
      continue;
    }
    const f = [];
    let v = 0;
    let shift = 0;
    while (i < str.length && str[i] !== ',' && str[i] !== ';') {
      const d = B64.indexOf(str[i++]);
      if (d < 0) return null;
      v += (d & 31) << shift;
      if (d & 32) shift += 5;
      else {
        f.push(v & 1 ? -(v >>> 1) : v >>> 1);
        v = 0;
        shift = 0;
      }
    }
    const col = (segs.length ? segs[segs.length - 1][0] : 0) + f[0];
    if (f.length >= 4) {
      src += f[1];
      orig += f[2];
      segs.push([col, own[src] ? orig + 1 : 0]);
    } else segs.push([col, 0]);
  }
  return lines;
}

/** The source line of a transformed (line, column), 1-based; 0 when there is no map for it. */
function mappedLine(file, line, column) {
  let lines = maps.get(file);
  if (lines === undefined) return 0;
  if (typeof lines === 'string') {
    try {
      const source = O.readFileSync(file, 'utf8');
      lines = source.includes('sourceMappingURL') ? null : decodeMap(file, lines);
    } catch {
      lines = null;
    }
    maps.set(file, lines);
  }
  const segs = lines && lines[line - 1];
  if (!segs || !segs.length) return 0;
  let best = segs[0];
  for (const sg of segs) if (sg[0] <= column - 1) best = sg;
  return best[1];
}

/** [file, line, viaImport] of the nearest project frame, else null. `direct`: the caller itself must be one. */
function siteOf(root, direct) {
  let viaImport = false;
  let first = true;
  for (const c of callsites()) {
    const fn = c.getFileName();
    const rel = projectFile(fn, root);
    if (rel !== null) {
      let line = c.getLineNumber();
      if (maps.size > 0) {
        const abs = fn.startsWith('file://') ? decodeURIComponent(new URL(fn).pathname) : fn;
        line = mappedLine(abs, line, c.getColumnNumber()) || line;
      }
      return line > 0 ? [rel, line, viaImport] : null;
    }
    if (first && direct) return null;
    first = false;
    if (typeof fn === 'string' && LOADER.test(fn)) viaImport = true;
  }
  return null;
}

// ---- the recording side (every process) ----------------------------------------------------

const state = { fd: null, root: null, seen: new Set(), lines: 0, busy: false, errors: 0 };

function send(obj) {
  if (state.fd === null) return;
  try {
    O.writeSync(state.fd, O.stringify(obj) + '\n');
  } catch {
    state.errors++;
  }
}

function record(kind, event, target, write, direct) {
  if (state.busy || state.fd === null) return;
  state.busy = true;
  try {
    const s = siteOf(state.root, direct);
    if (s === null) return;
    const t =
      target === null || target === undefined ? null : String(target).slice(0, MAX_TARGET_CHARS);
    const key = kind + '\0' + s[0] + '\0' + s[1] + '\0' + event + '\0' + t + '\0' + write;
    if (state.seen.has(key)) return;
    if (state.lines >= MAX_LINES_PER_PROCESS) return;
    state.seen.add(key);
    state.lines++;
    send({ t: 'e', k: kind, f: s[0], l: s[1], i: s[2], e: event, x: t, w: !!write });
  } catch {
    state.errors++;
  } finally {
    state.busy = false;
  }
}

/** Records one call; whatever goes wrong here is counted, never thrown into the caller. */
function note(describe, args) {
  try {
    const d = describe(args);
    if (d) record(d[0], d[1], d[2], d[3], d[4]);
  } catch {
    state.errors++;
  }
}

function wrap(obj, name, describe, construct) {
  const orig = obj && obj[name];
  if (typeof orig !== 'function') return;
  const handler = {
    apply(target, self, args) {
      note(describe, args);
      return O.apply(target, self, args);
    },
  };
  if (construct)
    handler.construct = (target, args, nt) => {
      note(describe, args);
      return O.construct(target, args, nt);
    };
  const proxy = new Proxy(orig, handler);
  try {
    Object.defineProperty(obj, name, {
      value: proxy,
      writable: true,
      configurable: true,
      enumerable: true,
    });
  } catch {
    state.errors++;
  }
}

function openWrites(flags) {
  if (flags === undefined || flags === null) return false;
  if (typeof flags === 'number') {
    const c = fs.constants;
    return (flags & (c.O_WRONLY | c.O_RDWR | c.O_CREAT | c.O_TRUNC | c.O_APPEND)) !== 0;
  }
  return /[wa+]/.test(String(flags));
}

function flagsOf(opt) {
  return opt && typeof opt === 'object' ? (opt.flags ?? opt.flag) : opt;
}

function installFs(root, reports) {
  // A read is kept inside the repository (and of the reports); a write anywhere.
  const read = (event, kind) => (args) => {
    const t = shown(args[0], root);
    if (t === null || (t.startsWith('/') && !reports.has(t))) return null;
    return [kind, event, t, false];
  };
  const opened = (event, flagArg, forceWrite) => (args) => {
    const t = shown(args[0], root);
    if (t === null) return null;
    const w = forceWrite || openWrites(flagArg === 'stream' ? flagsOf(args[1]) : args[flagArg]);
    if (!w && t.startsWith('/') && !reports.has(t)) return null;
    return ['open', event, t, w];
  };
  const written = (event, two) => (args) => {
    const a = shown(args[0], root);
    if (a === null) return null;
    const b = two ? shown(args[1], root) : null;
    return ['write', event, b === null ? a : a + ' -> ' + b, true];
  };
  const table = (mod, prefix, sync) => {
    const sfx = sync ? 'Sync' : '';
    wrap(mod, 'open' + sfx, opened(prefix + 'open' + sfx, 1, false));
    wrap(mod, 'readFile' + sfx, opened(prefix + 'readFile' + sfx, 1, false));
    wrap(mod, 'writeFile' + sfx, opened(prefix + 'writeFile' + sfx, 0, true));
    wrap(mod, 'appendFile' + sfx, opened(prefix + 'appendFile' + sfx, 0, true));
    wrap(mod, 'readdir' + sfx, read(prefix + 'readdir' + sfx, 'listdir'));
    wrap(mod, 'opendir' + sfx, read(prefix + 'opendir' + sfx, 'listdir'));
    wrap(mod, 'rename' + sfx, written(prefix + 'rename' + sfx, true));
    wrap(mod, 'copyFile' + sfx, written(prefix + 'copyFile' + sfx, true));
    wrap(mod, 'cp' + sfx, written(prefix + 'cp' + sfx, true));
    wrap(mod, 'unlink' + sfx, written(prefix + 'unlink' + sfx, false));
    wrap(mod, 'rm' + sfx, written(prefix + 'rm' + sfx, false));
    wrap(mod, 'rmdir' + sfx, written(prefix + 'rmdir' + sfx, false));
    wrap(mod, 'truncate' + sfx, written(prefix + 'truncate' + sfx, false));
    wrap(mod, 'symlink' + sfx, written(prefix + 'symlink' + sfx, true));
    wrap(mod, 'link' + sfx, written(prefix + 'link' + sfx, true));
  };
  table(fs, 'fs.', false);
  table(fs, 'fs.', true);
  table(fs.promises, 'fs.promises.', false);
  wrap(fs, 'createReadStream', opened('fs.createReadStream', 'stream', false));
  wrap(fs, 'createWriteStream', opened('fs.createWriteStream', 'stream', true));
}

function command(args) {
  const parts = [args[0]];
  if (Array.isArray(args[1])) parts.push(...args[1]);
  return parts.map(String).join(' ');
}

function installProcess() {
  const proc = (event) => (args) => ['process', event, command(args), false];
  for (const n of ['spawn', 'exec', 'execFile', 'fork', 'spawnSync', 'execSync', 'execFileSync'])
    wrap(cp, n, proc('child_process.' + n));
  const hookEvents = (event) => (args) =>
    args[0] === 'exit' ||
    args[0] === 'beforeExit' ||
    (typeof args[0] === 'string' && args[0].startsWith('SIG'))
      ? ['exit-hook', event, args[0], false]
      : null;
  for (const n of ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener'])
    wrap(process, n, hookEvents('process.' + n));
  wrap(process, 'exit', () => ['process', 'process.exit', null, false]);
  wrap(process, 'reallyExit', () => ['process', 'process.reallyExit', null, false]);
  wrap(process, 'abort', () => ['process', 'process.abort', null, false]);
  wrap(process, 'kill', (a) => [
    'process',
    'process.kill',
    String(a[0]) + ' ' + String(a[1] ?? 'SIGTERM'),
    false,
  ]);
  // Native access: the bindings the wraps sit on, and addons.
  wrap(process, 'binding', (a) => ['ctypes', 'process.binding', String(a[0]), false, true]);
  wrap(process, '_linkedBinding', (a) => [
    'ctypes',
    'process._linkedBinding',
    String(a[0]),
    false,
    true,
  ]);
  wrap(process, 'dlopen', (a) => [
    'ctypes',
    'process.dlopen',
    a[1] === undefined ? null : shown(String(a[1]), state.root),
    false,
  ]);
  const code = (event) => (a) => {
    const filename = typeof a[1] === 'string' ? a[1] : a[1] && a[1].filename;
    keepMap(a[0], filename);
    return [
      'code',
      event,
      typeof a[1] === 'string' ? a[1] : (a[0] && a[0].filename) || null,
      false,
      true,
    ];
  };
  wrap(vm, 'runInThisContext', code('vm.runInThisContext'));
  wrap(vm, 'runInNewContext', code('vm.runInNewContext'));
  wrap(vm, 'runInContext', code('vm.runInContext'));
  wrap(vm, 'compileFunction', code('vm.compileFunction'));
  wrap(
    vm,
    'Script',
    (a) => [
      'code',
      'vm.Script',
      a[1] && typeof a[1] === 'object'
        ? (a[1].filename ?? null)
        : typeof a[1] === 'string'
          ? a[1]
          : null,
      false,
      true,
    ],
    true,
  );
  try {
    const wt = require('worker_threads');
    wrap(
      wt,
      'Worker',
      (a) => [
        'process',
        'worker_threads.Worker',
        typeof a[0] === 'string' ? a[0].slice(0, MAX_TARGET_CHARS) : null,
        false,
      ],
      true,
    );
  } catch {
    state.errors++;
  }
  wrap(Module, 'register', (a) => ['audithook', 'module.register', String(a[0]), false]);
  wrap(Module, 'registerHooks', () => ['audithook', 'module.registerHooks', null, false]);
}

function junitPath(env) {
  if (env[ENV_JUNIT]) return path.resolve(env[ENV_JUNIT]);
  if (env.JEST_JUNIT_OUTPUT_FILE) return path.resolve(env.JEST_JUNIT_OUTPUT_FILE);
  if (env.JEST_JUNIT_OUTPUT_DIR)
    return path.resolve(env.JEST_JUNIT_OUTPUT_DIR, env.JEST_JUNIT_OUTPUT_NAME || 'junit.xml');
  return null;
}

function start() {
  const env = process.env;
  const report = env[ENV_REPORT];
  if (!report) return;
  const root = findRoot();
  state.root = root;
  const reportAbs = path.resolve(report);
  let dir = env[ENV_DIR];
  const top = !dir;
  if (top) {
    try {
      O.rmSync(reportAbs, { force: true });
      O.mkdirSync(path.dirname(reportAbs), { recursive: true });
      dir = O.mkdtempSync(path.join(require('os').tmpdir(), 'ledger-gate-conduct-'));
    } catch {
      return;
    }
    env[ENV_DIR] = dir;
    env[ENV_REPORT] = reportAbs;
  }
  try {
    state.fd = O.openSync(path.join(dir, process.pid + '.jsonl'), 'a', 0o600);
  } catch {
    return;
  }
  const junit = junitPath(env);
  const reports = new Set([shown(reportAbs, root), junit && shown(junit, root)].filter(Boolean));
  if (top) {
    const watchEnv = { ...env, [ENV_WATCH]: String(process.pid) };
    delete watchEnv.NODE_OPTIONS;
    const w = O.spawn(process.execPath, [HERE], { env: watchEnv, detached: true, stdio: 'ignore' });
    w.unref();
    // The runner's end: the JUnit report is written by now (jest-junit's onRunComplete). It
    // is hashed here, at once, so an exit listener registered later that rewrites it shows
    // as a change (the watcher hashes it again once the process is gone).
    O.on.call(process, 'exit', () => {
      const [sha256, problem] = digest(junit);
      send({
        t: 'end',
        junit: junit && shown(junit, root),
        junit_abs: junit,
        sha256,
        problem,
        errors: state.errors,
      });
    });
  }
  installFs(root, reports);
  installProcess();
  // ESM `import { readFileSync } from 'fs'` bindings follow the module objects only after this.
  try {
    Module.syncBuiltinESMExports();
  } catch {
    state.errors++;
  }
}

// ---- the watcher ---------------------------------------------------------------------------

function digest(p) {
  if (!p)
    return [
      null,
      'the run named no JUnit report (LEDGER_GATE_CONDUCT_JUNIT or JEST_JUNIT_OUTPUT_*)',
    ];
  try {
    return [crypto.createHash('sha256').update(O.readFileSync(p)).digest('hex'), null];
  } catch (e) {
    return [null, (e && e.code) || 'unreadable'];
  }
}

function alive(pid) {
  try {
    O.kill(pid, 0);
    return true;
  } catch (e) {
    return e && e.code === 'EPERM';
  }
}

function watch(parent) {
  const env = process.env;
  const dir = env[ENV_DIR];
  const report = path.resolve(env[ENV_REPORT]);
  const root = findRoot();
  const topFile = path.join(dir, parent + '.jsonl');
  let end = null;
  let endSha = null;
  let endProblem = null;
  let cutAt = null;
  const sizes = () => {
    const m = new Map();
    for (const f of O.readdirSync(dir)) m.set(f, O.statSync(path.join(dir, f)).size);
    return m;
  };
  const findEnd = () => {
    let text;
    try {
      text = O.readFileSync(topFile, 'utf8');
    } catch {
      return;
    }
    let off = 0;
    for (const l of text.split('\n')) {
      off += Buffer.byteLength(l) + 1;
      if (!l.startsWith('{"t":"end"')) continue;
      try {
        end = JSON.parse(l);
      } catch {
        continue;
      }
      // In the first process, what follows its end line came after; in the others, what
      // was written after the watcher saw it.
      cutAt = sizes();
      cutAt.set(parent + '.jsonl', off);
      if (typeof end.sha256 === 'string' && /^[0-9a-f]{64}$/.test(end.sha256)) endSha = end.sha256;
      else [endSha, endProblem] = digest(end.junit_abs);
      return;
    }
  };
  const tick = () => {
    if (end === null) findEnd();
    if (alive(parent)) return void setTimeout(tick, 50);
    if (end === null) findEnd();
    finish();
  };
  const finish = () => {
    const sites = new Map();
    const perKind = new Map();
    const after = [];
    let corrupt = 0;
    let dropped = 0;
    for (const f of O.readdirSync(dir).sort()) {
      const buf = O.readFileSync(path.join(dir, f));
      const cut = cutAt ? (cutAt.get(f) ?? 0) : Infinity;
      let off = 0;
      for (const raw of buf.toString('utf8').split('\n')) {
        const at = off;
        off += Buffer.byteLength(raw) + 1;
        if (raw === '') continue;
        let m;
        try {
          m = JSON.parse(raw);
          if (m.t === 'end') {
            if (f !== parent + '.jsonl') throw new Error();
            continue;
          }
          if (
            m.t !== 'e' ||
            typeof m.k !== 'string' ||
            typeof m.f !== 'string' ||
            !Number.isSafeInteger(m.l) ||
            typeof m.e !== 'string'
          )
            throw new Error();
        } catch {
          corrupt++;
          continue;
        }
        const target = typeof m.x === 'string' ? m.x.slice(0, MAX_TARGET_CHARS) : null;
        if (at >= cut) {
          if (after.length >= MAX_AFTER) dropped++;
          else {
            const rec = { type: 'after', kind: m.k, event: m.e, file: m.f, line: m.l };
            if (target !== null) rec[m.w ? 'writes' : 'targets'] = [target];
            after.push(rec);
          }
          continue;
        }
        const key = m.k + '\0' + m.f + '\0' + m.l + '\0' + !!m.i;
        let e = sites.get(key);
        if (!e) {
          const n = perKind.get(m.k) || 0;
          if (n >= MAX_SITES_PER_KIND || sites.size >= MAX_SITES) {
            dropped++;
            continue;
          }
          perKind.set(m.k, n + 1);
          e = { kind: m.k, file: m.f, line: m.l, events: [], targets: [], writes: [], cut: 0 };
          if (m.i) e.via = 'import';
          sites.set(key, e);
        }
        if (!e.events.includes(m.e) && e.events.length < 8) e.events.push(m.e);
        if (target !== null) {
          const into = m.w ? e.writes : e.targets;
          if (!into.includes(target)) {
            if (into.length < MAX_TARGETS_PER_SITE) into.push(target);
            else e.cut++;
          }
        }
      }
    }
    const header = {
      type: 'header',
      tool: 'ledger-gate-conduct',
      version: VERSION,
      runner: 'node',
      node: process.versions.node,
      run: { id: env.GITHUB_RUN_ID ?? null, attempt: env.GITHUB_RUN_ATTEMPT ?? null },
      junit: null,
      report: shown(report, root),
    };
    const out = [O.stringify(header)];
    for (const e of sites.values()) out.push(O.stringify({ type: 'site', ...e }));
    if (end !== null) {
      const [exitSha] = digest(end.junit_abs);
      const junit = { path: typeof end.junit === 'string' ? end.junit : null };
      if (endSha !== null) junit.sha256 = endSha;
      else junit.problem = endProblem;
      out.push(
        O.stringify({
          type: 'complete',
          sites: sites.size,
          dropped,
          errors: Number.isSafeInteger(end.errors) && end.errors >= 0 ? end.errors : 0,
          corrupt,
          closed_early: false,
          junit_changed: endSha !== null && exitSha !== endSha,
          junit,
        }),
      );
      for (const r of after) out.push(O.stringify(r));
    }
    const tmp = report + '.partial';
    fs.writeFileSync(tmp, out.join('\n') + '\n');
    O.renameSync(tmp, report);
    O.rmSync(dir, { recursive: true, force: true });
  };
  tick();
}

if (process.env[ENV_WATCH] && require.main === module) watch(Number(process.env[ENV_WATCH]));
else start();
