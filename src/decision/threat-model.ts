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
  "the production lines an agent's commit adds: scanned for the shapes of test gaming, and its Python, JS/TS, Go, Java and Ruby files read as code at that commit (imports, aliases and local values resolved; docs/gaming-shapes.md), each hit a review; a file the parser cannot read on an added line asks for review too",
  'hooks, plugins, configs, setup files, mocks, start-up hooks and CI workflows (harness paths)',
  "every file the base's CI reaches from its workflows and runner configs — the scripts its steps run, Makefiles, npm scripts, `.npmrc`, plugins and setup modules a config names, production folders included (docs/harness-resolution.md)",
  "production code in an agent's commit: it may fix the code and write nowhere else but the draft paths and draft rows, inert documents (not executable, not read as tests by the base's CI) and, for review, registry dependency versions (by default: the production paths derived from the base's tree; `agent-write-paths` widens them, `**` turns the allowlist off)",
  'report files and test names (parsed as hostile input, escaped everywhere they are shown)',
  'the names in its commits: an author field proves nothing on its own (a review needs an approval on the head commit)',
];

/** What the gate cannot stop, and what to do about it. */
export const CANNOT_STOP: readonly string[] = [
  "an agent that signs its commits as a person: its edits are judged as a human's, which asks for review, so the approval on the head commit is the boundary",
  "production code that imports a draft module (an agent's `from tests.agent_drafts import x` in `src/`): it brings the draft into the evidence run however the base's CI leaves the draft folders out (`draft-in-evidence-run` judges only what the test commands collect); review agents' imports of test folders",
  "a harness file no resolver reaches: one named through a variable or a dynamic import (said as `harness-unresolved`), a Maven or Gradle build file, what an installed plugin loads: an agent's write of it is outside its write paths unless it lies in production code, a human's is not reviewed; add it to `harness-paths`",
  'production code that games its tests without touching any harness: a call counter that lets two contradictory assertions pass, an answer hard-coded for the inputs the visible tests use; no path rule sees it: pair the gate with a base run and a hold-out suite',
  'a process that dies mid-run in one shard of several: without `reports-expected` (or `--collected`) the surviving shards are read as the whole run',
  "a new dependency that is itself a plugin (pytest loads installed plugins by entry point), or a registry version whose install script or code turns failures into passes: an agent's or a bot's registry bump is `dependency-change`, a review, and its reviewer is the boundary (a path, git or tarball spec, an install script or an override rejects); a human's bump is not reviewed unless the lockfile is listed in `harness-paths`",
  "a document or picture an agent writes that a run reads in a way no signal shows (a plugin installed in CI that collects `*.md` with no flag or config the base names, an expected-output `.txt` or image snapshot outside the test paths that no ledger row locks): inert files are the agent's to write; name the runner's option in the base's config, lock the file as a golden, or list it in `test-paths`",
  "a human's commit that adds a file a runner or package manager picks up by its presence under a name no list holds: an agent's is outside its write paths, but a human's is judged by the harness lists (runner and plugin names, Python's standard-library module names, `.npmrc`, task-runner files, manifest keys that name code); review humans' new root files",
  "a team's wider `agent-write-paths` (or `**`): what it lets an agent write is judged by the lists alone",
  "the API fallback cannot list the base's tree: no production path is derived, so every agent write outside the draft paths and the ledger rejects until `production-paths` or `agent-write-paths` is set or the checkout has history",
  'a test that is wrong from the start: the gate judges whether evidence is admissible, not whether the tests are good',
  "test gaming the gaming-shape scan cannot read: the parser resolves names within one file (Python, JS/TS, Go, Java, Ruby; Kotlin, Rust, C#, C/C++, Swift, PHP, shell and YAML files are not scanned at all), so a trick in a dependency or another module, a name taken from run-time data, equality that holds by computation, a call-count toggle and above all a hard-coded answer (the expected value written into the code) pass it; review agents' production changes, and keep tests that discriminate and a hold-out suite",
  "code under test that reads the hold-out tests it runs beside (their files, the caller's frame), or a hold-out report artifact anyone who can read the runs can download: run the hold-out where the change's code cannot reach the suite's source, and keep its report out of public artifacts (docs/stronger-evidence.md)",
  'what a mutation pass cannot prove: a killed mutant is a line the classified tests constrain, not a line that is right; an answer hard-coded for the inputs the visible tests use is killed by those very tests (every mutant of the constant makes them fail), so it passes `require-killed-mutants`; only a test on other inputs tells it apart: the hold-out suite, whose cases the agent never sees, checks the same behaviour on inputs it could not tune to (docs/stronger-evidence.md)',
  "production code that attacks the conduct recorder from inside the test process (docs/conduct.md): it can rebind the plugin's module globals or its hook's closure cells (found through `sys.modules`, which raises no audit event) so that later events are not sent, or close the channel and act within the watcher's 5 s grace; what it sent before is kept by the watcher, a closed channel with the process still running is `report-invalid`, and `ctypes`, `gc` walks and frame reads on the way are recorded; the pytest recorder sees Python only (a C extension's own syscalls are not recorded); the Node preload (jest, vitest) wraps the core modules' functions and records what calls them, so code that reaches the bindings underneath (`process.binding`, recorded), a native addon's own syscalls, a worker started with a fresh `execArgv`, or the per-process files the watcher merges (found through /proc/self/fd and rewritten with the raw binding) gets around it; its sites are the executed code's lines: under vitest 4 they are mapped back through vite's inline source map (kept from the `vm.runInThisContext` call vitest compiles each module with), unless the source file carries a map of its own (then the executed line stands: the agent writes that file, and vite would compose its map); under jest with a transform (babel-jest, ts-jest) they are not mapped (jest keeps the maps in its cache, not in the code), so a read on an arrow's body can land on the line above, possibly not the agent's",
  "a mutation report of another tree: the gate checks that each mutated file is the head's bytes (a stale report rejects) and who killed each mutant, not that the tool ran every mutator; keep the mutation job in a workflow the change cannot edit, and mutate the lines `ledger-gate targets --for stryker` prints",
];
