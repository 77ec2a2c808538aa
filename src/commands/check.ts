// `ledger-gate check`: run the gate, print a short report for the terminal, write --json /
// --summary (a file, or `-` for stdout), exit per §5.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultLedger } from '../adapters/fs/default-ledger.js';
import { DEFAULT_AGENT_AUTHORS } from '../decision/authorship.js';
import { HOLDOUT_KEY_MIN } from '../decision/holdout.js';
import { runGate, type GateOptions, type GateOutcome } from '../gather/gate.js';
import { forLog, logLine } from '../report/escape.js';
import { renderSummary } from '../report/summary.js';
import { renderTerminal } from '../report/terminal.js';
import { writeJsonReport } from '../adapters/fs/json-report.js';
import { toJson } from '../report/json.js';
import { GateError, type Decision, type Expect } from '../types.js';
import { UsageError, fromCwd, placeOf, type CommandIO } from './io.js';
import { runOf } from '../conduct/report.js';
import { CHECK } from './tables.js';

export const EXIT: Record<Decision, number> = { admit: 0, reject: 1, review: 3 };

export interface CheckOptions extends GateOptions {
  json?: string;
  summary?: string;
}

/**
 * The options of `check`. The repository root is found from `cwd` (as git finds it), and the
 * paths given (reports, ledger, collected list) are relative to `cwd`.
 */
export function checkOptions(
  argv: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): CheckOptions {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: CHECK.options,
  });
  if (!v.junit?.length) throw new UsageError('check needs at least one --junit GLOB');
  const expect = v.expect ?? 'all';
  if (expect !== 'all' && expect !== 'ran-files') {
    throw new UsageError(`--expect must be all or ran-files, not ${JSON.stringify(expect)}`);
  }
  const author = v.author ?? 'auto';
  if (author !== 'auto' && author !== 'agent' && author !== 'human') {
    throw new UsageError(`--author must be auto, agent or human, not ${JSON.stringify(author)}`);
  }
  const gaming = v.gaming ?? 'review';
  if (gaming !== 'review' && gaming !== 'reject') {
    throw new UsageError(`--gaming must be review or reject, not ${JSON.stringify(gaming)}`);
  }
  const age = v['quarantine-max-age-days'];
  if (age !== undefined && !/^\d{1,6}$/.test(age)) {
    throw new UsageError(
      `--quarantine-max-age-days must be a whole number, not ${JSON.stringify(age)}`,
    );
  }
  const shards = v['reports-expected'];
  if (shards !== undefined && !/^[1-9]\d{0,5}$/.test(shards)) {
    throw new UsageError(
      `--reports-expected must be a whole number from 1, not ${JSON.stringify(shards)}`,
    );
  }
  if (v.json === '-' && v.summary === '-') {
    throw new UsageError('--json - and --summary - would both write to stdout: give one a file');
  }
  const at = placeOf({ cwd });
  const holdoutKey = holdoutKeyOf(v['holdout-junit'], env);
  if (v['require-fail-to-pass'] && !v['base-junit']?.length)
    throw new UsageError(
      '--require-fail-to-pass needs --base-junit GLOB: the base run it judges by',
    );
  const scope = v['mutation-scope'] ?? 'agent';
  if (scope !== 'agent' && scope !== 'change')
    throw new UsageError(`--mutation-scope must be agent or change, not ${JSON.stringify(scope)}`);
  if ((v['require-killed-mutants'] || v['mutation-scope']) && !v['mutation-report']?.length)
    throw new UsageError(
      '--require-killed-mutants and --mutation-scope need --mutation-report GLOB: the mutation pass they judge by',
    );
  if (v['mutation-report']?.length && v.base === undefined)
    throw new UsageError('--mutation-report needs --base REF: its judged lines are the change’s');
  if (v.conduct !== undefined && v.base === undefined)
    throw new UsageError('--conduct needs --base REF: it judges the lines agent commits wrote');
  return {
    cwd: at.root,
    ledger: v.ledger === undefined ? defaultLedger(at.root) : fromCwd(at, v.ledger),
    junit: v.junit.map((g) => fromCwd(at, g)),
    collected: v.collected === undefined ? undefined : fromCwd(at, v.collected),
    base: v.base,
    head: v.head ?? 'HEAD',
    production: v.production ?? [],
    goldens: v.goldens ?? [],
    testPaths: v['test-paths'],
    harnessPaths: v['harness-paths'],
    draftPaths: v['draft-paths'],
    agentWritePaths: v['agent-write-paths'],
    reportsExpected: shards === undefined ? undefined : Number(shards),
    expect: expect as Expect,
    agentAuthors: v['agent-authors'] ?? [...DEFAULT_AGENT_AUTHORS],
    author,
    quarantineMaxAgeDays: age === undefined ? undefined : Number(age),
    gaming,
    json: v.json,
    summary: v.summary,
    baseJunit: v['base-junit']?.map((g) => fromCwd(at, g)),
    baseTests: v['base-tests']?.map((g) => fromCwd(at, g)),
    draftJunit: v['draft-junit']?.map((g) => fromCwd(at, g)),
    holdoutJunit: v['holdout-junit']?.map((g) => fromCwd(at, g)),
    holdoutKey,
    requireFailToPass: v['require-fail-to-pass'] ?? false,
    mutationReport: v['mutation-report']?.map((g) => fromCwd(at, g)),
    mutationScope: scope,
    requireKilledMutants: v['require-killed-mutants'] ?? false,
    conduct: v.conduct === undefined ? undefined : fromCwd(at, v.conduct),
    conductRun: runOf(env),
  };
}

/** The hold-out ids' key, from the environment (never argv: a process list shows argv). */
function holdoutKeyOf(globs: string[] | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (!globs?.length) return undefined;
  const key = env.LEDGER_GATE_HOLDOUT_KEY ?? '';
  if (key.length < HOLDOUT_KEY_MIN)
    throw new UsageError(
      `--holdout-junit needs a secret key of at least ${HOLDOUT_KEY_MIN} characters in LEDGER_GATE_HOLDOUT_KEY: the hold-out cases are shown only by ids keyed with it`,
    );
  return key;
}

/** Writes `text` to FILE, or to stdout for `-` (where the log must see no workflow command). */
async function output(io: CommandIO, target: string, text: string, markdown: boolean) {
  if (target === '-') io.stdout(markdown ? forLog(text) : text);
  else await writeFile(path.resolve(io.cwd, target), text);
}

/** The JSON report to FILE as it is built, or to stdout for `-`. */
async function outputJson(io: CommandIO, target: string, outcome: GateOutcome) {
  if (target === '-') io.stdout(toJson(outcome.report));
  else await writeJsonReport(path.resolve(io.cwd, target), outcome.report);
}

/** A `--base` or `--head` git cannot resolve is a usage error that names it, not a reject. */
async function checkRefs(o: CheckOptions): Promise<void> {
  if (o.base === undefined) return;
  const git = await import('../adapters/git/git.js');
  for (const [flag, ref] of [
    ['--base', o.base],
    ['--head', o.head],
  ] as const) {
    const sha = await git.resolveCommit(o.cwd, ref).catch(() => null);
    if (sha === null) {
      throw new UsageError(
        `${flag} ${JSON.stringify(ref)}: git knows no such commit in ${o.cwd} (a branch, tag or sha; fetch it first?)`,
      );
    }
  }
}

export async function run(argv: string[], io: CommandIO): Promise<number> {
  const o = checkOptions(argv, io.cwd);
  await checkRefs(o);
  // With `--json -` or `--summary -`, stdout carries that document and nothing else.
  const stdoutTaken = o.json === '-' || o.summary === '-';
  try {
    const outcome = await runGate(o);
    if (o.json) await outputJson(io, o.json, outcome);
    // The Markdown is rendered only when asked for: at 100k findings it is a megabyte of work.
    if (o.summary) await output(io, o.summary, renderSummary(outcome), true);
    if (!stdoutTaken) io.stdout(renderTerminal(outcome, { color: io.color ?? false }));
    for (const w of outcome.warnings)
      io.stderr(`warning: ${logLine(`${w.file}:${w.line}: ${w.message}`)}\n`);
    io.stderr(`ledger-gate: ${outcome.report.decision}\n`);
    return EXIT[outcome.report.decision];
  } catch (e) {
    // Fail closed: anything the gate could not read is a reject, said on one line.
    const line =
      e instanceof GateError ? e.oneLine : `unexpected error: ${String(e).split('\n')[0]}`;
    io.stderr(`ledger-gate: error: ${logLine(line)}\nledger-gate: reject\n`);
    if (o.json) {
      const report = {
        version: 1,
        decision: 'reject',
        counts: { cases: 0, admit: 0, review: 0, reject: 0, info: 0 },
        findings: [],
        error: line,
      };
      await output(io, o.json, JSON.stringify(report, null, 2) + '\n', false).catch(
        () => undefined,
      );
    }
    return EXIT.reject;
  }
}
