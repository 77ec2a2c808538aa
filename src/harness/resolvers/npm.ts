// What a package manager runs and reads: the `scripts` entries a command names (each with its
// `pre`/`post` scripts, each read as shell, so `npm test` → `npm run test:unit` → its script is
// followed), and the files it reads before it runs one: `.npmrc` (`node-options` preloads a
// module into every node it starts, `script-shell` runs every script) and `.yarnrc.yml`.
import { envStep, shellStep } from '../programs.js';
import { dirOf, repoPath } from '../paths.js';
import { emptyStep, mergeStep, type Follow, type Step, type TreeView } from '../types.js';

export function npmScriptsStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  const dir = dirOf(f.path);
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch {
    s.unresolved.push({
      file: f.path,
      what: 'package.json does not parse: its scripts are not followed',
    });
    s.reach.push({ path: f.path, via: f.via });
    return s;
  }
  const scripts = (pkg as { scripts?: unknown })?.scripts;
  for (const name of f.args ?? []) {
    // A name with a dot cannot be a key path (`scripts.a.b`): the whole file counts then.
    if (name.includes('.')) s.reach.push({ path: f.path, via: `${f.via} (scripts["${name}"])` });
    else s.reach.push({ path: f.path, key: `scripts.${name}`, via: f.via });
    const body =
      scripts && typeof scripts === 'object'
        ? (scripts as Record<string, unknown>)[name]
        : undefined;
    if (typeof body !== 'string') continue;
    const full = f.extra?.script === name ? `${body} ${f.extra.text}` : body;
    mergeStep(
      s,
      shellStep(full, { file: f.path, cwd: dir, via: `${f.via} → scripts.${name}`, tree }),
    );
  }
  return s;
}

export function npmrcStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  const c = { file: f.path, cwd: '', via: f.via, tree };
  text.split('\n').forEach((raw, i) => {
    const m = /^\s*([\w-]+)\s*=\s*(.*?)\s*$/.exec(raw);
    if (!m) return;
    const [key, value] = [m[1].toLowerCase(), m[2].replace(/^["']|["']$/g, '')];
    if (value.includes('${')) {
      s.unresolved.push({
        file: f.path,
        line: i + 1,
        what: `${key}: a value built from variables`,
      });
      return;
    }
    if (key === 'node-options') envStep({ NODE_OPTIONS: value }, c, s, i + 1);
    else if (
      ['script-shell', 'globalconfig', 'userconfig', 'init-module', 'onload-script'].includes(key)
    ) {
      const p = repoPath('', value);
      if (p !== null) s.reach.push({ path: p, via: `${f.via} (${key})` });
    }
  });
  return s;
}

export function yarnrcStep(f: Follow, text: string): Step {
  const s = emptyStep();
  text.split('\n').forEach((raw) => {
    const m =
      /^\s*(?:-\s*)?(yarnPath|path|injectEnvironmentFiles)\s*:\s*["']?([^"'#]+?)["']?\s*$/.exec(
        raw,
      );
    if (!m) return;
    const p = repoPath(dirOf(f.path), m[2]);
    if (p !== null) s.reach.push({ path: p, via: `${f.via} (${m[1]})` });
  });
  return s;
}
