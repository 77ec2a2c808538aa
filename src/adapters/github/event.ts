// What the triggering event says: the base to diff against, the commit the check run goes on,
// the pull request (number and author). Read from GITHUB_EVENT_PATH; anything malformed stops
// the run (fail closed), and every sha is validated before it can reach git.
import { readFileSync } from 'node:fs';
import { GateError } from '../../types.js';

export interface EventFacts {
  name: string;
  /** Base to diff against (sha or ref); undefined when there is none (a first push). */
  base?: string;
  /** The commit the check run is created on: the PR head (never the merge commit), `after`, `head_sha`. */
  headSha: string;
  pr?: { number: number; author?: string; authorType?: string; headSha?: string };
  /** workflow_run: the completed run whose reports are judged; the pull request is looked up. */
  workflowRun?: WorkflowRunFacts;
  /** One-line facts for the summary. */
  notes: string[];
}

export interface WorkflowRunFacts {
  id: number;
  /** The triggering run's event: pull_request, or pull_request_review (an approval re-run). */
  event: string;
  conclusion: string;
  /** `owner:branch` of the head, to find a fork's pull request (its pull_requests list is empty). */
  headLabel?: string;
  /** Pull requests the payload names (same-repository ones only). */
  pulls: number[];
}

/** The runs whose reports the workflow_run mode judges: the untrusted pull request runs. */
const TRIGGERS = ['pull_request', 'pull_request_review'];

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const ZERO = /^0+$/;

function sha(value: unknown, where: string): string {
  if (typeof value !== 'string' || !SHA.test(value)) {
    const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 80)) : String(value);
    throw new GateError(`event payload: ${where} is not a commit sha: ${shown}`);
  }
  return value;
}

function obj(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GateError(`event payload has no ${where} object`);
  }
  return value as Record<string, unknown>;
}

/** The account type of a user object (`User`, `Bot`, `Organization`). */
function accountType(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const t = (value as Record<string, unknown>).type;
  return typeof t === 'string' && t !== '' ? t : undefined;
}

function login(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const l = (value as Record<string, unknown>).login;
  return typeof l === 'string' && l !== '' ? l : undefined;
}

const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;

/** git check-ref-format's rules for a branch name, so nothing else reaches an API query. */
export function isBranchName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !/[\0-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|^[-/.]|\/\.|[/.]$|\.lock$/.test(name)
  );
}

/** `gh-readonly-queue/<branch>/pr-<N>-<sha>`, with or without `refs/heads/`. */
export function mergeQueuePr(headRef: string): number | undefined {
  const m = /(?:^|\/)gh-readonly-queue\/.+\/pr-(\d{1,10})-[0-9a-f]{40,64}$/.exec(headRef);
  return m ? Number(m[1]) : undefined;
}

/** Facts from a parsed payload. `baseRef` (the input) overrides the event's base. */
export function eventFacts(name: string, payload: unknown, baseRef?: string): EventFacts {
  const p = obj(payload, 'top-level');
  const notes: string[] = [];
  let facts: EventFacts;
  switch (name) {
    case 'pull_request':
    case 'pull_request_target':
    case 'pull_request_review': {
      const pr = obj(p.pull_request, 'pull_request');
      const head = sha(obj(pr.head, 'pull_request.head').sha, 'pull_request.head.sha');
      const base = sha(obj(pr.base, 'pull_request.base').sha, 'pull_request.base.sha');
      const number = pr.number;
      if (typeof number !== 'number' || !Number.isInteger(number) || number <= 0) {
        throw new GateError(
          `event payload: pull_request.number is not a number: ${String(number)}`,
        );
      }
      facts = {
        name,
        base,
        headSha: head,
        pr: { number, author: login(pr.user), authorType: accountType(pr.user), headSha: head },
        notes,
      };
      break;
    }
    case 'merge_group': {
      const mg = obj(p.merge_group, 'merge_group');
      const head = sha(mg.head_sha, 'merge_group.head_sha');
      const base = sha(mg.base_sha, 'merge_group.base_sha');
      const ref = typeof mg.head_ref === 'string' ? mg.head_ref : '';
      const number = mergeQueuePr(ref);
      if (number === undefined) {
        notes.push(
          `merge group head ref ${JSON.stringify(ref.slice(0, 200))} names no pull request: no approval can apply`,
        );
      }
      facts = { name, base, headSha: head, pr: number ? { number } : undefined, notes };
      break;
    }
    case 'push': {
      const after = sha(p.after, 'after');
      if (ZERO.test(after)) throw new GateError('push event deletes the branch: nothing to judge');
      const before = sha(p.before, 'before');
      if (ZERO.test(before)) {
        notes.push('first push of this branch (before is all zeros): no base to compare with');
      }
      facts = { name, base: ZERO.test(before) ? undefined : before, headSha: after, notes };
      break;
    }
    case 'workflow_run': {
      const run = obj(p.workflow_run, 'workflow_run');
      const head = sha(run.head_sha, 'workflow_run.head_sha');
      const id = run.id;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
        throw new GateError(`event payload: workflow_run.id is not a number: ${String(id)}`);
      }
      const trigger = String(run.event);
      if (!TRIGGERS.includes(trigger)) {
        throw new GateError(
          `workflow_run of a ${JSON.stringify(trigger.slice(0, 40))} run: only runs of pull_request or pull_request_review carry a pull request's reports`,
        );
      }
      const owner = login(obj(run.head_repository ?? {}, 'workflow_run.head_repository').owner);
      const branch = typeof run.head_branch === 'string' ? run.head_branch : '';
      const conclusion = /^[a-z_]{1,30}$/.test(String(run.conclusion))
        ? String(run.conclusion)
        : 'unknown';
      const pulls = (Array.isArray(run.pull_requests) ? run.pull_requests : [])
        .map((x) => (x as Record<string, unknown> | null)?.number)
        .filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0);
      notes.push(`workflow_run: judging the reports of run ${id} (${trigger}, ${conclusion})`);
      facts = {
        name,
        headSha: head,
        workflowRun: {
          id,
          event: trigger,
          conclusion,
          // Only a real login and branch name: the label becomes an API query.
          headLabel:
            owner && GITHUB_LOGIN.test(owner) && isBranchName(branch)
              ? `${owner}:${branch}`
              : undefined,
          pulls,
        },
        notes,
      };
      break;
    }
    default:
      throw new GateError(
        `unsupported event ${JSON.stringify(name)}: run on pull_request, pull_request_review, merge_group, push or workflow_run`,
      );
  }
  if (baseRef !== undefined) {
    facts.base = baseRef;
    notes.push(`base-ref input: comparing with ${baseRef}`);
  }
  return facts;
}

/** Reads GITHUB_EVENT_NAME and the JSON at GITHUB_EVENT_PATH. */
export function readEvent(env: NodeJS.ProcessEnv, baseRef?: string): EventFacts {
  const name = env.GITHUB_EVENT_NAME;
  const file = env.GITHUB_EVENT_PATH;
  if (!name || !file)
    throw new GateError(
      'GITHUB_EVENT_NAME or GITHUB_EVENT_PATH is not set: not running in a workflow?',
    );
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new GateError(`cannot read the event payload: ${String(e).split('\n')[0]}`, file);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (e) {
    throw new GateError(
      `the event payload is not JSON: ${(e as Error).message.split('\n')[0]}`,
      file,
    );
  }
  return eventFacts(name, payload, baseRef);
}
