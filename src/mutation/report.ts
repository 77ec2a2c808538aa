// A mutation-testing-elements report (schema 1 and 2; StrykerJS, Stryker.NET, Stryker4s,
// Infection, PIT through its plugin) read from its text: JSON, then the package's JSON Schema
// (report-schema.ts, checked by schema-check.ts). Anything else is one line saying why.
import { REPORT_SCHEMA } from './report-schema.js';
import { checkSchema } from './schema-check.js';

export type MutantStatus =
  | 'Killed'
  | 'Survived'
  | 'NoCoverage'
  | 'CompileError'
  | 'RuntimeError'
  | 'Timeout'
  | 'Ignored'
  | 'Pending';

export interface Position {
  line: number;
  column: number;
}

export interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: MutantStatus;
  killedBy?: string[];
  statusReason?: string;
}

export interface MutationReport {
  schemaVersion: string;
  files: Record<string, { language: string; source: string; mutants: Mutant[] }>;
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
  projectRoot?: string;
  config?: Record<string, unknown>;
  framework?: { name?: string; version?: string };
}

/** The report, or one line saying why the text is none. */
export function parseMutationReport(text: string): MutationReport | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { error: `not JSON (${(e as Error).message.split('\n')[0]})` };
  }
  let wrong: string | null;
  try {
    wrong = checkSchema(REPORT_SCHEMA, data);
  } catch (e) {
    // A value nested past the stack (in a mutant's unknown fields) is no report either.
    if (!(e instanceof RangeError)) throw e;
    wrong = 'nested too deeply';
  }
  if (wrong !== null) return { error: `not a mutation-testing-elements report: ${wrong}` };
  const report = data as MutationReport;
  if (!/^[12](\.|$)/.test(report.schemaVersion))
    return { error: `schema version ${report.schemaVersion} is not 1 or 2` };
  return report;
}
