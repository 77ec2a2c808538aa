// Module hooks for scripts/worker-ts-hooks.mjs (and sync-schema.mjs, which registers them
// itself): TypeScript sources, imported as `.js`.
// Each worker the tests start has its own hooks thread, and loading TypeScript costs that
// thread ~0.4 s and its transpiling the worker's graph ~1 s more: so a file's output is kept
// under node_modules/.cache/, keyed by its text, TypeScript's version and this file's own
// text, and TypeScript is loaded only when a file is not there yet.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const repo = new URL('../', import.meta.url);
const CACHE = fileURLToPath(new URL('node_modules/.cache/worker-ts/', repo));
const salt = [
  readFileSync(new URL('node_modules/typescript/package.json', repo), 'utf8'),
  readFileSync(new URL(import.meta.url), 'utf8'),
].join('\0');

let ts; // loaded on the first file not in the cache

export async function resolve(specifier, context, next) {
  if (
    specifier.startsWith('.') &&
    specifier.endsWith('.js') &&
    context.parentURL?.endsWith('.ts')
  ) {
    const url = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(url))) return { url: url.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  const file = fileURLToPath(url);
  const text = await readFile(file, 'utf8');
  const key = createHash('sha256').update(salt).update('\0').update(file).update('\0').update(text);
  const cached = `${CACHE}${key.digest('hex')}.js`;
  const source = await readFile(cached, 'utf8').catch(() => transpile(text, file, cached));
  return { format: 'module', source, shortCircuit: true };
}

async function transpile(text, file, cached) {
  ts ??= (await import('typescript')).default;
  const { outputText } = ts.transpileModule(text, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  // Written aside and renamed: another worker reading the same key sees all of it or none.
  // A cache that cannot be written (a read-only checkout) only costs the next worker time.
  const aside = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await mkdir(CACHE, { recursive: true })
    .then(() => writeFile(aside, outputText))
    .then(() => rename(aside, cached))
    .catch(() => undefined);
  return outputText;
}
