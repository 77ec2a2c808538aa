// The evidence path rules (CONTRACT §3 "Evidence paths"): a change may not write the evidence
// that judges it. Judged per commit of the change, like ledger rows: an agent's commit that
// adds, edits or deletes a test path outside the draft paths is `agent-test-edit`, one that
// touches a harness path `agent-harness-edit` (both reject); a human's harness edit is
// `harness-change` (review: a contract change). Pure: the commits, their paths and what the
// gate read of shared configs come in as plain facts.
import picomatch from 'picomatch';
import type {
  AgentChange,
  Change,
  ChangeStatus,
  CommitChanges,
  CommitPathChange,
  Finding,
  Ledger,
  LedgerRow,
  PathKind,
  RuleKey,
} from '../types.js';
import { LOCKFILES } from './evidence-paths.js';
import { GoldenIndex } from '../ledger/golden-set.js';
import { isDoctestArtifact } from '../ledger/doctest-artifact.js';
import type { WriteBoundary } from './production-paths.js';

export interface EvidenceSettings {
  testPaths: string[];
  /** Globs, or `GLOB#KEY` for one test-settings key of a shared config file. */
  harnessPaths: string[];
  draftPaths: string[];
  /** The report globs of the run (`--junit`): classified as reports, judged elsewhere. */
  reports: string[];
  /**
   * The harness the base's CI reaches (src/harness/): exact paths, or a key of one, each
   * with how it is reached. Absent when it could not be resolved (no base, the API fallback).
   */
  reached?: readonly { path: string; key?: string; via: string }[];
  /**
   * Where an agent's commits may write, beside the draft paths and the ledger (§3): given, or
   * derived from the base's tree. Absent: not judged (no base).
   */
  agentWritePaths?: WriteBoundary;
}

export interface EvidenceContext {
  ledgerFile: string;
  ledger?: Ledger;
  baseRows: Iterable<LedgerRow>;
  isProduction: (path: string) => boolean;
  isGolden: (path: string) => boolean;
  /**
   * Did the change rewrite the examples of a doctest the base locks in this module (its
   * digest moved off the base row's)? A doctest's module is production code otherwise.
   */
  examplesRewritten?: (path: string) => boolean;
  /** An inert file the head has as such (inert-paths.ts): the agent's to write. */
  isInert?: (path: string) => boolean;
}

type Match = (path: string) => boolean;
const NONE: Match = () => false;
const globs = (list: string[]): Match => {
  const l = list.filter((g) => g.trim() !== '');
  return l.length > 0 ? picomatch(l, { dot: true }) : NONE;
};

/** A path or one of its parent folders is in `set` (a folder given with or without `/`). */
function withinAny(set: Set<string>, path: string): boolean {
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) {
    if (set.has(path.slice(0, i))) return true;
  }
  return false;
}

/** The three path sets of one run, with the ledger's own files, as questions about a path. */
export class EvidencePaths {
  readonly isDraft: Match;
  private readonly testGlob: Match;
  private readonly wholeHarness: Match;
  /** `GLOB#KEY` entries: the KEY of files matching GLOB. */
  private readonly keyed: { match: Match; key: string }[] = [];
  private readonly isReport: Match;
  /** Reached from the base's CI: whole files, and keys of shared files, with their chain. */
  private readonly reachedWhole = new Map<string, string>();
  private readonly reachedKeys = new Map<string, string[]>();
  private readonly isLockfile: Match = globs([...LOCKFILES]);
  private readonly rowFiles = new Set<string>();
  /** Every golden either ledger names: one path, or each member of a list or glob. */
  private readonly goldens: GoldenIndex;
  private readonly seedFolders = new Set<string>();

  constructor(
    s: EvidenceSettings,
    private readonly ctx: EvidenceContext,
  ) {
    this.isDraft = globs(s.draftPaths);
    this.testGlob = globs(s.testPaths);
    const whole: string[] = [];
    for (const entry of s.harnessPaths) {
      const hash = entry.indexOf('#');
      if (hash < 0) whole.push(entry);
      else this.keyed.push({ match: globs([entry.slice(0, hash)]), key: entry.slice(hash + 1) });
    }
    this.wholeHarness = globs(whole);
    for (const r of s.reached ?? []) {
      if (r.key === undefined) {
        if (!this.reachedWhole.has(r.path)) this.reachedWhole.set(r.path, r.via);
      } else this.reachedKeys.set(r.path, [...(this.reachedKeys.get(r.path) ?? []), r.key]);
    }
    // Report globs may be absolute ($RUNNER_TEMP): only repository-relative ones name paths.
    this.isReport = globs(
      s.reports.filter((g) => !g.startsWith('/')).map((g) => g.replace(/^\.\//, '')),
    );
    const rows = [...(ctx.ledger?.rows ?? []), ...ctx.baseRows];
    for (const r of rows) {
      // A doctest row locks examples, not its module: the module is a test path only when
      // the change rewrote them (examplesRewritten).
      if (!isDoctestArtifact(r.artifact)) this.rowFiles.add(idPrefix(r.id));
      if (r.seeds !== undefined) this.seedFolders.add(r.seeds.replace(/\/$/, ''));
    }
    this.goldens = new GoldenIndex(rows.map((r) => r.artifact));
  }

  /**
   * A test path: a row's test file, artifact or seed file, or a runner's test location;
   * never the ledger or a draft.
   */
  isTest(path: string): boolean {
    if (path === this.ctx.ledgerFile || this.isDraft(path)) return false;
    return (
      this.rowFiles.has(path) ||
      this.goldens.has(path) ||
      this.testGlob(path) ||
      withinAny(this.seedFolders, path) ||
      this.ctx.examplesRewritten?.(path) === true
    );
  }

  /** A test path only because the change rewrote a locked doctest's examples in it. */
  examplesOnly(path: string): boolean {
    return (
      this.ctx.examplesRewritten?.(path) === true &&
      !this.rowFiles.has(path) &&
      !this.goldens.has(path) &&
      !this.testGlob(path)
    );
  }

  /** A file added to a property's seeds folder: seeds may only grow, so an agent may add one. */
  isSeedAdded(path: string, status: ChangeStatus): boolean {
    return status === 'A' && withinAny(this.seedFolders, path);
  }

  /**
   * The harness entries a path matches: 'whole' for a plain glob, else the keys of its
   * `GLOB#KEY` entries (none: not a harness path). Harness paths count inside the draft
   * paths too: a conftest.py there runs for every test.
   */
  harnessKeys(path: string): 'whole' | string[] {
    if (path === this.ctx.ledgerFile) return [];
    if (this.wholeHarness(path) || this.reachedWhole.has(path)) return 'whole';
    const keys = this.keyed.filter((k) => k.match(path)).map((k) => k.key);
    for (const k of this.reachedKeys.get(path) ?? []) if (!keys.includes(k)) keys.push(k);
    return keys;
  }

  /** How the base's CI reaches a path that no listed harness glob names; undefined otherwise. */
  reachedVia(path: string): string | undefined {
    return this.wholeHarness(path) ? undefined : this.reachedWhole.get(path);
  }

  /** Keyed entries, for the adapter that reads what a commit did to those keys. */
  keyedEntries(path: string): string[] {
    const keys = this.harnessKeys(path);
    return keys === 'whole' ? [] : keys;
  }

  isLock(path: string): boolean {
    return this.isLockfile(path);
  }

  /**
   * How a commit's edit of a path touches the harness: undefined when it does not; else
   * what it touched and whether it only moves pins (a bot's `uses:` bump, a lockfile).
   */
  harnessEdit(c: CommitPathChange): { what: string; pinsOnly: boolean } | undefined {
    const keys = this.harnessKeys(c.path);
    let what: string;
    const via = this.reachedVia(c.path);
    if (keys === 'whole')
      what = via === undefined ? 'harness path' : `harness path (the base's CI reaches it: ${via})`;
    else if (keys.length === 0) return undefined;
    else {
      // Unknown (the API fallback, an unreadable file): the whole file counts.
      const changed = c.settingsChanged ?? keys;
      if (changed.length === 0) return undefined;
      what = `test settings (${changed.join(', ')}) of`;
    }
    return { what, pinsOnly: c.pinsOnly === true || this.isLock(c.path) };
  }

  /** What kind of file a path is, for "what the agent touched" (first that applies). */
  kind(c: CommitPathChange): PathKind {
    const p = c.path;
    if (p === this.ctx.ledgerFile) return 'ledger';
    if (this.isReport(p)) return 'reports';
    if (this.harnessEdit(c)) return 'harness';
    if (this.isDraft(p)) return 'drafts';
    if (this.ctx.isGolden(p)) return 'goldens';
    if (this.isTest(p)) return 'tests';
    if (this.ctx.isProduction(p)) return 'production';
    if (this.ctx.isInert?.(p)) return 'docs';
    if (c.dependencies !== undefined) return 'dependencies';
    return 'other';
  }
}

export function idPrefix(id: string): string {
  const i = id.indexOf('::');
  return i < 0 ? id : id.slice(0, i);
}

/** What a commit did to a path, and which commit, in the evidence rules' words. */
export const VERB: Record<ChangeStatus, string> = {
  A: 'adds',
  M: 'edits',
  D: 'deletes',
  T: 'retypes',
};

export const short = (sha: string) => (sha === '' ? 'the change' : `commit ${sha.slice(0, 12)}`);

export interface EvidenceOutcome {
  findings: Finding[];
  /** Some commit touched a harness path: under `expect: ran-files` every row is expected. */
  harnessTouched: boolean;
  /** What the agents' commits changed, by kind; absent when no commit is an agent's. */
  agentChanges?: AgentChange[];
}

/**
 * The evidence rules over the change's commits. Only paths the change as a whole changes
 * are judged: a path an edit and its revert leave as the base had it is no evidence written.
 */
export function judgeEvidence(
  change: Change,
  settings: EvidenceSettings,
  ctx: EvidenceContext,
): EvidenceOutcome {
  const paths = new EvidencePaths(settings, ctx);
  const net = new Set(change.changed.map((c) => c.path));
  // One finding per rule and path, naming every commit that earned it.
  const found = new Map<string, { key: RuleKey; path: string; lines: string[] }>();
  const add = (key: RuleKey, path: string, line: string) => {
    const k = `${key}\0${path}`;
    const f = found.get(k);
    if (f) f.lines.push(line);
    else found.set(k, { key, path, lines: [line] });
  };
  let harnessTouched = false;
  const touched = new Map<string, AgentChange>();

  for (const commit of change.commits ?? []) {
    for (const c of commit.paths) {
      if (!net.has(c.path)) continue;
      if (commit.agent) noteTouched(touched, paths, commit, c);
      const h = paths.harnessEdit(c);
      const said = `${short(commit.sha)} ${VERB[c.status]}`;
      if (h) {
        harnessTouched = true;
        if (commit.agent && !h.pinsOnly)
          add('agent-harness-edit', c.path, `${said} ${h.what} (${commit.why})`);
        else {
          const bot = commit.agent
            ? ': it only moves dependency pins, as a dependency bot does'
            : '';
          add('harness-change', c.path, `${said} ${h.what} (${commit.why})${bot}`);
        }
      } else if (commit.agent && paths.isTest(c.path) && !paths.isSeedAdded(c.path, c.status)) {
        const what = paths.examplesOnly(c.path)
          ? 'a module whose locked doctest examples the change rewrote (a test path)'
          : 'a test path outside the draft paths';
        add('agent-test-edit', c.path, `${said} ${what} (${commit.why})`);
      }
    }
  }
  const findings: Finding[] = [];
  for (const f of found.values()) {
    const shown = f.lines.slice(0, 3).join('; ');
    const more = f.lines.length > 3 ? `; and ${f.lines.length - 3} more commit(s)` : '';
    const out: Finding = {
      rule: f.key,
      result: f.key === 'harness-change' ? 'review' : 'reject',
      id: null,
      status: null,
      class: null,
      message: `${f.path}: ${shown}${more}`,
      file: f.path,
    };
    if (f.key === 'harness-change') out.accepts = `harness file ${f.path} as the head has it`;
    findings.push(out);
  }
  const agentChanges = touched.size > 0 ? [...touched.values()] : undefined;
  return { findings, harnessTouched, agentChanges };
}

function noteTouched(
  touched: Map<string, AgentChange>,
  paths: EvidencePaths,
  commit: CommitChanges,
  c: CommitPathChange,
): void {
  const seen = touched.get(c.path);
  const sha = commit.sha.slice(0, 12);
  if (seen) {
    seen.status = c.status;
    if (sha !== '' && !seen.commits.includes(sha)) seen.commits.push(sha);
    return;
  }
  touched.set(c.path, {
    kind: paths.kind(c),
    path: c.path,
    status: c.status,
    commits: sha === '' ? [] : [sha],
  });
}
