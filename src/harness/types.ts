// The harness as the base's CI runs it (CONTRACT §3 "Harness reached from the base"): plain
// data the resolvers pass between them. Every resolver reads one file of the base's tree and
// says which paths (or keys of a shared file) it reaches, which files to read next, and what
// it could not follow. Only the base's files are read: the change controls its own bytes.

/** What a file is, for the resolver that reads it. */
export type FileKind =
  | 'workflow'
  | 'shell'
  | 'makefile'
  | 'npm-scripts'
  | 'npmrc'
  | 'yarnrc'
  | 'pytest-config'
  | 'conftest'
  | 'tox'
  | 'jest-config'
  | 'vitest-config'
  | 'mocha-config'
  | 'tsconfig'
  | 'node-script'
  | 'python-script';

/** A harness path the base's CI reaches: a whole file, or one key of a shared file. */
export interface Reach {
  path: string;
  /** A test-settings key (`scripts.test:unit` of a package.json): only it is harness. */
  key?: string;
  /** How it is reached, from the first file read: `ci.yml run: make test → Makefile`. */
  via: string;
}

/** A file to read next, as a kind, with what names it. */
export interface Follow {
  kind: FileKind;
  path: string;
  via: string;
  /** The npm scripts or make targets asked for. */
  args?: string[];
  /** The folder commands run in (a workflow step's `working-directory`). */
  cwd?: string;
  /** An inline shell text to read instead of the file (a workflow's `run:`, an npm script). */
  text?: string;
  /** Line of `text` in `path`, when inline. */
  line?: number;
  /** Words a package manager appends to one script's command (`npm test -- --ci`), as shell. */
  extra?: { script: string; text: string };
}

/** Something a resolver could not follow: said in the report, never taken as no harness. */
export interface Unresolved {
  file: string;
  line?: number;
  what: string;
}

/**
 * A test runner's command the base's CI runs (`pytest --ignore=tests/agent_drafts`), as
 * written: what it collects is judged from it (decision/draft-run.ts), never from the change.
 */
export interface TestRun {
  runner: 'pytest' | 'jest' | 'vitest' | 'mocha' | 'go';
  /** Its words after the runner's name; `dynamic` when any is built from a variable. */
  args: string[];
  /**
   * Beside each word: the repo path it names when that is a file or folder of the base's tree
   * (`.` its folder, `a.py::test` its file, go's `./x/...` its folder), else null.
   */
  paths: (string | null)[];
  /** Beside each word: built from a variable (its value is not known). */
  dynamic: boolean[];
  /** The workflow job that runs it (`.github/workflows/ci.yml job test`); absent: none does. */
  job?: string;
  /** The folder it runs in, repo-relative ('' for the root). */
  cwd: string;
  /** Where the command is written, and how CI reaches it (`ci.yml job test run → …`). */
  file: string;
  line: number;
  via: string;
}

export interface Step {
  reach: Reach[];
  follow: Follow[];
  unresolved: Unresolved[];
  /** The test runs its commands make (absent: none). */
  runs?: TestRun[];
}

/** The base's tree, as questions: which files exist, which folders. */
export interface TreeView {
  has(path: string): boolean;
  isDir(path: string): boolean;
  /** Every file path of the tree, repo-relative. */
  readonly files: readonly string[];
}

/** The workflow job a `via` starts from (`ci.yml job test run → …`), else undefined. */
export function jobOf(via: string): string | undefined {
  return /^(\.github\/workflows\/\S+ job \S+) run/.exec(via)?.[1];
}

export const emptyStep = (): Step => ({ reach: [], follow: [], unresolved: [] });

export function mergeStep(into: Step, from: Step): Step {
  into.reach.push(...from.reach);
  into.follow.push(...from.follow);
  into.unresolved.push(...from.unresolved);
  if (from.runs?.length) (into.runs ??= []).push(...from.runs);
  return into;
}
