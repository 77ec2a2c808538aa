// The hostile-input corpus (__fixtures__/hostile/<case>/): each case is a repository (repo/),
// an expect.json, and sometimes a recipe.json for what cannot be committed (symlinks, FIFOs,
// sparse or huge files, files planted outside the repository). A case is materialised into a
// temp folder and the built CLI runs on it as a child process with a time and memory bound.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  ftruncateSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cliNode } from './fake-github-runner.js';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const CORPUS = path.join(ROOT, '__fixtures__', 'hostile');
/** The built CLI; LEDGER_GATE_CLI points at another build (a local one before dist/ is rebuilt). */
export const CLI = process.env.LEDGER_GATE_CLI || path.join(ROOT, 'dist', 'cli', 'index.js');
/** The child is killed past this: a hang is a failure, never a wait. */
export const KILL_AFTER_MS = 20_000;
export const HEAP_MB = 512;

export interface Expect {
  /** Expected exit status of `ledger-gate check`. */
  exit: number;
  /** A finding with this rule must be present. */
  rule?: string;
  /** …naming this file (null: not asserted). */
  file?: string | null;
  /** …at this line. */
  line?: number;
  /** …with a message holding this text (null: not asserted). */
  message?: string | null;
  /** …about this test id. */
  id?: string;
  /** Other rules that must also be present. */
  alsoRules?: string[];
  /** counts.cases. */
  cases?: number;
  /** Arguments after `check` (default `--junit reports/*.xml`); `--json` is always added. */
  args?: string[];
  /** Check the Markdown summary renders inert (names that try to inject). */
  inert?: boolean;
  note: string;
}

export type Step =
  | { symlink: string; to: string }
  | { fifo: string }
  | { dir: string }
  | { sparse: string; bytes: number }
  | { repeat: string; head: string; body: string; times: number; tail: string }
  | { append: string; body: string; times: number }
  | { outside: string; text: string }
  | { write: string; text: string; encoding: 'utf8' | 'utf16le' };

export interface HostileCase {
  name: string;
  dir: string;
  expect: Expect;
  steps: Step[];
}

/** Entries of the corpus folder that are not cases. */
export const NOT_CASES = ['generate.py'];

/**
 * Every case of the corpus. An entry that is neither a case (a folder with expect.json) nor
 * listed in NOT_CASES throws: a case added without its expectations must fail, not go untested.
 */
export function loadCorpus(): HostileCase[] {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((d) => {
      if (NOT_CASES.includes(d.name)) return false;
      if (d.isDirectory() && existsSync(path.join(CORPUS, d.name, 'expect.json'))) return true;
      throw new Error(
        `__fixtures__/hostile/${d.name} is not a case (no expect.json) nor in NOT_CASES`,
      );
    })
    .map((d) => {
      const dir = path.join(CORPUS, d.name);
      const recipe = path.join(dir, 'recipe.json');
      return {
        name: d.name,
        dir,
        expect: JSON.parse(readFileSync(path.join(dir, 'expect.json'), 'utf8')) as Expect,
        steps: existsSync(recipe)
          ? (JSON.parse(readFileSync(recipe, 'utf8')) as { steps: Step[] }).steps
          : [],
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface Workspace {
  /** Holds repo/, outside/ and out/. */
  base: string;
  repo: string;
  /** A folder beside the repository: what a hostile patch points at. */
  outside: string;
  out: string;
  /** Planted in outside/secret.txt and in outside files: must never reach the output. */
  secret: string;
  cleanup(): void;
}

/** Copies the case into a temp workspace and applies its recipe. */
export function materialise(c: HostileCase): Workspace {
  const base = mkdtempSync(path.join(tmpdir(), `hostile-${c.name}-`));
  const repo = path.join(base, 'repo');
  const outside = path.join(base, 'outside');
  const out = path.join(base, 'out');
  mkdirSync(repo);
  mkdirSync(outside);
  mkdirSync(out);
  const src = path.join(c.dir, 'repo');
  if (existsSync(src)) cpSync(src, repo, { recursive: true });
  const secret = `HOSTILE-SECRET-${randomBytes(8).toString('hex')}`;
  writeFileSync(path.join(outside, 'secret.txt'), `${secret}\n`);
  const sub = (s: string) => s.replaceAll('$OUTSIDE', outside).replaceAll('$SECRET', secret);
  const inRepo = (rel: string) => {
    const abs = path.join(repo, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    return abs;
  };
  for (const step of c.steps) {
    if ('symlink' in step) symlinkSync(sub(step.to), inRepo(step.symlink));
    else if ('fifo' in step) execFileSync('mkfifo', [inRepo(step.fifo)]);
    else if ('dir' in step) mkdirSync(inRepo(step.dir), { recursive: true });
    else if ('sparse' in step) {
      const fd = openSync(inRepo(step.sparse), 'w');
      ftruncateSync(fd, step.bytes);
      closeSync(fd);
    } else if ('repeat' in step) {
      const fd = openSync(inRepo(step.repeat), 'w');
      writeSync(fd, step.head);
      writeRepeated(fd, step.body, step.times);
      writeSync(fd, step.tail);
      closeSync(fd);
    } else if ('append' in step) {
      const fd = openSync(inRepo(step.append), 'a');
      writeRepeated(fd, step.body, step.times);
      closeSync(fd);
    } else if ('outside' in step) {
      const abs = path.join(outside, step.outside);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, sub(step.text));
    } else if ('write' in step) {
      writeFileSync(inRepo(step.write), Buffer.from(step.text, step.encoding));
    }
  }
  return {
    base,
    repo,
    outside,
    out,
    secret,
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** `body` written `times` times, in blocks of about 1 MB: a 200 MB file never sits in memory here. */
function writeRepeated(fd: number, body: string, times: number): void {
  const one = Buffer.from(body);
  const per = Math.max(1, Math.floor((1 << 20) / one.length));
  const block = Buffer.concat(Array.from({ length: per }, () => one));
  let left = times;
  for (; left >= per; left -= per) writeSync(fd, block);
  for (; left > 0; left--) writeSync(fd, one);
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs the built CLI in `cwd` under a heap limit, killed after KILL_AFTER_MS. */
export function runCli(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(cliNode(), [`--max-old-space-size=${HEAP_MB}`, CLI, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, KILL_AFTER_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    });
  });
}

/** Lines a workflow runner would execute as commands (`::cmd::` at a line start, `##[` anywhere). */
export function workflowCommandLines(log: string): string[] {
  return log.split('\n').filter((l) => /^\s*::/.test(l) || l.includes('##['));
}

/** What an event case (event-*) expects of the event reader and the action. */
export interface EventExpect {
  event: string;
  /** Text the one-line error holds; null when the payload is valid. */
  error: string | null;
  /** Either outcome is fine, but an error must be a GateError. */
  errorAny?: boolean;
  headSha?: string;
  base?: string;
  noPr?: boolean;
  note: string;
}

/** The event cases of the corpus, each with its payload file (event.json). */
export function eventCases(): { name: string; payloadFile: string; expect: EventExpect }[] {
  return loadCorpus()
    .filter((c) => c.name.startsWith('event-'))
    .map((c) => ({
      name: c.name,
      payloadFile: path.join(c.dir, 'event.json'),
      expect: c.expect as unknown as EventExpect,
    }));
}
