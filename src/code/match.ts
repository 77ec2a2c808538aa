// The rules against a file's facts (pure): a hit is reported only when a node the rule needs
// (the matched expression, or a binding it was resolved through) lies on an added line, at the
// first such line. A syntax error on an added line, or a cap, is a problem: the caller says
// the file could not be read (fail closed).
import type { CodeEvent, FileFacts, SpawnFacts } from './events.js';
import type { CodeRule, Matcher, SpawnTest } from './rule.js';
import { COMPUTED } from './spawn.js';

export interface CodeHit {
  shape: string;
  rule: string;
  /** 1-based. */
  line: number;
}

const globCache = new Map<readonly string[], RegExp>();
/**
 * `names` as one anchored regular expression; `*` is the only wildcard (bounded, so linear),
 * `<bare>` a name without a dot (a built-in or global written as an attribute).
 */
function globs(names: readonly string[]): RegExp {
  let re = globCache.get(names);
  if (!re) {
    const alt = names.map((n) =>
      n === '<bare>'
        ? '[A-Za-z_$][\\w$]{0,80}'
        : n
            .split('*')
            .map((p) => p.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
            .join('[^]{0,400}'),
    );
    re = new RegExp(`^(?:${alt.join('|')})$`);
    globCache.set(names, re);
  }
  return re;
}

/** Sorted 0-based added rows, searched by bisection: a span costs log(lines). */
class Rows {
  constructor(private readonly rows: readonly number[]) {}
  firstIn(from: number, to: number): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.rows[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.rows.length && this.rows[lo] <= to ? this.rows[lo] : -1;
  }
}

const OFF = /^(False|None|0|)$/;

/** A process started by the call outlives the run, or its arguments cannot say it does not. */
function spawnHits(t: SpawnTest, s: SpawnFacts | undefined): boolean {
  if (!s) return false;
  if (t.keywords) {
    if (s.unread) return true;
    for (const [k, harmless] of Object.entries(t.keywords))
      if (k in s.keywords && !harmless.test(s.keywords[k] ?? '\0')) return true;
  }
  if (t.positional !== undefined && s.positional > t.positional) return true;
  if (t.command?.test(s.command)) return true;
  if (t.shell === undefined || !s.command.includes(COMPUTED)) return false;
  if (t.shell === true) return true;
  return t.shell in s.keywords && !OFF.test(s.keywords[t.shell] ?? '\0');
}

/** A `with` item, or a scope that waits for what the call started. */
function waited(calls: readonly string[], e: { spawn?: SpawnFacts; scope: number }, f: FileFacts) {
  if (e.spawn?.managed) return true;
  const re = globs(calls);
  for (const c of f.scopeCalls.get(e.scope) ?? []) if (re.test(c)) return true;
  return false;
}

function matches(
  m: Matcher,
  e: CodeEvent,
  f: FileFacts,
  literals: readonly string[],
  script: boolean,
): boolean {
  if (m.on !== e.kind) return false;
  switch (m.on) {
    case 'ref': {
      const ev = e as Extract<CodeEvent, { kind: 'ref' }>;
      if (!ev.names.some((n) => globs(m.names).test(n))) return false;
      if (m.unlessInto && ev.into?.some((n) => m.unlessInto!.includes(n))) return false;
      if (m.unlessEntry && (ev.entry || script)) return false;
      return !m.fileLiteral || literals.some((l) => m.fileLiteral!.test(l));
    }
    case 'assign': {
      const ev = e as Extract<CodeEvent, { kind: 'assign' }>;
      if (m.moduleLevel && ev.scope !== 0) return false;
      return ev.names.some((n) => globs(m.names).test(n) && !m.unless?.test(n));
    }
    case 'call': {
      const ev = e as Extract<CodeEvent, { kind: 'call' }>;
      if (!ev.names.some((n) => globs(m.names).test(n))) return false;
      if (m.unlessWaited && waited(m.unlessWaited, ev, f)) return false;
      if (m.spawn && spawnHits(m.spawn, ev.spawn)) return true;
      const a = m.arg;
      if (!a) return !m.spawn;
      const text = ev.firstArg.kind === 'none' ? '' : ev.firstArg.text;
      if (a.unless?.test(text)) return false;
      if (ev.firstArg.kind === 'none') return a.none === true;
      if (ev.firstArg.kind === 'computed') {
        const v = ev.firstArg.value;
        if (v !== undefined && a.unless?.test(v)) return false;
        return a.computed === true || (v !== undefined && (a.literal?.test(v) ?? false));
      }
      return a.literal?.test(text) ?? false;
    }
    case 'def': {
      const ev = e as Extract<CodeEvent, { kind: 'def' }>;
      return globs(m.names).test(ev.name) && (!m.constant || ev.constant);
    }
    case 'write':
      return m.targets.includes((e as Extract<CodeEvent, { kind: 'write' }>).target);
    case 'literal': {
      const ev = e as Extract<CodeEvent, { kind: 'literal' }>;
      if (!m.text.test(ev.text)) return false;
      if (!m.scopeCalls) return true;
      const calls = f.scopeCalls.get(ev.scope);
      if (!calls) return false;
      const re = globs(m.scopeCalls);
      for (const c of calls) if (re.test(c)) return true;
      return false;
    }
  }
}

export interface FileVerdict {
  hits: CodeHit[];
  /** Why the file could not be read as code, when it could not. */
  problem?: string;
}

interface RuleIndex {
  byKind: Map<string, CodeRule[]>;
  /** Per kind whose rules all match on names: one expression of all of them. */
  anyName: Map<string, RegExp>;
}
const indexes = new WeakMap<readonly CodeRule[], RuleIndex>();
function indexOf(rules: readonly CodeRule[]): RuleIndex {
  let ix = indexes.get(rules);
  if (ix) return ix;
  const byKind = new Map<string, CodeRule[]>();
  for (const r of rules) byKind.set(r.when.on, [...(byKind.get(r.when.on) ?? []), r]);
  const anyName = new Map<string, RegExp>();
  for (const [kind, rs] of byKind) {
    if (kind !== 'ref' && kind !== 'call' && kind !== 'assign' && kind !== 'def') continue;
    anyName.set(kind, globs(rs.flatMap((r) => ('names' in r.when ? r.when.names : []))));
  }
  indexes.set(rules, (ix = { byKind, anyName }));
  return ix;
}

/**
 * `added`: the 1-based lines the agent's commit added or changed; `script`: the file is a
 * script (rules/common.ts' SCRIPT_PATH), an entry point whole.
 */
export function matchFile(
  f: FileFacts,
  rules: readonly CodeRule[],
  added: readonly number[],
  script = false,
): FileVerdict {
  if (f.capped) return { hits: [], problem: f.capped };
  const rows = new Rows([...added].map((l) => l - 1).sort((a, b) => a - b));
  for (const s of f.errorSpans) {
    const r = rows.firstIn(s.from, s.to);
    if (r >= 0)
      return { hits: [], problem: `the grammar cannot read its line ${r + 1} (a syntax error)` };
  }
  const literals = f.events.filter((e) => e.kind === 'literal').map((e) => e.text);
  const hits: CodeHit[] = [];
  const seen = new Set<string>();
  const { byKind, anyName } = indexOf(rules);
  for (const e of f.events) {
    // One test against every name the kind's rules know before each rule is tried.
    const any = anyName.get(e.kind);
    if (any && 'names' in e && !e.names.some((n) => any.test(n))) continue;
    if (any && e.kind === 'def' && !any.test(e.name)) continue;
    for (const rule of byKind.get(e.kind) ?? []) {
      if (!matches(rule.when, e, f, literals, script)) continue;
      let row = rows.firstIn(e.at.from, e.at.to);
      if (row < 0) for (const v of e.at.via) if ((row = rows.firstIn(v, v)) >= 0) break;
      if (row < 0) continue;
      const k = `${rule.shape}\0${row}`;
      if (seen.has(k)) continue;
      seen.add(k);
      hits.push({ shape: rule.shape, rule: rule.id, line: row + 1 });
    }
  }
  hits.sort((a, b) => a.line - b.line);
  return { hits };
}
