// The gaming-shape facts of a change: for each agent commit, the lines it adds to the paths it
// may write that are not evidence (kinds `production` and `other`: never a test, draft,
// golden, ledger, report or harness path), read through the change source and scanned. A
// human's commit is never read. Draft files are read too, as code only and with the draft
// rules (src/code/rules/drafts.ts): a test may name its runner, not reach past its own run
// (CONTRACT §3 "Drafts run apart"). What cannot be read (the API fallback has no per-commit
// diffs; a cap reached; git failing) is said: in a note, or as a finding that asks for review.
import { EvidencePaths, type EvidenceSettings } from '../decision/evidence.js';
import type {
  ChangeSource,
  ChangedPath,
  CommitChanges,
  GamingFacts,
  Ledger,
  LedgerParse,
} from '../types.js';
import { parseAddedLines, type AddedLine } from '../gaming/diff.js';
import { GoldenIndex } from '../ledger/golden-set.js';
import { pathSet } from '../decision/production-paths.js';
import { reportNeedles, scanAddedLines } from '../gaming/scan.js';
import { isMinified, languageOf } from '../gaming/shapes.js';
import { codeLanguageOf, familyOf, type CodeLanguage } from '../code/language.js';
import { DRAFT_RULES, MAX_FILE_BYTES, scanTree } from '../code/scan.js';
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
  const needles = reportNeedles(i.evidence.reports);
  const net = new Set(i.changed.map((c) => c.path));
  const paths = kinds(i);
  let left = i.maxBytes ?? MAX_DIFF_BYTES;
  let read = 0;
  const minified = new Set<string>();
  const parsers = new Map<CodeLanguage, Promise<(t: string) => Tree | null>>();
  for (const c of agents) {
    for (const p of c.paths) if (p.status !== 'D' && isMinified(p.path)) minified.add(p.path);
    const scanned = new Set(
      c.paths
        .filter(
          (p) =>
            p.status !== 'D' &&
            net.has(p.path) &&
            (languageOf(p.path) !== undefined || codeLanguageOf(p.path) !== undefined) &&
            ['production', 'other'].includes(paths.kind(p)),
        )
        .map((p) => p.path),
    );
    const drafts = new Set(
      c.paths
        .filter(
          (p) =>
            p.status !== 'D' &&
            net.has(p.path) &&
            hasDraftRules(p.path) &&
            paths.kind(p) === 'drafts',
        )
        .map((p) => p.path),
    );
    if (scanned.size === 0 && drafts.size === 0) continue;
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
    const added = parseAddedLines(diff.text);
    const lines = added.filter((l) => scanned.has(l.path));
    const draftLines = added.filter((l) => drafts.has(l.path));
    const seen = new Set<string>();
    for (const h of scanAddedLines(lines, { reportNeedles: needles })) {
      seen.add(`${h.shape}\0${h.path}\0${h.line}`);
      facts.hits.push({ ...h, sha: c.sha, why: c.why });
    }
    left -= await readAsCode(i.src, c, [...lines, ...draftLines], facts, seen, parsers, drafts);
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
 * The Python, JS/TS, Go, Java and Ruby files among a commit's added lines, read whole at that commit and parsed
 * (src/code): a rule hits when a node it needs lies on a line the commit added. A file that
 * cannot be read, parsed or is past the caps asks for review. Returns the bytes read.
 */
async function readAsCode(
  src: ChangeSource,
  c: CommitChanges,
  lines: AddedLine[],
  facts: GamingFacts,
  seen: Set<string>,
  parsers: Map<CodeLanguage, Promise<(t: string) => Tree | null>>,
  drafts: ReadonlySet<string>,
): Promise<number> {
  const byPath = new Map<string, number[]>();
  for (const l of lines) {
    if (codeLanguageOf(l.path) === undefined) continue;
    const list = byPath.get(l.path) ?? [];
    list.push(l.line);
    byPath.set(l.path, list);
  }
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
      const rules = drafts.has(path) ? DRAFT_RULES[familyOf(lang)] : undefined;
      const v = scanTree(lang, tree.rootNode, added, rules, path);
      if (v.problem) unread(path, v.problem);
      for (const h of v.hits) {
        const k = `${h.shape}\0${path}\0${h.line}`;
        if (seen.has(k)) continue;
        seen.add(k);
        facts.hits.push({ shape: h.shape, path, line: h.line, sha: c.sha, why: c.why });
      }
    } finally {
      tree.delete();
    }
  }
  return bytes;
}
