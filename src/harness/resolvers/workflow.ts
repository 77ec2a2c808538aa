// A GitHub Actions workflow of the base: every `run:` step is shell that CI executes, in its
// `working-directory`, with the `env:` of the workflow, the job and the step (NODE_OPTIONS and
// PYTEST_ADDOPTS load modules too). A step with a non-POSIX `shell:` is said, not followed.
import { LineCounter, parseDocument, isMap, isSeq, isScalar, type Node } from 'yaml';
import { envStep, shellStep } from '../programs.js';
import { repoPath } from '../paths.js';
import { emptyStep, mergeStep, type Follow, type Step, type TreeView } from '../types.js';

const POSIX = /^(?:bash|sh)(?:\s|$)/;

export function workflowStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) {
    s.unresolved.push({ file: f.path, what: 'the workflow does not parse as YAML' });
    return s;
  }
  const get = (n: unknown, k: string): unknown => (isMap(n) ? n.get(k, true) : undefined);
  const str = (n: unknown): string | undefined =>
    isScalar(n) && typeof n.value === 'string' ? n.value : undefined;
  const lineOf = (n: unknown) => {
    const r = (n as Node | undefined)?.range;
    return r ? lines.linePos(r[0]).line : undefined;
  };
  const envOf = (n: unknown): Record<string, string> => {
    const e = get(n, 'env');
    const out: Record<string, string> = {};
    if (isMap(e))
      for (const p of e.items) {
        const k = isScalar(p.key) ? String(p.key.value) : undefined;
        const v = isScalar(p.value) ? String(p.value.value) : undefined;
        if (k !== undefined && v !== undefined) out[k] = v;
      }
    return out;
  };
  const top = envOf(doc.contents);
  const jobs = get(doc.contents, 'jobs');
  if (!isMap(jobs)) return s;
  for (const j of jobs.items) {
    const job = j.value;
    const jobName = isScalar(j.key) ? String(j.key.value) : '?';
    const defaults = get(get(get(job, 'defaults'), 'run'), 'working-directory');
    const jobEnv = { ...top, ...envOf(job) };
    const steps = get(job, 'steps');
    if (!isSeq(steps)) continue;
    steps.items.forEach((step, i) => {
      const run = get(step, 'run');
      const body = str(run);
      if (body === undefined) return;
      const line = lineOf(run) ?? 1;
      const shell = str(get(step, 'shell'));
      if (shell !== undefined && !POSIX.test(shell)) {
        s.unresolved.push({
          file: f.path,
          line,
          what: `job ${jobName} step ${i + 1}: shell \`${shell}\` is not followed`,
        });
        return;
      }
      const wd = str(get(step, 'working-directory')) ?? str(defaults) ?? '';
      const cwd = wd.includes('${{') ? null : (repoPath('', wd) ?? '');
      if (cwd === null)
        s.unresolved.push({
          file: f.path,
          line,
          what: `job ${jobName}: working-directory ${wd} is an expression`,
        });
      const env = { ...jobEnv, ...envOf(step) };
      const c = {
        file: f.path,
        cwd: cwd ?? '',
        via: `${f.path} job ${jobName} run`,
        tree,
        env: {},
        addopts: env.PYTEST_ADDOPTS,
      };
      envStep(env, c, s, line);
      // A `run:` block scalar starts on the line after its indicator.
      mergeStep(
        s,
        shellStep(
          body.replace(/\$\{\{[^}]*\}\}/g, '$GH_EXPR'),
          c,
          isBlock(text, line) ? line : line - 1,
        ),
      );
    });
  }
  return s;
}

function isBlock(text: string, line: number): boolean {
  const l = text.split('\n')[line - 1] ?? '';
  return /:\s*[|>][-+0-9]*\s*$/.test(l);
}
