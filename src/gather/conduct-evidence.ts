// The conduct pass's facts (docs/conduct.md): the conduct report the shipped pytest recorder
// wrote, the digests of the JUnit reports judged (the report names the one its session ended
// with), and the head lines agent commits wrote in production files; judged by
// decision/conduct.ts. A report that cannot be read is report-invalid, never a pass.
import path from 'node:path';
import { hashFile } from '../adapters/fs/file-facts.js';
import type { ReportFile } from '../adapters/fs/report-globs.js';
import { readCapped } from '../adapters/fs/safe-read.js';
import { CONDUCT_BYTES, parseConductReport } from '../conduct/report.js';
import { conductFindings } from '../decision/conduct.js';
import type { EvidenceSettings } from '../decision/evidence.js';
import { refinalize } from '../decision/finalize.js';
import { finding, NO_CASE } from '../decision/finding.js';
import { kinds } from './evidence-gaming.js';
import { judgedLines } from './mutation-evidence.js';
import type { Change, ChangeSource, Finding, Ledger, Report } from '../types.js';

export interface ConductOptions {
  /** The conduct report (relative to cwd or absolute). */
  conduct?: string;
  /** The run whose tests are judged; the report must be this run's. */
  conductRun?: { id: string; attempt?: string };
}

export interface ConductContext {
  root: string;
  src?: ChangeSource;
  change?: Change;
  ledger?: Ledger;
  ledgerFile: string;
  production: string[];
  evidence: EvidenceSettings;
  /** The JUnit report files judged. */
  junitFiles: ReportFile[];
}

export async function addConduct(
  report: Report,
  o: ConductOptions,
  ctx: ConductContext,
): Promise<Report> {
  const file = o.conduct!;
  const shown = path.isAbsolute(file) ? file : file.split(path.sep).join('/');
  const found = await conductFacts(shown, o, ctx);
  return refinalize(report, [...report.findings, ...found]);
}

async function conductFacts(
  shown: string,
  o: ConductOptions,
  ctx: ConductContext,
): Promise<Finding[]> {
  const invalid = (why: string) => [
    finding('report-invalid', {
      ...NO_CASE,
      file: shown,
      message: `conduct report ${shown}: ${why}`,
    }),
  ];
  const { change, src } = ctx;
  if (!change || !src)
    return invalid('the conduct pass needs a base: it judges the lines agent commits wrote');
  const rel = path.relative(ctx.root, path.resolve(ctx.root, o.conduct!)).split(path.sep).join('/');
  // A report the change ships is the agent's word on its own run: not read.
  if (change.changed.some((c) => c.path === rel && c.status !== 'D'))
    return [
      finding('report-in-change', {
        ...NO_CASE,
        file: shown,
        message: `conduct report ${shown}: the change ships it, so it was not read`,
      }),
    ];
  let text: string;
  try {
    text = await readCapped(path.resolve(ctx.root, o.conduct!), CONDUCT_BYTES, shown);
  } catch (e) {
    return invalid(`${(e as Error).message}: the run with the recorder wrote none here`);
  }
  const parsed = parseConductReport(text);
  if ('error' in parsed) return invalid(parsed.error);
  const junitDigests = new Set<string>();
  for (const f of ctx.junitFiles) {
    const d = await hashFile(f.path).catch(() => undefined);
    if (d !== undefined) junitDigests.add(d.replace(/^sha256:/, ''));
  }
  const judged = await judgedLines(change, src, 'agent', ctx);
  const paths = kinds({ ...ctx, baseLedger: change.baseLedger });
  const found = conductFindings({
    file: shown,
    report: parsed,
    run: o.conductRun,
    junitDigests,
    judged: judged.lines,
    kindOf: (p) => paths.kind({ path: p, status: 'M' }),
  });
  for (const u of judged.unread)
    found.push(
      finding('production-conduct', {
        ...NO_CASE,
        file: u.file,
        line: 1,
        message: `${u.file}: the lines agent commits wrote could not be read (${u.why}), so what they did in the run was not judged`,
      }),
    );
  return found;
}
