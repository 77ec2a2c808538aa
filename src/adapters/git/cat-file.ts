// Files at commits through one long-lived `git cat-file --batch` per repository: a run reads a
// dozen (the base's ledger, CI configs, manifests, an agent's files), and each process is a
// fork of this one (~10-25 ms each on a slow machine). A process is started on the first read,
// answers reads in order, and is ended after a short idle stretch; while it owes no answer it
// is unreferenced, so it never holds this process open (the action ends naturally,
// adapters/actions/exit.ts, with it still alive).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import { GateError } from '../../types.js';

/**
 * What --batch says of one name: a blob's text, another kind of object (`type` as git names
 * it: tree, commit, tag), or nothing; each with its object id (`oid`).
 */
export type BatchAnswer =
  { kind: 'blob'; oid: string; text: string } | { kind: 'other'; type: string; oid: string } | null;

/** An idle process is ended after this long without a request. */
export const IDLE_MS = 500;

/** `<object name> <type> <size>`, the line --batch writes before an object's bytes. */
const HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) ([a-z]+) (\d+)$/;

interface Owed {
  name: string;
  resolve(a: BatchAnswer): void;
  reject(e: unknown): void;
}

/** The running process of each repository (by cwd); one that is ending is no longer here. */
const running = new Map<string, Batch>();

/** One `git cat-file --batch` process and the answers it owes, in the order asked. */
class Batch {
  private readonly child: ChildProcessWithoutNullStreams;
  private owed: Owed[] = [];
  private chunks: Buffer[] = [];
  private have = 0;
  /** Bytes needed before the next answer can be read (its header, then all its bytes). */
  private want = 1;
  private err = '';
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly cwd: string) {
    // The environment as the other git calls (@actions/exec) pass it: this realm's.
    const child = spawn('git', ['cat-file', '--batch'], { cwd, env: process.env });
    this.child = child;
    child.stdout.on('data', (d: Buffer) => this.take(d));
    child.stderr.on('data', (d: Buffer) => (this.err += d.toString('utf8')));
    child.stdin.on('error', () => undefined); // a process that died: 'close' says so
    child.on('error', (e) => this.end(`could not start git: ${e.message}`));
    child.on('close', (code) => this.end(`git exited with ${code}`));
  }

  read(name: string): Promise<BatchAnswer> {
    return new Promise((resolve, reject) => {
      this.owed.push({ name, resolve, reject });
      if (this.idle) clearTimeout(this.idle);
      this.idle = undefined;
      this.hold(true);
      this.child.stdin.write(`${name}\n`);
    });
  }

  /** Whether this process may keep Node's event loop alive: only while it owes answers. */
  private hold(on: boolean): void {
    // The pipes are sockets (net.Socket), which Node's types call Readable.
    const pipes = [this.child.stdout, this.child.stderr] as unknown as Socket[];
    for (const h of [this.child, ...pipes]) {
      if (on) h.ref();
      else h.unref();
    }
  }

  private take(d: Buffer): void {
    this.chunks.push(d);
    this.have += d.length;
    while (this.owed.length > 0 && this.have >= this.want) {
      const buf = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
      this.chunks = [buf];
      const nl = buf.indexOf(10);
      if (nl < 0) {
        this.want = this.have + 1;
        return;
      }
      const head = buf.toString('utf8', 0, nl);
      const { name } = this.owed[0];
      let answer: BatchAnswer = null;
      let used = nl + 1;
      if (head !== `${name} missing` && head !== `${name} ambiguous`) {
        const m = HEADER.exec(head);
        if (!m) return this.fail(`unexpected answer ${JSON.stringify(head.slice(0, 80))}`);
        const size = Number(m[3]);
        used += size + 1; // --batch ends the bytes with a \n
        if (this.have < used) {
          this.want = used;
          return;
        }
        answer =
          m[2] === 'blob'
            ? { kind: 'blob', oid: m[1], text: buf.toString('utf8', nl + 1, nl + 1 + size) }
            : { kind: 'other', type: m[2], oid: m[1] };
      }
      const rest = buf.subarray(used);
      this.chunks = rest.length ? [rest] : [];
      this.have = rest.length;
      this.want = 1;
      this.owed.shift()!.resolve(answer);
    }
    if (this.owed.length === 0) this.rest();
  }

  /** Nothing owed: let go of the event loop, and end the process if nothing more is asked. */
  private rest(): void {
    this.hold(false);
    this.idle = setTimeout(() => this.retire(), IDLE_MS).unref();
  }

  /**
   * Takes no more reads: a later read starts a new process. What is owed is still answered
   * (git reads its input to the end before it exits).
   */
  retire(): void {
    if (running.get(this.cwd) === this) running.delete(this.cwd);
    if (this.idle) clearTimeout(this.idle);
    this.child.stdin.end();
  }

  /** An answer that cannot be read: whatever is owed fails, and the process is ended. */
  private fail(why: string): void {
    this.end(why);
    this.child.kill();
  }

  /** The process is gone or unusable: it takes no more reads, and what it owes fails. */
  private end(why: string): void {
    if (running.get(this.cwd) === this) running.delete(this.cwd);
    if (this.idle) clearTimeout(this.idle);
    const owed = this.owed;
    this.owed = [];
    const detail = this.err.trim().split('\n')[0] || why;
    for (const o of owed) o.reject(new GateError(`git cat-file ${o.name} failed: ${detail}`));
  }
}

/**
 * What `git cat-file --batch` in `cwd` answers for `name` (`<commit>:<path>`, `<ref>^{commit}`,
 * an object id): a blob's bytes as stored (no textconv, no filters) decoded as UTF-8, `other`
 * for a tree, a commit or a tag, null for a name git cannot find. Throws GateError when git
 * cannot answer (not a repository). `name` must hold no line break: --batch reads one name per
 * line.
 */
export function catFile(cwd: string, name: string): Promise<BatchAnswer> {
  let batch = running.get(cwd);
  if (!batch) running.set(cwd, (batch = new Batch(cwd)));
  return batch.read(name);
}

/**
 * Ends `cwd`'s process once it has answered what it owes, so the next read starts a new one.
 * For after a `git fetch`: a process started before it need not see the refs and packs it
 * brought.
 */
export function forget(cwd: string): void {
  running.get(cwd)?.retire();
}
