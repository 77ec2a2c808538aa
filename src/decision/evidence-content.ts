// What a commit did inside a shared config file or a workflow, compared as text: only the
// test-settings key of a `GLOB#KEY` harness entry counts (a dependency bump in package.json
// is not a harness change, its "jest" key is), and a workflow edit that only moves `uses:`
// pins is a dependency bot's. Pure: the texts come from git; anything that does not parse
// counts as changed (fail closed).

/** A value no text yields: two unreadable versions never compare equal. */
const UNREADABLE = (side: string) => `\0unreadable ${side}`;

/**
 * The test settings `key` holds in a file's text, as one comparable string: '' when the file
 * or the key is absent. `.json` files take a dotted key path, `.toml` files a table (and its
 * sub-tables and dotted keys), `.cfg`/`.ini` files a section (and `KEY:…` sub-sections).
 */
export function settingsOf(file: string, key: string, text: string | null, side: string): string {
  if (text === null) return '';
  if (file.endsWith('.json')) return jsonKey(text, key, side);
  if (file.endsWith('.toml')) return tomlTable(text, key);
  if (file.endsWith('.cfg') || file.endsWith('.ini')) return iniSection(text, key);
  return UNREADABLE(side);
}

function jsonKey(text: string, key: string, side: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return UNREADABLE(side);
  }
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
    if (!Object.hasOwn(value, part)) return '';
    value = (value as Record<string, unknown>)[part];
  }
  return JSON.stringify(value) ?? '';
}

/** A TOML key path, quotes dropped and dots spaced out: `"tool" . pytest` → `tool.pytest`. */
function tomlPath(raw: string): string {
  return raw
    .split('.')
    .map((s) => s.trim().replace(/^["']|["']$/g, ''))
    .join('.');
}

const under = (path: string, key: string) => path === key || path.startsWith(key + '.');

/**
 * The lines of `key`'s table: its own and sub-tables' lines, and dotted keys that reach into
 * it from a parent table (`[tool]` then `pytest.ini_options = {…}`). A multi-line string can
 * hide a header, so a file with one is compared whole.
 */
function tomlTable(text: string, key: string): string {
  if (text.includes('"""') || text.includes("'''")) return `whole file ${text}`;
  const out: string[] = [];
  let table = '';
  let inKey = false; // the current key=value (and its continuation lines) is under `key`
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const header = /^\[\[?([^\]]+)\]\]?\s*(?:#.*)?$/.exec(t);
    if (header) {
      table = tomlPath(header[1]);
      inKey = under(table, key);
      if (inKey) out.push(`[${table}]`);
      continue;
    }
    const assign =
      /^((?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=/.exec(
        t,
      );
    if (assign) {
      const full = tomlPath(table === '' ? assign[1] : `${table}.${assign[1]}`);
      inKey = under(full, key) || under(key, full);
    }
    if (inKey) out.push(`${table}: ${t}`);
  }
  return out.join('\n');
}

/** The lines of section `key` and of its `key:…` sub-sections (tox's `[testenv:py312]`). */
function iniSection(text: string, key: string): string {
  const out: string[] = [];
  let inKey = false;
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]*)\]/.exec(line);
    if (header) {
      const name = header[1].trim();
      inKey = name === key || name.startsWith(key + ':');
    }
    if (inKey && line.trim() !== '' && !/^\s*[#;]/.test(line)) out.push(line.trimEnd());
  }
  return out.join('\n');
}

const USES = /^(\s*(?:-\s+)?uses:\s*)(['"]?)([^@\s'"]+)@([^\s'"#]+)\2(\s+#.*)?$/;

/**
 * Does the edit from `before` to `after` only move `uses: OWNER/ACTION@REF` pins (and their
 * version comments), line for line, as a dependency bot writes it? Every changed line must be
 * such a line naming the same action on both sides.
 */
export function pinsOnly(before: string | null, after: string | null): boolean {
  if (before === null || after === null) return false;
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) return false;
  let moved = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    const x = USES.exec(a[i].replace(/\r$/, ''));
    const y = USES.exec(b[i].replace(/\r$/, ''));
    if (!x || !y || x[1] !== y[1] || x[3] !== y[3]) return false;
    moved++;
  }
  return moved > 0;
}
