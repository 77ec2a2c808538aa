// The threat model of the README, as data beside the decision table (each rule's `stops`
// is in table.ts): what the gate trusts, what it does not, and what it cannot stop.
// `ledger-gate rules --threats` renders it; scripts/sync-readme.mjs writes it into the README.

/** Trusted, because a pull request cannot change it before it is judged. */
export const TRUSTS: readonly string[] = [
  "the base branch's ledger and workflow: the ledger a change is judged against is read from the merge base, and the gate that judges it runs from the base branch's workflow",
  "the runner's own code, as installed by the base branch's workflow (pytest, jest, vitest and their plugins from the package index, not from the change)",
  "git's history: each commit's author, committer, trailers and changed paths, read with git's own parsers",
  "GitHub's identities: who approved the head commit, their write access and account type",
];

/** Not trusted: anything the change ships. */
export const DISTRUSTS: readonly string[] = [
  'the ledger as the change leaves it (it classifies, the base judges its edit)',
  'test code, helpers, fixtures and goldens (test paths: an agent may only write drafts)',
  'hooks, plugins, configs, setup files, mocks, start-up hooks and CI workflows (harness paths)',
  'report files and test names (parsed as hostile input, escaped everywhere they are shown)',
  'the names in its commits: an author field proves nothing on its own (a review needs an approval on the head commit)',
];

/** What the gate cannot stop, and what to do about it. */
export const CANNOT_STOP: readonly string[] = [
  "an agent that signs its commits as a person: its edits are judged as a human's, which asks for review, so the approval on the head commit is the boundary",
  "a draft test's import-time code: pytest imports every module it collects into one process, so a draft can patch the code other tests import; run the draft paths in a run of their own (`pytest --ignore=tests/agent_drafts`, then the drafts)",
  'a harness file outside the configured lists (a setup file a config names under another name, a transform a tsconfig names, a Maven or Gradle build file): add it to `harness-paths`',
  'a new dependency that is itself a plugin (pytest loads installed plugins by entry point): a dependency bump is not a harness change; review dependency changes, or list the lockfile in `harness-paths`',
  'a root module that shadows a standard-library module the runner imports under `python -m pytest`: only the runner and plugin names are listed; run `pytest` rather than `python -m pytest`',
  'a test that is wrong from the start: the gate judges whether evidence is admissible, not whether the tests are good',
  "code under test that reads the hold-out tests it runs beside (their files, the caller's frame), or a hold-out report artifact anyone who can read the runs can download: run the hold-out where the change's code cannot reach the suite's source, and keep its report out of public artifacts (docs/stronger-evidence.md)",
];
