// `ledger-gate targets --base REF --for stryker|base-run [--runner R]`: what the stronger
// evidence needs to run, so the mutation job and the base job cost what the change touches
// (docs/stronger-evidence.md). One entry per line; nothing at all when there is nothing to run
// (the workflow then skips the job: an empty --mutate would mutate everything).
import { parseArgs } from 'node:util';
import picomatch from 'picomatch';
import { defaultLedger } from '../adapters/fs/default-ledger.js';
import { LIMITS, readCapped } from '../adapters/fs/safe-read.js';
import { diffText } from '../adapters/git/diff-text.js';
import { changedPaths, mergeBase, showFile } from '../adapters/git/git.js';
import {
  DEFAULT_DRAFT_PATHS,
  DEFAULT_HARNESS_PATHS,
  DEFAULT_TEST_PATHS,
  globsOf,
} from '../decision/evidence-paths.js';
import { parseAddedLines } from '../code/added-lines.js';
import { codeLanguageOf } from '../code/language.js';
import { parseLedger } from '../ledger/parse.js';
import { baseRunTargets, mutateRanges, type TargetRunner } from '../targets/targets.js';
import { GateError, type Ledger } from '../types.js';
import { UsageError, fromCwd, placeOf, type CommandIO } from './io.js';
import { TARGETS } from './tables.js';

export async function run(argv: string[], io: CommandIO): Promise<number> {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: TARGETS.options,
  });
  if (v.base === undefined) throw new UsageError('targets needs --base REF');
  const what = v.for;
  if (what !== 'stryker' && what !== 'base-run')
    throw new UsageError(`--for must be stryker or base-run, not ${JSON.stringify(what ?? '')}`);
  const runner = v.runner ?? 'jest';
  if (runner !== 'pytest' && runner !== 'jest' && runner !== 'vitest')
    throw new UsageError(`--runner must be pytest, jest or vitest, not ${JSON.stringify(runner)}`);
  const at = placeOf(io);
  const root = at.root;
  const head = v.head ?? 'HEAD';
  const baseSha = await mergeBase(root, v.base, head, false);
  const nonEmpty = (l: string[] | undefined) => l?.filter((g) => g.trim() !== '') ?? [];
  const testGlobs = nonEmpty(v['test-paths']).length
    ? nonEmpty(v['test-paths'])
    : globsOf(DEFAULT_TEST_PATHS);
  const isTest = picomatch(testGlobs, { dot: true });
  let out: string[];
  if (what === 'stryker') {
    const prod = nonEmpty(v.production);
    const notCode = picomatch(
      [...testGlobs, ...DEFAULT_DRAFT_PATHS, ...globsOf(DEFAULT_HARNESS_PATHS)],
      { dot: true },
    );
    const isProduction =
      prod.length > 0
        ? picomatch(prod, { dot: true })
        : (p: string) => codeLanguageOf(p) !== undefined && !notCode(p);
    out = mutateRanges(parseAddedLines(await diffText(root, baseSha, head)), isProduction);
  } else {
    const file = v.ledger === undefined ? defaultLedger(root) : fromCwd(at, v.ledger);
    const read = (text: string | null, shown: string): Ledger | undefined => {
      if (text === null) return undefined;
      const p = parseLedger(text, shown, { normalisePaths: true });
      if (p.errors.length > 0)
        throw new GateError(`${shown} is invalid: ${p.errors[0].message}`, shown);
      return p.ledger;
    };
    const headText = await readCapped(`${root}/${file}`, LIMITS.ledgerBytes, file).catch(
      () => null,
    );
    out = baseRunTargets({
      head: read(headText, file),
      base: read(await showFile(root, baseSha, file), `${file}@base`),
      changed: await changedPaths(root, baseSha, head),
      isTest,
      runner: runner as TargetRunner,
    });
  }
  for (const line of out) io.stdout(line + '\n');
  return 0;
}
