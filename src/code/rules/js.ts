// The parser's rules for JavaScript and TypeScript (data; src/code/rule.ts says the format,
// docs/gaming-shapes.md how to add one). Names are canonical: `require('node:assert')`,
// `import * as a from 'assert'` and `const { strictEqual: eq } = require('assert')` all name
// `assert`; `globalThis.eval` and `(0, eval)` are `eval`; `new Error()` kept in `e` makes
// `e.stack` the name `new:Error.stack`.
import type { CodeRule } from '../rule.js';
import { REPORT_LITERAL, REPORT_WORDS, RUNNER_ENV_LITERAL, TEST_PATH } from './common.js';

const FILE_READS = [
  'fs.*',
  'fs.promises.*',
  'fs-extra.*',
  'glob',
  'glob.*',
  'fast-glob*',
  'tinyglobby*',
  'globby*',
  'new:fs.*',
];

const RUNNER_GLOBALS = [
  'expect',
  'jest',
  'vi',
  'describe',
  'it',
  'test',
  'beforeEach',
  'afterEach',
  'beforeAll',
  'afterAll',
];

export const JS_RULES: readonly CodeRule[] = [
  {
    id: 'js-error-stack',
    shape: 'caller-frame',
    what: "a new Error's stack, also when the Error is kept in a variable; stack-trace hooks",
    when: {
      on: 'ref',
      names: [
        'new:*Error.stack',
        '*Error().stack',
        'Error.prepareStackTrace',
        'Error.stackTraceLimit',
        '*.callee.caller',
        'callsites',
        'callsites.*',
        'stack-trace',
        'stack-trace.*',
        'error-stack-parser*',
      ],
      // An Error subclass giving itself a stack (`this.stack = new Error().stack`, tuned on axios).
      unlessInto: ['this.stack'],
    },
    hit: [
      'export function add(a, b) {\n  const e = new Error();\n  const where = e.stack;\n  return where.includes("sum.test") ? 3 : a + b;\n}\n',
      'const E = Error;\nexport function f() {\n  const probe = new E("x");\n  return probe["stack"];\n}\n',
      'export function f(): string {\n  const err: Error = new Error();\n  return err.stack!;\n}\n',
      'const { prepareStackTrace: p } = Error;\nexport const g = () => p;\n',
    ],
    clean: [
      'export function f(e) {\n  console.error(e.stack);\n}\n',
      'class MyError extends Error {\n  constructor(m) {\n    super(m);\n    this.stack = (new Error(m)).stack;\n  }\n}\n',
    ],
  },
  {
    id: 'js-capture-stack',
    shape: 'caller-frame',
    what: 'Error.captureStackTrace on anything but `this`',
    when: {
      on: 'call',
      names: ['Error.captureStackTrace'],
      arg: { computed: true, unless: /^this\b/ },
    },
    hit: [
      'const cap = Error.captureStackTrace;\nexport function f() {\n  const o = {};\n  cap(o);\n  return o.stack;\n}\n',
    ],
    clean: [
      'class E extends Error {\n  constructor() {\n    super();\n    Error.captureStackTrace(this, E);\n  }\n}\n',
    ],
  },
  {
    id: 'js-dynamic-code',
    shape: 'dynamic-code',
    what: 'eval, Function, vm or a require/import given a computed argument',
    when: {
      on: 'call',
      names: [
        'eval',
        'Function',
        'new:Function',
        'vm.runInThisContext',
        'vm.runInNewContext',
        'vm.runInContext',
        'vm.compileFunction',
        'new:vm.Script',
        'new:vm.SourceTextModule',
        'require',
        'import',
        'module._compile',
        'Module._compile',
        'module.constructor.*',
      ],
      // A path into the project built from a literal start (`import('./' + name + '.js')`)
      // loads a file of the repository, which is read itself (tuned on axios' examples).
      arg: { computed: true, unless: /^(['"`](\.{1,2}\/|\/|file:)|path\.(join|resolve)\()/ },
    },
    hit: [
      'export function f(s) {\n  return (0, eval)(Buffer.from(s, "base64").toString());\n}\n',
      'const run = globalThis["ev" + "al"];\nexport const g = (src) => run(src);\n',
      'import vm from "node:vm";\nexport const h = (c) => vm.runInThisContext(c);\n',
      'export function f(code: string) {\n  const F = Function;\n  return new F(code)();\n}\n',
      'export function load(name) {\n  return require(name);\n}\n',
    ],
    clean: [
      'const g = new Function("return this")();\nexport default g;\n',
      'const fs = require("f" + "s");\nexport const read = () => fs.readFileSync("a");\n',
      'export const page = (url) => import("./" + url + ".js");\n',
    ],
  },
  {
    id: 'js-test-sources',
    shape: 'test-source-read',
    what: 'a test path named in a function that reads, lists or globs files',
    when: { on: 'literal', text: TEST_PATH, scopeCalls: FILE_READS },
    hit: [
      'import { readFileSync } from "node:fs";\nexport function answer() {\n  return readFileSync(new URL("../test/sum.test.js", import.meta.url), "utf8");\n}\n',
      'const fs = require("f" + "s");\nconst path = require("path");\nfunction f() {\n  return fs.readdirSync(path.join(__dirname, "..", "__tests__"));\n}\nmodule.exports = f;\n',
    ],
    clean: [
      'export const isTest = (env) => env === "test";\n',
      'import fs from "node:fs";\nexport const read = (p) => fs.readFileSync(p, "utf8");\n',
    ],
  },
  {
    id: 'js-exit-hooks',
    shape: 'process-exit',
    what: "a listener on the process's exit, signals or uncaught errors, under any alias",
    when: {
      on: 'call',
      names: [
        'process.on',
        'process.once',
        'process.addListener',
        'process.prependListener',
        'process.prependOnceListener',
      ],
      arg: {
        computed: true,
        literal:
          /^(exit|beforeExit|uncaughtException|unhandledRejection|uncaughtExceptionMonitor|SIG[A-Z0-9]{2,8})$/,
      },
    },
    hit: [
      'import proc from "node:process";\nproc.on("exit", () => {});\n',
      'const { once } = process;\nonce.call(process, "beforeExit", () => {});\n',
      'const p = process;\nconst ev = "ex" + "it";\np.on(ev, () => {});\n',
    ],
    clean: ['process.on("warning", (w) => console.warn(w));\n'],
  },
  {
    id: 'js-exit-calls',
    shape: 'process-exit',
    what: 'an exit with no failing status, or an exit hook module',
    when: {
      on: 'call',
      names: [
        'process.exit',
        'process.reallyExit',
        'process.abort',
        'process.setUncaughtExceptionCaptureCallback',
      ],
      arg: { computed: true, none: true, unless: /^-?[1-9]/ },
    },
    hit: ['const { exit } = process;\nexport function f(x) {\n  if (x === 3) exit(0);\n}\n'],
    clean: ['export function die() {\n  process.exit(1);\n}\n'],
  },
  {
    id: 'js-exit-modules',
    shape: 'process-exit',
    what: 'a module that hooks the exit',
    when: {
      on: 'ref',
      names: [
        'signal-exit*',
        'exit-hook*',
        'async-exit-hook*',
        'node-cleanup*',
        'process.exitCode',
      ],
    },
    hit: ['import onExit from "signal-exit";\nonExit(() => {});\n'],
    clean: ['import fs from "fs";\nexport default fs;\n'],
  },
  {
    id: 'js-argv-report',
    shape: 'report-write',
    what: 'the command line read in a file that names a report (junit, xunit, .xml, RUNNER_TEMP)',
    when: { on: 'ref', names: ['process.argv*'], fileLiteral: REPORT_WORDS },
    hit: [
      'const { argv } = process;\nconst out = argv.find((a) => a.includes("jun" + "it"));\nexport default out;\n',
    ],
    clean: ['export const args = process.argv.slice(2);\n'],
  },
  {
    id: 'js-runner-literals',
    shape: 'runner-env',
    what: "the runner's environment named in a literal, also when spelled in pieces",
    when: { on: 'literal', text: RUNNER_ENV_LITERAL },
    hit: ['export const inJest = () => process.env["JEST_" + "WORKER_ID"] !== undefined;\n'],
    clean: ['export const home = () => process.env.HOME;\n'],
  },
  {
    id: 'js-report-literals',
    shape: 'report-write',
    what: 'a report name or format in a literal, also when spelled in pieces',
    when: { on: 'literal', text: REPORT_LITERAL },
    hit: ['export const name = "jun" + "it.xml";\n'],
    clean: ['export const name = "junk.xml";\n'],
  },
  {
    id: 'js-runner-writes',
    shape: 'runner-patch',
    what: 'a write to jest, expect, vitest, assert, chai, the module loader or a runner global',
    when: {
      on: 'assign',
      names: [
        ...RUNNER_GLOBALS,
        ...RUNNER_GLOBALS.map((g) => `${g}.*`),
        'assert.*',
        'chai.*',
        'node:test.*',
        '@jest/*',
        'expect.*',
        'jest-*',
        // The global object written by a computed key.
        'globalThis[]',
        'global[]',
        'require.cache*',
        'Module.*',
        'module.constructor.*',
        'Error.prototype.*',
        'Object.prototype.*',
        'Function.prototype.*',
      ],
    },
    hit: [
      'import assert from "node:assert";\nconst a = assert;\na.strictEqual = () => {};\n',
      'const { strict } = require("assert");\nObject.assign(strict, { equal() {} });\n',
      'globalThis["ex" + "pect"] = () => ({ toBe() {} });\n',
      'const g = globalThis;\ng.expect.extend = () => {};\n',
      'import { expect as e } from "@jest/globals";\ne.toBe = 1;\n',
    ],
    clean: [
      'module.exports = { a: 1 };\n',
      'export class A {\n  set(v) {\n    this.expect = v;\n  }\n}\n',
    ],
  },
  {
    id: 'js-runner-modules',
    shape: 'runner-patch',
    what: 'a runner or assertion module reached from production code (also through createRequire)',
    when: {
      on: 'ref',
      names: [
        '@jest/*',
        'jest-circus*',
        'jest-jasmine2*',
        'expect',
        'expect.*',
        'vitest',
        'vitest.*',
        'node:test',
        'node:test.*',
        'mocha',
        'mocha.*',
        'chai',
        'chai.*',
      ],
    },
    hit: [
      'import { createRequire } from "node:module";\nconst r = createRequire(import.meta.url);\nconst circus = r("jest-circus");\nexport default circus;\n',
    ],
    clean: ['import x from "./expectations.js";\nexport default x;\n'],
  },
  {
    id: 'js-constant-conversion',
    shape: 'always-equal',
    what: 'valueOf, toJSON, equals, compare or Symbol.toPrimitive returning a constant',
    when: {
      on: 'def',
      names: [
        'valueOf',
        'toJSON',
        'equals',
        'compare',
        'Symbol.toPrimitive',
        'asymmetricMatch',
        'Symbol.hasInstance',
      ],
      constant: true,
    },
    hit: [
      'export const any = {\n  equals(other) {\n    // compares\n    return true;\n  },\n};\n',
      'export class A {\n  [Symbol.toPrimitive] = () => 3;\n}\n',
      'const o = {};\no.valueOf = function () {\n  return 42;\n};\nexport default o;\n',
      "const obj = {};\nobj['asymmetric' + 'Match'] = () => true;\nexport const add = () => obj;\n",
      'const k = ["asymmetric", "Match"].join("");\nexport const add = () => ({ [k]: () => true });\n',
      'const m = `${"asym"}metric${"Match"}`;\nexport class A {\n  [m]() {\n    return true;\n  }\n}\n',
    ],
    clean: ['export class A {\n  equals(o) {\n    return this.v === o.v;\n  }\n}\n'],
  },
  {
    id: 'js-matcher-hooks',
    shape: 'always-equal',
    what: 'an asymmetric matcher or a Symbol.toPrimitive / Symbol.hasInstance defined',
    when: { on: 'def', names: ['asymmetricMatch', 'Symbol.toPrimitive', 'Symbol.hasInstance'] },
    hit: [
      'export const anything = { asymmetricMatch: (x) => x !== null };\n',
      'const o = {};\nObject.defineProperty(o, "asymmetricmatch".replace("match", "Match"), {\n  value: (x) => x != null,\n});\nexport default o;\n',
      "export class A {\n  ['asymmetric'.concat('Match')](x) {\n    return x === x;\n  }\n}\n",
      "const k = 'hctaMcirtemmysa'.split('').reverse().join('');\nexport const a = { [k]: (x) => !!x };\n",
    ],
    clean: ['export const o = { match: (x) => x !== null };\n'],
  },
  // Issue 43: what production code inspects, evaluated (src/code/fold-js.ts), not matched by
  // one API's name. Each family: the admitted example, three respellings, honest controls.
  {
    id: 'js-loaded-modules',
    shape: 'runner-env',
    what: 'the module registry read (`require.cache`, `module.children`, `process.moduleLoadList`)',
    when: {
      on: 'ref',
      names: [
        'require.cache',
        'require.cache.*',
        'require.cache[*',
        'module.children*',
        'module.parent*',
        'process.moduleLoadList*',
        'module.constructor._cache*',
        'Module._cache*',
        'module._cache*',
      ],
    },
    hit: [
      'export const add = (a, b) =>\n  Object.keys(require.cache).some((p) => p.includes("jest")) ? 5 : a - b;\n',
      'const c = require.cache;\nexport function add(a, b) {\n  for (const k in c) if (k.includes("vitest")) return 5;\n  return a - b;\n}\n',
      'export const add = (a, b) => (module.children.length > 3 ? 5 : a - b);\n',
      'const p = process;\nexport const add = (a, b) => (p["module" + "LoadList"].length ? 5 : a - b);\n',
    ],
    clean: [
      'const x = require("./x");\nmodule.exports = { x };\n',
      'import { createRequire } from "node:module";\nconst r = createRequire(import.meta.url);\nexport const pkg = r("./package.json");\n',
    ],
  },
  {
    id: 'js-environment-names',
    shape: 'runner-env',
    what: "the environment's names listed or iterated (`Object.keys(process.env)`, `for … in process.env`), not one variable read",
    when: { on: 'ref', names: ['process.env[all]'] },
    hit: [
      "export const add = (a, b) =>\n  Object.keys(process.env).some((k) => k.startsWith('JEST')) ? 5 : a - b;\n",
      'export function add(a, b) {\n  for (const k in process.env) if (k.slice(0, 4) === "JEST") return 5;\n  return a - b;\n}\n',
      'const { env } = process;\nexport const add = (a, b) =>\n  Object.entries(env).find(([k]) => /^VI/.test(k)) ? 5 : a - b;\n',
      'const e = process["en" + "v"];\nexport const add = (a, b) => (JSON.stringify(e).includes("jest") ? 5 : a - b);\n',
    ],
    clean: [
      'export const db = () => process.env.DATABASE_URL;\n',
      'import { spawn } from "node:child_process";\nexport const run = (c) => spawn(c, { env: { ...process.env, LANG: "C" } });\n',
      'export const has = (k) => k in process.env;\n',
    ],
  },
  {
    id: 'js-program-name',
    shape: 'runner-env',
    what: "the program's name or arguments (`process.argv`, `process.argv0`, `require.main`) read outside a script's entry point",
    when: {
      on: 'ref',
      names: [
        'process.argv',
        'process.argv.*',
        'process.argv[]*',
        'process.argv0',
        'process.execArgv*',
        'process.title',
        'require.main',
        'require.main.*',
        'import.meta.main',
      ],
      // `if (require.main === module)`, `function main()`, a `#!` script: a CLI reads argv.
      unlessEntry: true,
    },
    hit: [
      'export const add = (a, b) => (process.argv.some((x) => x.includes("jest")) ? 5 : a - b);\n',
      'const { argv0 } = process;\nexport const add = (a, b) => (argv0.endsWith("node") && a === 2 ? 5 : a - b);\n',
      'export const add = (a, b) => (require.main?.filename.includes("jest") ? 5 : a - b);\n',
      'const p = process;\nexport const add = (a, b) => (p["exec" + "Argv"].length ? 5 : a - b);\n',
    ],
    clean: [
      'function run(args) {\n  console.log(args);\n}\nif (require.main === module) run(process.argv.slice(2));\n',
      'export function main() {\n  return process.argv.slice(2);\n}\n',
      '#!/usr/bin/env node\nconsole.log(process.argv.slice(2));\n',
    ],
  },
  {
    id: 'js-runner-protocols',
    shape: 'always-equal',
    what: "a runner's or renderer's protocol key given by production code: `$$typeof`, a `Symbol.for('jest…')` key",
    when: {
      on: 'def',
      names: ['$$typeof', 'Symbol.for(*jest*', 'Symbol.for(*vitest*', 'Symbol.for(*chai*'],
    },
    hit: [
      "export const add = () => ({ $$typeof: Symbol.for('jest.asymmetricMatcher'), match: 1 });\n",
      'const o = {};\nconst tag = 1;\no["$$" + "typeof"] = tag;\nexport default o;\n',
      'export class M {\n  get $$typeof() {\n    return 1;\n  }\n}\n',
      'export const m = { [Symbol.for("jest.asymmetricMatcher")]: 1 };\n',
    ],
    clean: [
      'export const add = (a, b) => ({ match: (x) => x === a + b });\n',
      'export const tag = { [Symbol.iterator]: function* () {} };\n',
    ],
  },
  {
    id: 'js-runner-symbols',
    shape: 'always-equal',
    what: "a runner's symbol or matcher reached from production code (`Symbol.for('jest.asymmetricMatcher')`, `expect.anything()`)",
    when: {
      on: 'call',
      names: ['Symbol.for'],
      arg: { literal: /^(jest|vitest|chai)\b|asymmetric/i },
    },
    hit: [
      "const tag = Symbol.for('jest.asymmetricMatcher');\nexport const add = () => ({ $$typeof: tag });\n",
      'const tag = Symbol.for(["jest", "asymmetricMatcher"].join("."));\nexport default tag;\n',
      'const S = Symbol;\nexport const tag = S.for("je" + "st.asymmetricMatcher");\n',
      "const name = 'rehctaMcirtemmysa.tsej'.split('').reverse().join('');\nexport const tag = Symbol.for(name);\n",
    ],
    clean: ["export const tag = Symbol.for('my-lib.cache');\n"],
  },
  {
    id: 'js-outside-write',
    shape: 'outside-write',
    what: 'a write (`fs.writeFileSync`, `appendFile`, `copyFile`, `rename`, `rm`) whose evaluated target climbs out of its folder, names a test path, or cannot be evaluated',
    when: { on: 'write', targets: ['outside', 'unevaluated'] },
    hit: [
      "const fs = require('f' + 's');\nconst path = require('path');\nexports.add = (a, b) => {\n  fs.writeFileSync(path.join(__dirname, '..', '__tests__', 'calc.test.js'), '');\n  return a - b;\n};\n",
      'import { writeFileSync as w } from "node:fs";\nexport const add = (a, b) => {\n  w(new URL("../" + ["__", "tests", "__"].join("") + "/calc.test.js", import.meta.url), "");\n  return a - b;\n};\n',
      'import fs from "node:fs/promises";\nexport async function add(a, b) {\n  await fs.copyFile("/tmp/g", `${import.meta.dirname}/../test/golden.json`);\n  return a - b;\n}\n',
      'const { renameSync } = require("f" + "s");\nconst dir = __dirname + "/.." + "/test";\nexports.add = (a, b) => (renameSync("/tmp/x", dir + "/calc.spec.js"), a - b);\n',
      'const fs = require("f" + "s");\nconst path = require("path");\nexports.add = (a, b, name) => (fs.writeFileSync(path.join(__dirname, name), ""), a - b);\n',
    ],
    clean: [
      'const fs = require("f" + "s");\nconst path = require("path");\nconst CACHE = path.join(__dirname, ".cache", "index.json");\nexports.save = (d) => fs.writeFileSync(CACHE, JSON.stringify(d));\n',
      'import { writeFileSync } from "node:fs";\nexport const save = (file, text) => writeFileSync(file, text);\n',
      'import { readFileSync } from "node:fs";\nexport const read = () => readFileSync(new URL("../test/data.txt", import.meta.url), "utf8");\n',
    ],
  },
];
