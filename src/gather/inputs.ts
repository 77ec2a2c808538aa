// Every input of action.yml, read once into one typed object. A bad value stops the run with a
// message that quotes it: a gate that guesses what its configuration meant is not a gate.
import * as core from '../adapters/actions/runner.js';
import { DEFAULT_AGENT_AUTHORS, parsePatterns } from '../decision/authorship.js';
import { strongerInputs, type StrongerInputs } from './stronger-inputs.js';
import { GateError, type Expect } from '../types.js';

export type FailOn = 'review' | 'reject' | 'never';
/** When the action writes its JSON report (`json-report`): writesJsonReport in src/action/publish.ts. */
export type JsonReportWhen = 'auto' | 'always' | 'never';

/** The stronger evidence's inputs (base run, hold-out suite, mutation pass) come from stronger-inputs.ts. */
export interface ActionInputs extends StrongerInputs {
  ledger: string;
  junit: string[];
  collected?: string;
  production: string[];
  goldens: string[];
  /** The evidence path sets; empty: the documented defaults. */
  testPaths: string[];
  harnessPaths: string[];
  draftPaths: string[];
  /** Where agents' commits may write (empty: the production paths, given or derived from the base). */
  agentWritePaths: string[];
  /** How many report files the run delivers; undefined: not checked. */
  reportsExpected?: number;
  agentAuthors: string[];
  baseRef?: string;
  token: string;
  checkName: string;
  failOn: FailOn;
  maxAnnotations: number;
  quarantineMaxAgeDays?: number;
  expect: Expect;
  /** workflow_run mode: the triggering run's artifact holding the reports. */
  artifact?: string;
  /** Write the job summary (GitHub Enterprise Server users may need it off). */
  jobSummary: boolean;
  /** When to write the JSON report (`json-report`; auto: when a finding needs action). */
  jsonReport: JsonReportWhen;
  /** What a gaming-shape finding is (`gaming`: review or reject). */
  gaming: 'review' | 'reject';
  /** The conduct report the pytest recorder wrote (`conduct`, docs/conduct.md). */
  conduct?: string;
  /** The drafts' own run's reports (`draft-junit`): read for drafts only, never as evidence. */
  draftJunit: string[];
  /** On workflow_run: the artifact holding them (default `artifact`). */
  draftArtifact?: string;
}

const quote = (s: string): string => JSON.stringify(s.length > 80 ? s.slice(0, 80) + '…' : s);

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new GateError(`input ${name} must be one of ${allowed.join(', ')}, not ${quote(value)}`);
}

function wholeNumber(name: string, value: string, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) > max) {
    throw new GateError(
      `input ${name} must be a whole number from 0 to ${max}, not ${quote(value)}`,
    );
  }
  return Number(value);
}

/** A boolean as YAML 1.2's core schema spells it (core.getBooleanInput); empty is `dflt`. */
function yesNo(name: string, dflt: boolean): boolean {
  const value = core.getInput(name);
  if (value === '') return dflt;
  try {
    return core.getBooleanInput(name);
  } catch {
    throw new GateError(`input ${name} must be true or false, not ${quote(value)}`);
  }
}

/** Newline-separated lists; blank lines and `#` comment lines are dropped. */
function list(name: string): string[] {
  return core
    .getMultilineInput(name)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !s.startsWith('#'));
}

function relativePath(name: string, value: string): string {
  if (value.startsWith('/') || value.split(/[\\/]/).includes('..') || /[\0\r\n]/.test(value)) {
    throw new GateError(`input ${name} must be a path inside the repository, not ${quote(value)}`);
  }
  return value;
}

/** An artifact's name, as GitHub allows one; empty is undefined. */
function artifactName(name: string): string | undefined {
  const artifact = core.getInput(name) || undefined;
  // GitHub refuses these in artifact names too.
  // eslint-disable-next-line no-control-regex -- control characters are among them
  if (artifact !== undefined && (artifact.length > 256 || /[\0-\x1f"':<>|*?\\/]/.test(artifact))) {
    throw new GateError(`input ${name} must be an artifact's name, not ${quote(artifact)}`);
  }
  return artifact;
}

export function readInputs(): ActionInputs {
  // Empty: the default, the checkout's test folder's ledger (main.ts resolves it there).
  const given = core.getInput('ledger');
  const ledger = given === '' ? '' : relativePath('ledger', given);
  const junit = list('junit');
  if (junit.length === 0) {
    throw new GateError(
      'input junit is empty: give the JUnit report files as newline-separated globs',
    );
  }
  if (junit.every((g) => g.startsWith('!'))) {
    throw new GateError(
      'input junit holds only exclusions (`!pattern`): give the report files to exclude them from',
    );
  }
  const collected = core.getInput('collected') || undefined;
  const agentAuthors = parsePatterns(list('agent-authors'));
  const baseRef = core.getInput('base-ref') || undefined;
  if (baseRef !== undefined && (baseRef.startsWith('-') || /[\s\0]/.test(baseRef))) {
    throw new GateError(`input base-ref must be a git ref or sha, not ${quote(baseRef)}`);
  }
  const token = core.getInput('token');
  if (token === '') throw new GateError('input token is empty: give it ${{ github.token }}');
  const checkName = core.getInput('check-name') || 'ledger-gate';
  if (checkName.length > 100 || /[\r\n]/.test(checkName)) {
    throw new GateError(
      `input check-name must be one line of at most 100 characters, not ${quote(checkName)}`,
    );
  }
  const age = core.getInput('quarantine-max-age-days');
  const shards = core.getInput('reports-expected');
  const artifact = artifactName('artifact');
  return {
    ledger,
    junit,
    collected,
    production: list('production-paths'),
    goldens: list('golden-paths'),
    testPaths: list('test-paths'),
    harnessPaths: list('harness-paths'),
    draftPaths: list('draft-paths'),
    agentWritePaths: list('agent-write-paths'),
    reportsExpected: shards === '' ? undefined : wholeNumber('reports-expected', shards, 100000),
    agentAuthors: agentAuthors.length > 0 ? agentAuthors : [...DEFAULT_AGENT_AUTHORS],
    baseRef,
    token,
    checkName,
    failOn: oneOf('fail-on', core.getInput('fail-on') || 'review', ['review', 'reject', 'never']),
    maxAnnotations: wholeNumber(
      'max-annotations',
      core.getInput('max-annotations') || '1000',
      100000,
    ),
    quarantineMaxAgeDays:
      age === '' ? undefined : wholeNumber('quarantine-max-age-days', age, 100000),
    expect: oneOf('expect', core.getInput('expect') || 'all', ['all', 'ran-files']),
    artifact,
    jobSummary: yesNo('job-summary', true),
    jsonReport: oneOf('json-report', core.getInput('json-report') || 'auto', [
      'auto',
      'always',
      'never',
    ]),
    gaming: oneOf('gaming', core.getInput('gaming') || 'review', ['review', 'reject']),
    conduct: core.getInput('conduct').trim() || undefined,
    draftJunit: list('draft-junit'),
    draftArtifact: artifactName('draft-artifact'),
    ...strongerInputs(list, yesNo, artifactName),
  };
}
