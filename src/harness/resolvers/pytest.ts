// pytest's own settings in the base: `addopts` (its `-p MODULE`, `-c FILE`), `pythonpath` (where
// a `-p` module is looked up), `pytest_plugins` in conftests, and tox's `commands =`. A plugin
// module a config names is harness wherever it lives, production folders included.
import { pyModule, pytest, shellStep } from '../programs.js';
import { parseShell } from '../shell.js';
import { dirOf } from '../paths.js';
import { emptyStep, mergeStep, type Follow, type Step, type TreeView } from '../types.js';

/** The `[section]` of an ini text, as key → value (continuation lines joined), with lines. */
function iniSection(text: string, names: string[]): Map<string, { value: string; line: number }> {
  const out = new Map<string, { value: string; line: number }>();
  let inside = false;
  let last: string | undefined;
  text.split('\n').forEach((raw, i) => {
    const h = /^\s*\[([^\]]+)\]\s*$/.exec(raw);
    if (h) {
      inside = names.includes(h[1].trim());
      last = undefined;
      return;
    }
    if (!inside || /^\s*[#;]/.test(raw)) return;
    if (/^\s+\S/.test(raw) && last !== undefined) {
      out.get(last)!.value += `\n${raw.trim()}`;
      return;
    }
    const kv = /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(raw.trim());
    if (kv) {
      last = kv[1];
      out.set(kv[1], { value: kv[2], line: i + 1 });
    }
  });
  return out;
}

/** `[tool.pytest.ini_options]` / `[tool.pytest]` of a pyproject: the keys we read, as text. */
function tomlPytest(text: string): Map<string, { value: string; line: number }> {
  const out = new Map<string, { value: string; line: number }>();
  let inside = false;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const h = /^\s*\[([^\]]+)\]\s*$/.exec(raw);
    if (h) {
      inside = /^tool\.pytest(?:\.ini_options)?$/.test(h[1].replace(/["'\s]/g, ''));
      continue;
    }
    if (!inside) continue;
    const kv = /^\s*(addopts|pythonpath)\s*=\s*(.*)$/.exec(raw);
    if (!kv) continue;
    let value = kv[2];
    // An array may run over several lines.
    if (value.trim().startsWith('['))
      while (!value.includes(']') && i + 1 < lines.length) value += ` ${lines[++i]}`;
    const strings = [...value.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]);
    out.set(kv[1], { value: strings.join(' '), line: i + 1 });
  }
  return out;
}

export function pytestConfigStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  const settings = f.path.endsWith('.toml')
    ? tomlPytest(text)
    : iniSection(text, f.path.endsWith('setup.cfg') ? ['tool:pytest'] : ['pytest']);
  const dir = dirOf(f.path);
  const roots = (settings.get('pythonpath')?.value ?? '')
    .split(/\s+/)
    .filter((r) => r !== '')
    .map((r) => (dir ? `${dir}/${r}` : r));
  const addopts = settings.get('addopts');
  if (addopts) {
    const c = { file: f.path, cwd: dir, via: `${f.via} addopts`, tree };
    for (const cmd of parseShell(`pytest ${addopts.value.replace(/\n/g, ' ')}`))
      pytest(cmd.words.slice(1), c, s, addopts.line, roots);
  }
  return s;
}

/** `pytest_plugins = ["a.b", …]` in a conftest: each module is a plugin, harness. */
export function conftestStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^pytest_plugins\s*(?::[^=]*)?[+]?=/.test(lines[i])) continue;
    let rhs = lines[i].slice(lines[i].indexOf('=') + 1);
    let j = i;
    const open = (x: string) => (x.match(/[[(]/g) ?? []).length - (x.match(/[\])]/g) ?? []).length;
    while (open(rhs) > 0 && j + 1 < lines.length) rhs += ` ${lines[++j]}`;
    const strings = [...rhs.matchAll(/"([^"\\]*)"|'([^'\\]*)'/g)].map((m) => m[1] ?? m[2]);
    const rest = rhs.replace(/"[^"\\]*"|'[^'\\]*'/g, '').replace(/#.*$/gm, '');
    if (/[A-Za-z_]/.test(rest))
      s.unresolved.push({
        file: f.path,
        line: i + 1,
        what: 'pytest_plugins holds a name that is not a string literal',
      });
    const c = { file: f.path, cwd: '', via: `${f.via} pytest_plugins`, tree };
    // Under the default import mode a conftest's folder is on sys.path too.
    for (const m of strings) pyModule(c, s, m, `pytest_plugins ${m}`, ['src', dirOf(f.path)]);
    i = j;
  }
  return s;
}

/** tox: each environment's `commands =` lines run as shell (`{posargs}` and the like dropped). */
export function toxStep(f: Follow, text: string, tree: TreeView): Step {
  const s = emptyStep();
  const dir = dirOf(f.path);
  const sections = new Set<string>(['testenv', ...(f.args ?? []).map((e) => `testenv:${e}`)]);
  // Without -e, every environment of the envlist may run.
  if ((f.args ?? []).length === 0)
    for (const m of text.matchAll(/^\s*\[(testenv:[^\]]+)\]/gm)) sections.add(m[1].trim());
  for (const name of sections) {
    const cmds = iniSection(text, [name]).get('commands');
    if (!cmds) continue;
    const body = cmds.value.replace(/\{[^}]*\}/g, '');
    mergeStep(
      s,
      shellStep(
        body,
        { file: f.path, cwd: dir, via: `${f.via} [${name}] commands`, tree },
        cmds.line - 1,
      ),
    );
  }
  return s;
}
