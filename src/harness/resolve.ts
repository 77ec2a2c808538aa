// The harness as the base's CI runs it (CONTRACT §3 "Harness reached from the base"): starting
// from the base's workflows and the runner configs it holds, each file is read by the resolver
// of its kind (one per runner or tool, src/harness/resolvers/), which names the paths it reaches
// and the files to read next. Only the base's files are read, never the change's: what the
// change ships cannot vouch for itself. Bounded: at most MAX_READS files of MAX_BYTES each;
// past either, the rest is said as not followed.
import { makefileStep } from './resolvers/makefile.js';
import { npmScriptsStep, npmrcStep, yarnrcStep } from './resolvers/npm.js';
import { conftestStep, pytestConfigStep, toxStep } from './resolvers/pytest.js';
import {
  jsConfigStep,
  nodeScriptStep,
  pythonScriptStep,
  tsconfigStep,
} from './resolvers/js-config.js';
import { workflowStep } from './resolvers/workflow.js';
import { shellStep } from './programs.js';
import { dirOf } from './paths.js';
import { jobOf } from './types.js';
import type { FileKind, Follow, Reach, Step, TestRun, TreeView, Unresolved } from './types.js';

export const MAX_READS = 300;
export const MAX_BYTES = 512 * 1024;

export interface BaseFiles {
  files: readonly string[];
  /** A file's text at the base; null when absent. */
  read(path: string): Promise<string | null>;
}

export interface HarnessResolution {
  /** Each path (or `path#key`) once, with the first way it was reached. */
  reach: Reach[];
  unresolved: Unresolved[];
  /** Every test runner command reached, each once (decision/draft-run.ts reads them). */
  runs: TestRun[];
  /** Files read. */
  read: number;
}

type Resolver = (f: Follow, text: string, tree: TreeView) => Step;

/** One resolver per kind of file. */
export const RESOLVERS: Record<FileKind, Resolver> = {
  workflow: workflowStep,
  shell: (f, text, tree) =>
    shellStep(
      text,
      { file: f.path, cwd: f.cwd ?? dirOf(f.path), via: f.via, tree },
      f.text !== undefined ? (f.line ?? 1) - 1 : 0,
    ),
  makefile: makefileStep,
  'npm-scripts': npmScriptsStep,
  npmrc: npmrcStep,
  yarnrc: yarnrcStep,
  'pytest-config': pytestConfigStep,
  conftest: conftestStep,
  tox: toxStep,
  'jest-config': jsConfigStep,
  'vitest-config': jsConfigStep,
  'mocha-config': jsConfigStep,
  tsconfig: tsconfigStep,
  'node-script': nodeScriptStep,
  'python-script': pythonScriptStep,
};

const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** Where resolution starts: the base's workflows, `npm test`, and every runner config it has. */
export function seeds(files: readonly string[]): Follow[] {
  const out: Follow[] = [];
  for (const p of files) {
    const b = base(p);
    const at = (kind: FileKind, args?: string[]) => out.push({ kind, path: p, via: p, args });
    if (/^\.github\/workflows\/[^/]+\.ya?ml$/.test(p)) at('workflow');
    else if (p === 'package.json') at('npm-scripts', ['pretest', 'test', 'posttest']);
    else if (['pytest.ini', '.pytest.ini', 'pyproject.toml', 'setup.cfg', 'tox.ini'].includes(b))
      at('pytest-config');
    else if (b === 'conftest.py') at('conftest');
    else if (/^jest\.config\.[cm]?[jt]s$|^jest\.config\.json$/.test(b)) at('jest-config');
    else if (/^(?:vitest|vite)\.config\.[cm]?[jt]s$|^vitest\.workspace\.[cm]?[jt]s$/.test(b))
      at('vitest-config');
    else if (/^\.mocharc\.(?:[cm]?js|ya?ml|jsonc?)$/.test(b)) at('mocha-config');
    else if (p === '.npmrc') at('npmrc');
    else if (p === '.yarnrc.yml') at('yarnrc');
  }
  return out;
}

export function treeView(files: readonly string[]): TreeView {
  const set = new Set(files);
  const dirs = new Set<string>();
  for (const f of files) for (let d = dirOf(f); d !== '' && !dirs.has(d); d = dirOf(d)) dirs.add(d);
  return { files, has: (p) => set.has(p), isDir: (p) => dirs.has(p) };
}

export async function resolveHarness(b: BaseFiles): Promise<HarnessResolution> {
  const tree = treeView(b.files);
  const reach = new Map<string, Reach>();
  const unresolved: Unresolved[] = [];
  const runs = new Map<string, TestRun>();
  const done = new Set<string>();
  const queue = seeds(b.files);
  let read = 0;
  const cache = new Map<string, string | null>();
  while (queue.length > 0) {
    const f = queue.shift()!;
    // Once per workflow job too: the test commands a file runs are judged per job that runs it.
    const key = `${f.kind}\0${f.path}\0${(f.args ?? []).join(',')}\0${f.cwd ?? ''}\0${f.text ?? ''}\0${jobOf(f.via) ?? ''}\0${f.extra?.text ?? ''}`;
    if (done.has(key)) continue;
    done.add(key);
    let text = f.text ?? cache.get(f.path);
    if (text === undefined) {
      if (read >= MAX_READS) {
        unresolved.push({ file: f.path, what: `not read: more than ${MAX_READS} files reached` });
        continue;
      }
      read++;
      text = await b.read(f.path).catch(() => null);
      if (text !== null && text.length > MAX_BYTES) {
        unresolved.push({ file: f.path, what: `not read: larger than ${MAX_BYTES} bytes` });
        text = null;
      }
      cache.set(f.path, text);
    }
    if (text === null) continue;
    const step = RESOLVERS[f.kind](f, text, tree);
    for (const r of step.reach) {
      const id = r.key === undefined ? r.path : `${r.path}#${r.key}`;
      if (!reach.has(id)) reach.set(id, r);
    }
    unresolved.push(...step.unresolved);
    for (const r of step.runs ?? []) {
      const id = `${r.job ?? ''}\0${r.file}\0${r.line}\0${r.cwd}\0${r.runner}\0${r.args.join('\0')}`;
      if (!runs.has(id)) runs.set(id, r);
    }
    queue.push(...step.follow);
  }
  return {
    reach: [...reach.values()],
    unresolved: dedupe(unresolved),
    runs: [...runs.values()],
    read,
  };
}

function dedupe(list: Unresolved[]): Unresolved[] {
  const seen = new Set<string>();
  return list.filter((u) => {
    const k = `${u.file}\0${u.line}\0${u.what}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
