// A Makefile of the base: `make T` runs T's recipe and its prerequisites' (each recipe line is
// shell), with the Makefile's own simple variables expanded; `include`d files are harness and
// read the same way. No target named: the first ordinary target, as make does.
import { shellStep } from '../programs.js';
import { dirOf, repoPath } from '../paths.js';
import { emptyStep, mergeStep, type Follow, type Step, type TreeView } from '../types.js';

interface Rule {
  prereqs: string[];
  recipe: { text: string; line: number }[];
}

export function makefileStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  const dir = dirOf(f.path);
  const vars = new Map<string, string>();
  const rules = new Map<string, Rule>();
  let first: string | undefined;
  let current: Rule[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let l = lines[i];
    const at = i + 1;
    while (l.endsWith('\\') && i + 1 < lines.length) l = l.slice(0, -1) + ' ' + lines[++i];
    if (l.startsWith('\t')) {
      for (const r of current) r.recipe.push({ text: l.slice(1), line: at });
      continue;
    }
    const t = l.replace(/(^|[^\\])#.*$/, '$1').trim();
    if (t === '') continue;
    const inc = /^-?(?:include|sinclude)\s+(.+)$/.exec(t);
    if (inc) {
      for (const name of inc[1].split(/\s+/)) {
        if (name.includes('$') || name.includes('*')) {
          s.unresolved.push({
            file: f.path,
            line: at,
            what: `include ${name}: a name built from variables or a glob`,
          });
          continue;
        }
        const p = repoPath(dir, name);
        if (p === null) continue;
        s.reach.push({ path: p, via: `${f.via} (include ${name})` });
        if (tree.has(p))
          s.follow.push({ kind: 'makefile', path: p, via: `${f.via} → ${p}`, args: f.args });
      }
      current = [];
      continue;
    }
    const v = /^(?:export\s+|override\s+)?([A-Za-z_][\w.-]*)\s*(?::{1,3}=|\?=|\+=|=)\s*(.*)$/.exec(
      t,
    );
    if (v) {
      vars.set(v[1], v[2]);
      current = [];
      continue;
    }
    const r = /^([^:=]+?)\s*::?\s*([^=]*)$/.exec(t);
    if (r) {
      const [targets, rest] = [r[1].split(/\s+/), r[2]];
      const [prereqs, inline] = rest.includes(';')
        ? [rest.slice(0, rest.indexOf(';')), rest.slice(rest.indexOf(';') + 1)]
        : [rest, ''];
      current = [];
      for (const target of targets) {
        if (target.includes('%')) continue; // a pattern rule: not a target CI names
        const rule = rules.get(target) ?? { prereqs: [], recipe: [] };
        rule.prereqs.push(...prereqs.split(/\s+/).filter((p) => p !== '' && p !== '|'));
        if (inline.trim() !== '') rule.recipe.push({ text: inline, line: at });
        rules.set(target, rule);
        current.push(rule);
        if (first === undefined && !target.startsWith('.')) first = target;
      }
    }
  }
  const expand = (x: string, depth = 0): string =>
    depth > 5
      ? x
      : x.replace(/\$[({]([A-Za-z_][\w.-]*)[)}]/g, (m, name: string) => {
          if (name === 'MAKE') return 'make';
          const val = vars.get(name);
          return val === undefined ? m : expand(val, depth + 1);
        });
  const wanted = f.args && f.args.length > 0 ? f.args : first ? [first] : [];
  const seen = new Set<string>();
  const queue = [...wanted];
  while (queue.length > 0) {
    const target = queue.shift()!;
    if (seen.has(target)) continue;
    seen.add(target);
    const rule = rules.get(target);
    if (!rule) {
      if (wanted.includes(target) && !tree.has(repoPath(dir, target) ?? ''))
        s.unresolved.push({
          file: f.path,
          what: `make ${target}: no such target (a pattern or built-in rule is not followed)`,
        });
      continue;
    }
    queue.push(...rule.prereqs.map((p) => expand(p)));
    for (const step of rule.recipe) {
      const cmd = expand(step.text)
        .replace(/^[@+-]+/, '')
        .replace(/\$\$/g, '$');
      mergeStep(
        s,
        shellStep(
          cmd,
          { file: f.path, cwd: dir, via: `${f.via} → ${target}`, tree },
          step.line - 1,
        ),
      );
    }
  }
  return s;
}
