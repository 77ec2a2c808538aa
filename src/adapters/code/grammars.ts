// The parser's loader (adapter): reads the WASM bytes of tree-sitter's runtime and of each
// grammar, once per process, and hands src/code a parse function. The bytes sit next to the
// bundle (scripts/build.mjs copies them into grammars/), or, run from the sources, in
// node_modules. WASM, not a native addon: one dist/ for every runner's platform.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { CodeLanguage } from '../../code/language.js';

/** Each grammar's file, and the npm package that ships it. */
export const GRAMMAR_FILES: Record<CodeLanguage | 'runtime', { pkg: string; file: string }> = {
  runtime: { pkg: 'web-tree-sitter', file: 'tree-sitter.wasm' },
  python: { pkg: 'tree-sitter-python', file: 'tree-sitter-python.wasm' },
  javascript: { pkg: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  typescript: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  tsx: { pkg: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
};

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The bytes of one WASM file: next to the bundle, else in the sources' node_modules. */
function wasmBytes(which: keyof typeof GRAMMAR_FILES): Uint8Array {
  const { pkg, file } = GRAMMAR_FILES[which];
  const places = [
    path.join(HERE, 'grammars', file),
    path.join(HERE, '..', '..', '..', 'node_modules', pkg, file),
  ];
  for (const p of places) if (existsSync(p)) return readFileSync(p);
  throw new Error(`the parser's ${file} is missing (looked in ${places.join(', ')})`);
}

let runtime: Promise<void> | null = null;
const languages = new Map<CodeLanguage, Promise<Language>>();

/** A parser of one language, ready to use; rejects when its WASM cannot be read or loaded. */
export async function parserFor(lang: CodeLanguage): Promise<(text: string) => Tree | null> {
  runtime ??= Parser.init({ wasmBinary: wasmBytes('runtime') } as object);
  await runtime;
  let l = languages.get(lang);
  if (!l) {
    l = Language.load(wasmBytes(lang));
    languages.set(lang, l);
  }
  const parser = new Parser();
  parser.setLanguage(await l);
  return (text) => parser.parse(text);
}
