// workflow_run mode: the privileged run on the base branch judges what an untrusted pull request
// run produced. It finds the pull request (a fork's run names none), downloads the run's
// artifact (a zip: untrusted data, read by the strict reader), and checks the pull request's
// head out into a worktree of its own, whose files are read as data; nothing of it is run.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GateError } from '../../types.js';
import type { WorkflowRunFacts } from './event.js';
import { apiError, type Api, type Repo } from './client.js';
import { fetchFor } from './proxy.js';
import type { ApiPull } from './rest.js';
import { zipEntries, type ZipLimits } from './zip.js';

/** An artifact zip is held in memory while it is read: past this it is refused unread. */
export const ARTIFACT_ZIP_BYTES = 512 * 1024 * 1024;
export const ARTIFACT_LIMITS: ZipLimits = {
  entries: 10_000,
  totalBytes: 1024 * 1024 * 1024,
  fileBytes: 256 * 1024 * 1024,
};

export interface PullOfRun {
  number: number;
  author?: string;
  /** The author's account type (`Bot` counts as an agent, §3). */
  authorType?: string;
  baseSha: string;
  /** The pull request's head now; it may have moved on from the run's head. */
  headSha: string;
}

/**
 * The pull request the run was for. Same-repository runs name it; a fork's run does not, so it
 * is looked up by the head commit, then by `owner:branch`. More than one candidate: fail closed.
 */
export async function findPullOfRun(
  api: Api,
  repo: Repo,
  run: WorkflowRunFacts,
  headSha: string,
): Promise<PullOfRun> {
  const found = new Map<number, ApiPull>();
  const keep = (p: ApiPull) => {
    if (p.state === undefined || p.state === 'open') found.set(p.number, p);
  };
  try {
    for (const number of run.pulls) {
      keep(
        (
          await api.request<ApiPull>('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
            ...repo,
            pull_number: number,
          })
        ).data,
      );
    }
    if (found.size === 0) {
      const byCommit = await api.request<ApiPull[]>(
        'GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls',
        {
          ...repo,
          commit_sha: headSha,
          per_page: 100,
        },
      );
      byCommit.data.forEach((p) => keep(p as ApiPull));
    }
    if (found.size === 0 && run.headLabel) {
      const byHead = await api.paginate<ApiPull>('GET /repos/{owner}/{repo}/pulls', {
        ...repo,
        head: run.headLabel,
        state: 'open',
        per_page: 100,
      });
      byHead.forEach((p) => keep(p as ApiPull));
    }
  } catch (e) {
    throw apiError(`finding the pull request of run ${run.id}`, e);
  }
  const all = [...found.values()];
  const exact = all.filter((p) => p.head.sha === headSha);
  const pick = exact.length > 0 ? exact : all;
  if (pick.length === 0) {
    throw new GateError(
      `no open pull request has the head ${headSha.slice(0, 12)} of run ${run.id}${run.headLabel ? ` (${run.headLabel})` : ''}: nothing to judge`,
    );
  }
  if (pick.length > 1) {
    const numbers = pick.map((p) => `#${p.number}`).join(', ');
    throw new GateError(
      `run ${run.id} matches several pull requests (${numbers}): which one to judge is ambiguous, so nothing is`,
    );
  }
  const p = pick[0];
  return {
    number: p.number,
    author: p.user?.login ?? undefined,
    authorType: p.user?.type ?? undefined,
    baseSha: p.base.sha,
    headSha: p.head.sha,
  };
}

interface ArtifactInfo {
  id: number;
  name: string;
  size_in_bytes: number;
  expired: boolean;
  expires_at?: string | null;
}

/**
 * Downloads the run's artifact and writes its files into a new folder under `tempRoot`.
 * The API answers the download with a redirect to a storage URL that is fetched without the
 * token (it carries its own signature; the token must not leave GitHub).
 */
export async function downloadArtifact(
  api: Api,
  repo: Repo,
  runId: number,
  name: string,
  tempRoot: string,
): Promise<string> {
  let artifacts: ArtifactInfo[];
  try {
    artifacts = (await api.paginate<ArtifactInfo>(
      'GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts',
      {
        ...repo,
        run_id: runId,
        per_page: 100,
      },
    )) as ArtifactInfo[];
  } catch (e) {
    throw apiError(`listing the artifacts of run ${runId}`, e);
  }
  const named = artifacts.filter((a) => a.name === name);
  if (named.length === 0) {
    const others = artifacts
      .slice(0, 10)
      .map((a) => JSON.stringify(a.name))
      .join(', ');
    throw new GateError(
      `run ${runId} has no artifact named ${JSON.stringify(name)}${others ? ` (it has ${others})` : ''}: did its upload step run?`,
    );
  }
  if (named.length > 1) {
    throw new GateError(
      `run ${runId} has ${named.length} artifacts named ${JSON.stringify(name)}: which one holds the reports is ambiguous`,
    );
  }
  const a = named[0];
  const expired = () =>
    new GateError(
      `the artifact ${JSON.stringify(name)} of run ${runId} has expired${a.expires_at ? ` (${a.expires_at})` : ''}: re-run that workflow to judge its reports`,
    );
  if (a.expired) throw expired();
  if (a.size_in_bytes > ARTIFACT_ZIP_BYTES) {
    throw new GateError(
      `the artifact ${JSON.stringify(name)} is ${a.size_in_bytes} bytes, over the limit of ${ARTIFACT_ZIP_BYTES}`,
    );
  }

  let zip: Buffer;
  try {
    const r = await api.request(
      'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}',
      { ...repo, artifact_id: a.id, archive_format: 'zip' },
      { redirect: 'manual', binary: true },
    );
    const status = r.status as number;
    const location = (r.headers as Record<string, string | undefined>).location;
    if (status >= 300 && status < 400 && location) zip = await fetchCapped(location);
    else if (status === 200 && Buffer.isBuffer(r.data)) zip = r.data;
    else throw new GateError(`downloading the artifact answered HTTP ${status} without a zip`);
  } catch (e) {
    if (e instanceof GateError) throw e;
    if ((e as { status?: number }).status === 410) throw expired();
    throw apiError(`downloading the artifact ${JSON.stringify(name)}`, e);
  }

  const dir = await mkdtemp(path.join(tempRoot, 'ledger-gate-artifact-'));
  for (const e of zipEntries(zip, ARTIFACT_LIMITS)) {
    const target = path.join(dir, ...e.name.split('/'));
    if (e.data === null) {
      await mkdir(target, { recursive: true });
    } else {
      await mkdir(path.dirname(target), { recursive: true });
      // A fresh folder and checked names: `wx` still refuses to write over anything.
      await writeFile(target, e.data, { flag: 'wx' });
    }
  }
  return dir;
}

/** GET a storage URL with no credentials (through the runner's proxy), refusing a body past the zip limit. */
async function fetchCapped(url: string): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetchFor(url)(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(10 * 60 * 1000),
    });
  } catch (e) {
    throw new GateError(
      `downloading the artifact from its storage URL failed: ${String((e as Error).cause ?? e).split('\n')[0]}`,
    );
  }
  if (!res.ok || !res.body) {
    throw new GateError(
      `downloading the artifact from its storage URL answered HTTP ${res.status}`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > ARTIFACT_ZIP_BYTES) {
      throw new GateError(`the artifact download is over the limit of ${ARTIFACT_ZIP_BYTES} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** A report glob or the collected file, as a path inside the artifact folder. */
export function insideArtifact(dir: string, input: string, pattern: string): string {
  // An exclusion (`!pattern`) is relative to the artifact's root too.
  if (pattern.startsWith('!')) return '!' + insideArtifact(dir, input, pattern.slice(1));
  if (pattern.startsWith('/') || pattern.split(/[\\/]/).includes('..')) {
    throw new GateError(
      `input ${input} must be relative to the artifact's root in workflow_run mode, not ${JSON.stringify(pattern.slice(0, 80))}`,
    );
  }
  return path.join(dir, pattern);
}
