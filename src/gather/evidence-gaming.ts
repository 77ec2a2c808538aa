// The gaming-shape facts of a change: for each agent commit, the files it adds lines to among
// the paths it may write that are not evidence (kinds `production` and `other`: never a test,
// draft, golden, ledger, report or harness path), each read once whole at the commit and
// parsed (src/code): a rule hits when a node it needs lies on an added line. A human's commit
// is never read. Draft files are read the same way with the draft rules
// (src/code/rules/drafts.ts): a test may name its runner, not reach past its own run (CONTRACT
// §3 "Drafts run apart"). What cannot be read (the API fallback has no per-commit diffs; a
// cap reached; git failing; a file the grammar cannot read) is said: in a note, or as a
// finding that asks for review.
import { EvidencePaths, type EvidenceSettings } from '../decision/evidence.js';
import type {
  ChangeSource,
  ChangedPath,
  CommitChanges,
  GamingFacts,
  Ledger,
  LedgerParse,
} from '../types.js';
import { parseAddedLines } from '../code/added-lines.js';
import { GoldenIndex } from '../ledger/golden-set.js';
import { pathSet } from '../decision/production-paths.js';
import { codeLanguageOf, familyOf, isMinified, type CodeLanguage } from '../code/language.js';
import { withReportGlobs } from '../code/rules/report-globs.js';
import type { CodeRule } from '../code/rule.js';
import { MAX_FILE_BYTES } from '../code/budget.js';
import { DRAFT_RULES, RULES, scanTree } from '../code/scan.js';
import type { Tree } from 'web-tree-sitter';

/** The bytes of diff read over the whole change; past it, the rest asks for review. */
export const MAX_DIFF_BYTES = 16 * 1024 * 1024;
/** Agent commits read at most; past it, the rest asks for review. */
export const MAX_COMMITS = 500;

export interface GamingReadInput {
  src: ChangeSource;
  commits: CommitChanges[];
  perCommit: boolean;
  /** Paths the change as a whole changes: an edit its revert undoes is no line added. */
  changed: ChangedPath[];
  evidence: EvidenceSettings;
  ledgerFile: string;
  ledger?: Ledger;
  baseLedger: LedgerParse | null;
  production: string[];
  result?: 'review' | 'reject';
  maxBytes?: number;
}

export async function readGaming(
  i: GamingReadInput,
  notes: string[],
): Promise<GamingFacts | undefined> {
  const agents = i.commits.filter((c) => c.agent);
  if (agents.length === 0) return undefined;
  const facts: GamingFacts = { hits: [], unscanned: [], result: i.result };
  if (!i.perCommit || !i.src.addedLines) {
    notes.push(
      `gaming shapes: ${i.src.source} gives no per-commit diffs, so the lines agent commits add were not scanned; check out with history (fetch-depth: 0) so git can answer`,
    );
    return facts;
  }
  // The production rules with the places this run's report globs name, built once.
  const rules = Object.fromEntries(
    Object.entries(RULES).map(([f, r]) => [f, withReportGlobs(r, i.evidence.reports)]),
  ) as typeof RULES;
  const net = new Set(i.changed.map((c) => c.path));
  const paths = kinds(i);
  let left = i.maxBytes ?? MAX_DIFF_BYTES;
  let read = 0;
  const minified = new Set<string>();
  const parsers = new Map<CodeLanguage, Promise<(t: string) => Tree | null>>();
  for (const c of agents) {
    for (const p of c.paths) if (p.status !== 'D' && isMinified(p.path)) minified.add(p.path);
    // Each file this commit leaves as code, with the rules it is read with.
    const files = new Map<string, readonly CodeRule[]>();
    for (const p of c.paths) {
      const lang = p.status === 'D' || !net.has(p.path) ? undefined : codeLanguageOf(p.path);
      if (lang === undefined) continue;
      const kind = paths.kind(p);
      if (kind === 'production' || kind === 'other') files.set(p.path, rules[familyOf(lang)]);
      else if (kind === 'drafts' && hasDraftRules(p.path))
        files.set(p.path, DRAFT_RULES[familyOf(lang)]);
    }
    if (files.size === 0) continue;
    const sha = c.sha.slice(0, 12);
    if (read >= MAX_COMMITS || left <= 0) {
      facts.unscanned.push(
        `commit ${sha}: not scanned for gaming shapes (the scan reads at most ${MAX_COMMITS} agent commits and ${MAX_DIFF_BYTES / 1048576} MiB of diff)`,
      );
      continue;
    }
    read++;
    let diff: { text: string; capped: boolean };
    try {
      diff = await i.src.addedLines(c.sha, left);
    } catch (e) {
      facts.unscanned.push(
        `commit ${sha}: its added lines could not be read for the gaming-shape scan: ${(e as Error).message}`,
      );
      continue;
    }
    left -= Buffer.byteLength(diff.text);
    const added = new Map<string, number[]>();
    for (const l of parseAddedLines(diff.text)) {
      if (!files.has(l.path)) continue;
      const list = added.get(l.path);
      if (list) list.push(l.line);
      else added.set(l.path, [l.line]);
    }
    left -= await readAsCode(i.src, c, added, files, facts, parsers);
    if (diff.capped)
      facts.unscanned.push(
        `commit ${sha}: its diff passes the ${MAX_DIFF_BYTES / 1048576} MiB the gaming-shape scan reads; the rest was not scanned`,
      );
  }
  if (minified.size > 0)
    notes.push(
      `gaming shapes: minified files are not scanned (${[...minified].slice(0, 3).join(', ')}${minified.size > 3 ? ', …' : ''}); their sources are`,
    );
  return facts;
}

/** A draft in a language with draft rules (Go, Java and Ruby have none yet: not read). */
function hasDraftRules(path: string): boolean {
  const lang = codeLanguageOf(path);
  return lang !== undefined && DRAFT_RULES[familyOf(lang)].length > 0;
}

/** The path kinds as the evidence rules see them, goldens being every artifact either ledger names. */
export function kinds(
  i: Pick<GamingReadInput, 'ledger' | 'baseLedger' | 'production' | 'evidence' | 'ledgerFile'>,
): EvidencePaths {
  const baseRows = i.baseLedger?.ledger?.rows ?? [];
  const goldens = new GoldenIndex([...(i.ledger?.rows ?? []), ...baseRows].map((r) => r.artifact));
  const isProduction = pathSet(i.production) ?? (() => false);
  return new EvidencePaths(i.evidence, {
    ledgerFile: i.ledgerFile,
    ledger: i.ledger,
    baseRows,
    isProduction,
    isGolden: (p) => goldens.has(p),
  });
}

/**
 * Each file among a commit's added lines, read whole at that commit, parsed once and handed
 * with its added lines to its rules (src/code): the one path agents' code is judged on. A file
 * that cannot be read, parsed or is past the caps asks for review. Returns the bytes read.
 */
async function readAsCode(
  src: ChangeSource,
  c: CommitChanges,
  byPath: ReadonlyMap<string, number[]>,
  rulesOf: ReadonlyMap<string, readonly CodeRule[]>,
  facts: GamingFacts,
  parsers: Map<CodeLanguage, Promise<(t: string) => Tree | null>>,
): Promise<number> {
  let bytes = 0;
  const sha = c.sha.slice(0, 12);
  const unread = (path: string, why: string) =>
    facts.unscanned.push(
      `${path} at commit ${sha}: not read as code for the gaming-shape scan: ${why}`,
    );
  for (const [path, added] of byPath) {
    const lang = codeLanguageOf(path)!;
    let text: string | null;
    try {
      text = src.fileAt ? await src.fileAt(c.sha, path) : null;
    } catch (e) {
      unread(path, (e as Error).message);
      continue;
    }
    if (text === null) {
      unread(path, 'its text at the commit could not be read');
      continue;
    }
    bytes += Buffer.byteLength(text);
    if (Buffer.byteLength(text) > MAX_FILE_BYTES) {
      unread(path, `it passes the ${MAX_FILE_BYTES / 1048576} MiB the parser reads per file`);
      continue;
    }
    let parse = parsers.get(lang);
    if (!parse) {
      parse = import('../adapters/code/grammars.js').then((m) => m.parserFor(lang));
      parsers.set(lang, parse);
    }
    let tree: Tree | null;
    try {
      tree = (await parse)(text);
    } catch (e) {
      unread(path, `the ${lang} parser failed: ${(e as Error).message}`);
      continue;
    }
    if (!tree) {
      unread(path, `the ${lang} parser gave no tree`);
      continue;
    }
    try {
      const v = scanTree(lang, tree.rootNode, added, rulesOf.get(path), path);
      if (v.problem) unread(path, v.problem);
      for (const h of v.hits)
        facts.hits.push({ shape: h.shape, path, line: h.line, sha: c.sha, why: c.why });
    } finally {
      tree.delete();
    }
  }
  return bytes;
}
