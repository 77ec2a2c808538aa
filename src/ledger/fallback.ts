// The full reader: the `yaml` package (YAML 1.2, core schema) for any ledger the fast reader
// does not recognise. It refuses what a ledger never needs and an attacker might use:
// anchors and aliases (alias bombs), tags (custom or binary), several documents, and a
// `%YAML 1.1` directive (1.1 would turn `yes`, `0777`, dates … into other types).
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseAllDocuments } from 'yaml';
import type { Node as YamlNode } from 'yaml';
import { unprintable } from './printable.js';
import type { Entry, Pos, ReadIssue, ReadResult, ScalarType, Val } from './tree.js';

/**
 * The `yaml` package needs seconds and ~80 MB of heap per MB of text; past this many characters
 * only the fast reader's layout is read, so a large ledger cannot stall or exhaust the gate.
 */
export const YAML_READER_MAX_CHARS = 1024 * 1024;

export function readWithYaml(text: string): ReadResult {
  if (text.length > YAML_READER_MAX_CHARS) {
    const message =
      `a ledger over ${YAML_READER_MAX_CHARS} characters must use the plain block layout ` +
      '(`- id:` rows of `key: value` lines; no tabs, flow collections, block scalars, anchors, ' +
      'tags, directives or several documents)';
    return { root: null, issues: [{ line: 1, column: 1, message }] };
  }
  // YAML allows only printable characters; the `yaml` package does not enforce it.
  const bad = unprintable(text);
  if (bad) return { root: null, issues: [bad] };
  const lc = new LineCounter();
  const docs = parseAllDocuments(text, {
    lineCounter: lc,
    version: '1.2',
    schema: 'core',
    uniqueKeys: false, // duplicates are reported by the validator, the same way for both readers
    merge: false,
    prettyErrors: false,
  });
  const issues: ReadIssue[] = [];
  const at = (offset: number | undefined): Pos => {
    const p = lc.linePos(offset ?? 0);
    return { line: p.line, column: p.col };
  };
  if (!Array.isArray(docs) || docs.length === 0) return { root: null, issues };
  for (const d of docs) {
    for (const e of d.errors) issues.push({ ...at(e.pos[0]), message: firstLine(e.message) });
  }
  if (docs.length > 1) {
    issues.push({
      ...at(docs[1].range[0]),
      message: 'several YAML documents in one ledger; keep one',
    });
  }
  const doc = docs[0];
  if (doc.directives.yaml.explicit && doc.directives.yaml.version !== '1.2') {
    const m = /^%YAML/m.exec(text);
    issues.push({
      ...at(m?.index),
      message: `%YAML ${doc.directives.yaml.version} is refused: the ledger is YAML 1.2`,
    });
  }
  const root = doc.contents === null ? null : convert(doc.contents as YamlNode, at, issues);
  return { root, issues };
}

function firstLine(s: string): string {
  return s.split(/\r?\n/)[0].trim();
}

function convert(node: YamlNode, at: (o: number | undefined) => Pos, issues: ReadIssue[]): Val {
  const pos = at(node.range?.[0]);
  if (isAlias(node)) {
    issues.push({
      ...pos,
      message: `alias *${node.source} is refused: anchors and aliases are not allowed in the ledger`,
    });
    return { kind: 'scalar', type: 'null', value: null, ...pos };
  }
  if (node.anchor) {
    issues.push({
      ...pos,
      message: `anchor &${node.anchor} is refused: anchors and aliases are not allowed in the ledger`,
    });
  }
  if (node.tag) {
    issues.push({
      ...pos,
      message: `tag ${node.tag} is refused: tags are not allowed in the ledger`,
    });
  }
  if (isScalar(node)) {
    const v = node.value;
    let type: ScalarType;
    if (v === null || v === undefined) type = 'null';
    else if (typeof v === 'string') type = 'string';
    else if (typeof v === 'number' || typeof v === 'bigint') type = 'number';
    else if (typeof v === 'boolean') type = 'boolean';
    else {
      issues.push({ ...pos, message: 'a value of an unsupported type' });
      type = 'null';
    }
    const value =
      type === 'null' ? null : typeof v === 'bigint' ? Number(v) : (v as string | number | boolean);
    return { kind: 'scalar', type, value, ...pos };
  }
  if (isMap(node)) {
    const entries: Entry[] = [];
    for (const pair of node.items) {
      const k = pair.key as YamlNode | null;
      if (k === null || !isScalar(k) || k.value === null) {
        const p = k === null ? pos : at(k.range?.[0]);
        issues.push({ ...p, message: 'a key that is not a plain name' });
        if (k !== null && !isScalar(k)) convert(k, at, issues);
        continue;
      }
      if (k.anchor || k.tag) convert(k, at, issues);
      const kp = at(k.range?.[0]);
      const key = typeof k.value === 'string' ? k.value : (k.source ?? String(k.value));
      const value =
        pair.value === null || pair.value === undefined
          ? ({ kind: 'scalar', type: 'null', value: null, ...kp } as const)
          : convert(pair.value as YamlNode, at, issues);
      entries.push({ key, ...kp, value });
    }
    return { kind: 'map', entries, ...pos };
  }
  if (isSeq(node)) {
    return {
      kind: 'seq',
      items: node.items.map((n) => convert(n as YamlNode, at, issues)),
      ...pos,
    };
  }
  issues.push({ ...pos, message: 'an unsupported YAML node' });
  return { kind: 'scalar', type: 'null', value: null, ...pos };
}
