// The parser's loader (adapter): loads tree-sitter's runtime and reads the WASM bytes of each
// grammar, once per process, and hands src/code a parse function. One copy of the files ships,
// next to the CLI's bundle (scripts/build.mjs copies them into dist/cli/grammars/: the CLI's
// tarball holds dist/cli/ only), which the action's bundle in dist/ reads from cli/grammars/;
// run from the sources, they are in node_modules. WASM, not a native addon: one dist/ for every runner's platform.
// The runtime's JS is loaded as the file it is, not bundled: its Emscripten glue imports
// `module` for createRequire, which the bundler's namespace wrapper loses.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import type { Tree } from 'web-tree-sitter';
import type { CodeLanguage } from '../../code/language.js';

/** Each grammar's file, and the npm package that ships it. */
export const GRAMMAR_FILES: Record<
  CodeLanguage | 'runtime' | 'glue',
  { pkg: string; file: string }
> = {
  glue: { pkg: 'web-tree-sitter', file: 'tree-sitter.js' },
  runtime: { pkg: 'web-tree-sitter', file: 'tree-sitter.wasm' },
  python: { pkg: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
  javascript: { pkg: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  typescript: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  tsx: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
  go: { pkg: 'tree-sitter-go', file: 'tree-sitter-go.wasm' },
  java: { pkg: 'tree-sitter-java', file: 'tree-sitter-java.wasm' },
  ruby: { pkg: 'tree-sitter-ruby', file: 'tree-sitter-ruby.wasm' },
};

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Where one of the files is: the CLI's copy, seen from either bundle, else node_modules. */
function locate(which: keyof typeof GRAMMAR_FILES): string {
  const { pkg, file } = GRAMMAR_FILES[which];
  const places = [
    path.join(HERE, 'grammars', file),
    path.join(HERE, 'cli', 'grammars', file),
    path.join(HERE, '..', '..', '..', 'node_modules', pkg, file),
  ];
  for (const p of places) if (existsSync(p)) return p;
  throw new Error(`the parser's ${file} is missing (looked in ${places.join(', ')})`);
}

type Runtime = typeof import('web-tree-sitter');
type Language = InstanceType<Runtime['Language']>;
let runtime: Promise<Runtime> | null = null;
const languages = new Map<CodeLanguage, Promise<Language>>();

/**
 * V8's optimizing compiler inlines JS-to-WASM calls into the JS that makes them; on Node 20's
 * V8 (11.3) the code it makes for the readers' walks over the runtime's trees segfaults the
 * process after a few hundred kilobytes of Python read in one run (more-itertools' more.py
 * nine times over; __tests__/parser-crash.test.ts). Turned off before the runtime loads, so no
 * call into it was ever compiled inlined; the calls stay optimized, through the wrapper. Only
 * where V8 has the flag (it names an unknown one on stderr): 10 to 13 (Node 18 to 24).
 */
export function keepWasmCallsOutOfLine(v8Version = process.versions.v8): boolean {
  const major = Number(v8Version.split('.')[0]);
  if (!(major >= 10 && major <= 13)) return false;
  setFlagsFromString('--no-turbo-inline-js-wasm-calls');
  return true;
}

async function loadRuntime(): Promise<Runtime> {
  keepWasmCallsOutOfLine();
  const ts = (await import(
    /* webpackIgnore: true */ pathToFileURL(locate('glue')).href
  )) as Runtime;
  await ts.Parser.init({ wasmBinary: readFileSync(locate('runtime')) } as object);
  return ts;
}

/** A parser of one language, ready to use; rejects when its WASM cannot be read or loaded. */
export async function parserFor(lang: CodeLanguage): Promise<(text: string) => Tree | null> {
  runtime ??= loadRuntime();
  const ts = await runtime;
  let l = languages.get(lang);
  if (!l) {
    l = ts.Language.load(readFileSync(locate(lang)));
    languages.set(lang, l);
  }
  const parser = new ts.Parser();
  parser.setLanguage(await l);
  return (text) => parser.parse(text);
}
