// `ledger-gate check`: run the gate, print the summary, write --json / --summary, exit per §5.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_AGENT_AUTHORS } from '../decision/authorship.js';
import { runGate, type GateOptions } from '../gate.js';
import { logLine } from '../report/escape.js';
import { renderSummary } from '../report/summary.js';
import { toJson } from '../report/json.js';
import { GateError, type Decision, type Expect } from '../types.js';
import { UsageError, type CommandIO } from './io.js';

export const EXIT: Record<Decision, number> = { admit: 0, reject: 1, review: 3 };

export function checkOptions(
  argv: string[],
  cwd: string,
): GateOptions & { json?: string; summary?: string } {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      junit: { type: 'string', multiple: true },
      ledger: { type: 'string' },
      base: { type: 'string' },
      head: { type: 'string' },
      production: { type: 'string', multiple: true },
      goldens: { type: 'string', multiple: true },
      collected: { type: 'string' },
      expect: { type: 'string' },
      'agent-authors': { type: 'string', multiple: true },
      author: { type: 'string' },
      json: { type: 'string' },
      summary: { type: 'string' },
      'quarantine-max-age-days': { type: 'string' },
    },
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
  const age = v['quarantine-max-age-days'];
  if (age !== undefined && !/^\d{1,6}$/.test(age)) {
    throw new UsageError(
      `--quarantine-max-age-days must be a whole number, not ${JSON.stringify(age)}`,
    );
  }
  return {
    cwd,
    ledger: v.ledger ?? 'tests/ledger.yaml',
    junit: v.junit,
    collected: v.collected,
    base: v.base,
    head: v.head ?? 'HEAD',
    production: v.production ?? [],
    goldens: v.goldens ?? [],
    expect: expect as Expect,
    agentAuthors: v['agent-authors'] ?? [...DEFAULT_AGENT_AUTHORS],
    author,
    quarantineMaxAgeDays: age === undefined ? undefined : Number(age),
    json: v.json,
    summary: v.summary,
  };
}

/**
 * The summary as printed to stdout, which a workflow's log reads as commands: a line starting
 * with `::` or holding `##[` anywhere. Test names and ledger fields must not become one; the
 * --summary file keeps the Markdown as it is.
 */
export function forLog(markdown: string): string {
  return markdown.replace(/##\[/g, '# #[').replace(/^([ \t]*)::/gm, '$1:\u2236');
}

export async function run(argv: string[], io: CommandIO): Promise<number> {
  const o = checkOptions(argv, io.cwd);
  const outFile = (p: string) => path.resolve(io.cwd, p);
  try {
    const outcome = await runGate(o);
    const summary = renderSummary(outcome);
    if (o.json) await writeFile(outFile(o.json), toJson(outcome.report));
    if (o.summary) await writeFile(outFile(o.summary), summary);
    io.stdout(forLog(summary.endsWith('\n') ? summary : summary + '\n'));
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
      await writeFile(outFile(o.json), JSON.stringify(report, null, 2) + '\n').catch(
        () => undefined,
      );
    }
    return EXIT.reject;
  }
}
