// The decision table of CONTRACT.md §3, as data. decide() takes each rule's result from here,
// and the job summary and the README render their table from the same rows.
import type { Result, RuleKey } from '../types.js';

export interface Rule {
  key: RuleKey;
  signal: string;
  class: string;
  result: Result;
  /** What a human does about it, in plain words. */
  action: string;
  /**
   * The command that resolves one finding, for a reject or review (src/decision/fix.ts fills
   * it in): `$id` the test id, `$artifact` / `$seeds` its row's, `$module` the finding's file,
   * `$run` the run's `--junit …` / `--collected …`, `$L` ` --ledger FILE` when not the
   * default, `$ledger` the ledger, `$base` the base ref (HEAD without one). `{file}` is the
   * CLI's own: each test's file.
   */
  fix?: string;
  /** The one command for several findings of the rule shown as one entry (one file's tests). */
  fixMany?: string;
  /** The trick this rule stops (README: threat model). */
  stops: string;
}

/** A review is resolved by an eligible human's approving review on the head commit (§3). */
const APPROVE = 'gh pr review --approve';

export const RULES: readonly Rule[] = [
  {
    key: 'fixture-unchanged',
    signal: 'pass, artifact digest matches, golden not touched in this change',
    class: 'locked_fixture',
    result: 'admit',
    action: 'none',
    stops: 'nothing: this is the admit a locked test earns',
  },
  {
    key: 'fixture-digest-mismatch',
    signal: 'artifact bytes no longer match the digest',
    class: 'locked_fixture',
    result: 'reject',
    action:
      "the golden's bytes changed but its row did not: if the change is meant, re-lock it (a reviewed contract change); if not, restore the file",
    fix: 'ledger-gate relock $artifact$L',
    stops: 'rewriting a golden so a broken output matches it',
  },
  {
    key: 'fixture-contract-change',
    signal: 'golden bytes changed and the digest bumped in the same change',
    class: 'locked_fixture',
    result: 'review',
    action: "a reviewer checks the golden's new bytes and approves the pull request",
    fix: APPROVE,
    stops: 'a golden and its digest rewritten together without anyone looking',
  },
  {
    key: 'fixture-missing',
    signal: 'artifact file absent or unreadable',
    class: 'locked_fixture',
    result: 'reject',
    action: 'restore the golden file, or drop the rows of a test that is gone',
    fix: 'git checkout $base -- $artifact',
    stops: 'deleting a golden so the test that compares with it has nothing to fail on',
  },
  {
    key: 'property-seeded',
    signal: 'pass, seeds folder present and non-empty',
    class: 'property',
    result: 'admit',
    action: 'optional seed growth review',
    stops: 'nothing: this is the admit a property earns',
  },
  {
    key: 'property-seeds-empty',
    signal: 'seeds folder missing or empty',
    class: 'property',
    result: 'reject',
    action: 'restore the seed files: the folder must hold at least one',
    fix: 'git checkout $base -- $seeds',
    stops: "emptying a property's seed corpus so it checks nothing",
  },
  {
    key: 'property-seeds-shrunk',
    signal: 'seed files deleted or rewritten in this change (seeds may only grow)',
    class: 'property',
    result: 'review',
    action: 'a reviewer checks the deleted or rewritten seeds and approves the pull request',
    fix: APPROVE,
    stops: 'removing or rewriting the seeds a broken change fails on',
  },
  {
    key: 'quarantine-pass',
    signal: 'pass on a quarantined id (pytest writes a non-strict XPASS as a pass)',
    class: 'quarantine',
    result: 'reject',
    action:
      'the quarantined test passes now: class it (lock it, or make it a property) instead, or keep it failing',
    fix: 'ledger-gate lock $id --artifact {file} $run$L',
    stops:
      'a quarantined failure that starts passing unnoticed (a fix nobody reviewed, or a test that stopped testing)',
  },
  {
    key: 'quarantine-fail',
    signal: 'fail or error on a quarantined id (expected), a pytest xfail included',
    class: 'quarantine',
    result: 'info',
    action: 'none',
    stops: 'nothing: a known failure, as expected',
  },
  {
    key: 'quarantine-removed',
    signal:
      "quarantined id skipped with a reason other than its row's `skip:` (or none on the row), or missing from the reports (deleting or re-classing the row is a ledger edit: `ledger-contract-change`)",
    class: 'quarantine',
    result: 'reject',
    action: 'restore the test, or, if it was deleted, drop its row in a reviewed change',
    fix: 'ledger-gate drop $id$L',
    fixMany: 'ledger-gate update $run$L',
    stops: 'making a quarantined test disappear instead of fixing it',
  },
  {
    key: 'draft-pass',
    signal: 'pass on an agent-added draft',
    class: 'draft',
    result: 'reject',
    action: "a human promotes the agent's draft to the class it proposes, or drops it",
    fix: 'ledger-gate promote $id$L   (or: ledger-gate drop $id$L)',
    stops: "an agent's own new test, written to pass, counted as evidence",
  },
  {
    key: 'draft-not-passing',
    signal:
      "fail, error or skip on a draft (in either run: the drafts' own run is read for drafts only)",
    class: 'draft',
    result: 'info',
    action: 'none',
    stops: 'nothing: a draft is not evidence either way',
  },
  {
    key: 'unclassified',
    signal: 'any result on an id missing from the ledger',
    class: 'none',
    result: 'reject',
    action: 'give the test a row: lock it to its own file (or a golden), or make it a property',
    fix: 'ledger-gate lock $id --artifact {file} $run$L',
    fixMany: 'ledger-gate update $run$L',
    stops: 'a new passing test nobody classified, offered as evidence',
  },
  {
    key: 'classified-fail',
    signal: 'fail or error on a locked_fixture / property test',
    class: 'any',
    result: 'reject',
    action: 'fix the code or the test; a test known to fail can be quarantined',
    fix: "ledger-gate quarantine $id --reason '<why it fails>' --owner '<who fixes it>' $run$L",
    stops: 'merging with a failing classified test',
  },
  {
    key: 'classified-skip',
    signal:
      "skip on a locked_fixture / property test whose row gives no `skip:` reason, or another reason than the report's (a pytest xfail, a jest todo and a module skipped at collection are skips)",
    class: 'any',
    result: 'reject',
    action: 'make the test run, or a human writes why it skips (`skip: <reason>` on its row)',
    fix: 'ledger-gate update $run$L',
    stops: 'skipping a failing test instead of fixing it',
  },
  {
    key: 'expected-skip',
    signal:
      "skip on a locked_fixture / property / quarantine test whose row's `skip:` is the reason the report gives (§2: compared after normalising; a skip without one reads as `skipped when frozen by ledger-gate init`)",
    class: 'any but draft',
    result: 'info',
    action: 'none',
    stops: 'nothing: the skip the row expects',
  },
  {
    key: 'classified-missing',
    signal:
      'a locked_fixture / property row with no result in any evidence report (see `expect`; a collected id always needs one); a row whose test file is still under the draft paths (a promoted draft) is missing so, since the evidence run leaves them out, and its fix moves the file',
    class: 'any',
    result: 'reject',
    action: 'restore the test, or, if it was deleted, drop its row in a reviewed change',
    fix: 'ledger-gate drop $id$L',
    fixMany: 'ledger-gate update $run$L',
    stops: 'deleting or renaming a classified test, or not running its file',
  },
  {
    key: 'flaky-pass',
    signal:
      'passed only after a recorded rerun (Surefire flakyFailure / rerunFailure, gotestsum reruns, jest --json invocations) or with a failure of the same id in another report file',
    class: 'any but quarantine',
    result: 'reject',
    action: 'fix the flakiness, or quarantine the test',
    fix: "ledger-gate quarantine $id --reason flaky --owner '<who fixes it>' $run$L",
    stops: 'rerunning a failing test until it passes',
  },
  {
    key: 'production-golden-no-bump',
    signal:
      "production paths (`production-paths`, else derived from the base's tree as for the agent allowlist, §3) and golden paths changed together, with no digest bump for those goldens",
    class: '—',
    result: 'reject',
    action: 're-lock the golden, so its new bytes are a reviewed contract change',
    fix: 'ledger-gate relock $artifact$L',
    stops: 'changing production code and its goldens together so the comparison still matches',
  },
  {
    key: 'ledger-contract-change',
    signal:
      "an existing row's class, digest, invariant, seeds or expected skip changed, a row deleted, or a non-draft row added, by a human's commit (a draft's promotion included; §3: the commit that last touched the row)",
    class: '—',
    result: 'review',
    action: "a reviewer checks the row's new contract and approves the pull request",
    fix: APPROVE,
    stops: "a human's ledger edit merged without review",
  },
  {
    key: 'ledger-agent-edit',
    signal:
      "the same, when the commit that last touched the row is an agent's (agents may only append draft rows); and a draft row, whoever appends it, for a test the base ledger classes with another class (its own row, or its file's row)",
    class: '—',
    result: 'reject',
    action: "undo the agent's edit of the row; a human makes it in a commit of their own",
    fix: 'git checkout $base -- $ledger',
    stops:
      'an agent that re-classes, re-digests or deletes rows, or appends a draft row over a locked test, to turn its reject into an admit',
  },
  {
    key: 'ledger-invalid',
    signal: 'the ledger fails validation (§2)',
    class: '—',
    result: 'reject',
    action: 'fix the ledger where the message points (lint lists every problem)',
    fix: 'ledger-gate lint$L',
    stops: 'a ledger crafted to be read one way by the gate and another by a person',
  },
  {
    key: 'agent-test-edit',
    signal:
      "an agent's commit adds, edits or deletes a test path outside the draft paths (a row's test file or artifact, a runner's test location; a file added to a property's seeds folder excepted)",
    class: '\u2014',
    result: 'reject',
    action: 'a human makes that edit, or the agent writes under the draft paths',
    fix: 'git checkout $base -- $module',
    stops:
      'redefining a locked test under the same id, editing the helper a test takes its expected value from, or making a property tautological',
  },
  {
    key: 'agent-harness-edit',
    signal:
      "an agent's commit adds, edits or deletes a harness path: runner configs and their test-settings keys, hooks and plugins, setup files, module mocks, Python start-up hooks and shadowing modules, CI workflows, and every file the base's CI reaches (the scripts, Makefiles, npm scripts, `.npmrc` and modules its steps and configs name, production folders included) (a bot's edit that only moves `uses:` pins or a listed lockfile is `harness-change`; a registry dependency bump in a manifest is `dependency-change`)",
    class: '\u2014',
    result: 'reject',
    action: 'a human makes that edit',
    fix: 'git checkout $base -- $module',
    stops:
      'a conftest hook that rewrites failures, a setup file that replaces `expect`, a config that stops a test file from running, a root module that shadows the runner',
  },
  {
    key: 'draft-in-evidence-run',
    signal:
      "an agent's commit adds or edits a file under the draft paths, and the evidence run collects them: a test command of the base's CI that does not leave the draft folders out (`--ignore`, `--testPathIgnorePatterns`, `--exclude`), drafts run in the evidence's job, a report case in a draft file, or the base's CI could not be read (§3 \"Drafts run apart\")",
    class: '\u2014',
    result: 'reject',
    action:
      'a human leaves the draft paths out of the evidence run (the one-line change the finding names), or the agent drops its draft',
    fix: '$own',
    stops:
      'a draft module that patches production at import, or a draft test that leaves a process behind to rewrite the finished report, run in the same process or runner as the locked tests',
  },
  {
    key: 'agent-write-outside',
    signal:
      "an agent's commit adds, edits or deletes a path outside the production paths, the draft paths and the ledger — production paths: `agent-write-paths` when set, else `production-paths`, else derived from the base's tree (top-level source folders less test-like folders, dotfiles and manifests, and the root source files the base has); `**` turns it off (§3); inert files (documents, pictures, licences, changelogs: regular, not executable, no shebang, not read as tests by the base's CI) are the agent's to write; a test, harness, golden or report path is its own rule's, a registry dependency bump `dependency-change`'s; a manifest edit that is more (a path, git or tarball spec, a script, an override, any other key) or a lock file changed with no reviewed manifest edit and not all on the registry stays here",
    class: '\u2014',
    result: 'reject',
    action:
      'a human makes that edit in a commit of their own, or the agent keeps to its write paths',
    fix: 'git checkout $base -- $module',
    stops:
      'any write an agent makes outside the code it was asked to fix (a new root module, a project `.npmrc`, a manifest key, an install script, a git or tarball dependency, a Makefile target), whether or not a harness or test list names the file',
  },
  {
    key: 'dependency-change',
    signal:
      "an agent's commit (a dependency bot's too) only moves registry versions of a manifest's dependencies — package.json `dependencies`, `devDependencies`, `peerDependencies`, `optionalDependencies`; pyproject.toml `[project] dependencies`, optional dependencies and `[dependency-groups]`; requirements files — with the lock files of its folder, or a package-lock.json alone whose changed packages all resolve on the npm registry; the finding names each package old → new (`accepts` names the files)",
    class: '\u2014',
    result: 'review',
    action: 'a reviewer checks what the new versions load and approves the pull request',
    fix: APPROVE,
    stops:
      'a dependency an agent adds or moves (a runtime library or the test tooling) merged without anyone looking at what it loads',
  },
  {
    key: 'harness-unresolved',
    signal:
      "a command, config value or import in the base's CI files that the harness resolvers cannot follow (a variable, a dynamic import, a non-POSIX shell): what it reaches is not known",
    class: '\u2014',
    result: 'info',
    action: 'list what it reaches in `harness-paths`, or write it as a literal path',
    stops:
      'nothing on its own: said so that an unfollowed file is never silently taken as no harness',
  },
  {
    key: 'harness-change',
    signal:
      "a human's commit changes a harness path, or a dependency bot's commit only moves `uses:` pins or a listed lockfile (a contract change: `accepts` names the file)",
    class: '\u2014',
    result: 'review',
    action: 'review the harness change',
    fix: APPROVE,
    stops: 'a harness edit merged without anyone looking at it',
  },
  {
    key: 'collection-skipped',
    signal:
      'a pytest module skipped at collection (importorskip, skip(allow_module_level=True)): not a test; its rows are judged as skipped',
    class: '—',
    result: 'info',
    action: 'none',
    stops: 'nothing: said so the rows it skips are judged as skips',
  },
  {
    key: 'collection-error',
    signal: 'a pytest module that could not be collected (an import or syntax error)',
    class: '—',
    result: 'reject',
    action: 'fix the module so that pytest can import it',
    fix: 'pytest --collect-only -q $module',
    stops: 'a broken module whose tests silently never run',
  },
  {
    key: 'report-unmapped',
    signal: 'a test case that maps to no collected id, or to several',
    class: 'none',
    result: 'reject',
    action: "give the run's collected ids with --collected (`pytest --collect-only -q` output)",
    fix: 'pytest --collect-only -q > collected.txt   (then pass --collected collected.txt)',
    stops: 'a report case whose id is ambiguous or made up',
  },
  {
    key: 'report-invalid',
    signal:
      "a JUnit file is unreadable, malformed, hostile, or no report holds any test case, or the evidence reports hold drafts only; the drafts' own run (`draft-junit`) unreadable, holding a case outside the draft paths, or missing or empty while the checkout or the ledger holds drafts; or a configured conduct report (`conduct`) is missing, cut, hostile, from another run, or names a JUnit report that no longer has the bytes it had when the session ended",
    class: '—',
    result: 'reject',
    action: 'fix the test run, so that --junit names its JUnit reports',
    fix: 'ledger-gate lint $run$L',
    stops: 'a malformed, hostile or empty report read as a pass',
  },
  {
    key: 'reports-missing',
    signal:
      'fewer report files arrived than `reports-expected` says the run delivers (a shard whose test process died, or whose upload failed)',
    class: '\u2014',
    result: 'reject',
    action: 're-run the missing shard; if production code ends the process, fix it',
    fix: 'gh run rerun --failed   (the run whose shard wrote no report)',
    stops:
      'production code that exits the test process so its shard writes no report, leaving the surviving shards to be admitted',
  },
  {
    key: 'report-in-change',
    signal:
      'a report file (a `junit` match or the `collected` list) that the change ships: tracked at the head and added or modified by the change, or with the bytes of a file the change adds; none of it is read',
    class: '—',
    result: 'reject',
    action:
      'commit no reports; upload only what the runner wrote, from a folder the job creates ($RUNNER_TEMP/reports)',
    fix: 'git rm --cached -- $module',
    stops:
      'a report committed beside CI’s real one, supplying the pass for a test the change stopped running',
  },
  {
    key: 'production-gaming-shape',
    signal:
      "a line an agent's commit adds outside the test, draft, golden, ledger, report and harness paths has a gaming shape (docs/gaming-shapes.md: reading the caller or the stack, the runner's presence, leaving the process or hooking its exit, patching the runner or built-ins, naming where reports go, writing outside its own folder, an equality that always holds; names, keys and paths as evaluated), not allowed for that path by the base's `gaming_allow`; or a draft file an agent's commit adds or edits reaches past its own run (the draft rules: it patches an imported module or a built-in, starts a process that may outlive the run, hooks the exit, writes outside its folder); or those lines could not all be read",
    class: '\u2014',
    result: 'review',
    action:
      "a reviewer reads the line (annotated) and approves; a meant use is allowed for its path in the base's ledger (`gaming_allow: [SHAPE=PATH]`); `gaming_result: reject` makes it reject",
    fix: APPROVE,
    stops:
      "production code that games its tests: a function that reads its caller's frame, a check of the runner's environment, `exit(0)` or an exit hook that rewrites the report, a module that patches the assertions on import, an `__eq__` that always holds",
  },
  {
    key: 'production-conduct',
    signal:
      "with `conduct` (a conduct report the shipped pytest or Node recorder wrote, docs/conduct.md): a line an agent's commit wrote in a production file did, during the test run, what production code has no need to: opened a repository path, listed a folder, ran code built at run time, read a frame or a traceback's frames, set a tracer, started a process, added an audit hook or an exit hook, used ctypes or walked the garbage collector's objects; reject when it wrote, removed or renamed a test, golden, ledger, harness or report path; or the recorder dropped events past its caps",
    class: '\u2014',
    result: 'review',
    action:
      'a reviewer reads the line (annotated) and what it did in the run, and approves a meant use (a production file reading its own data, a tool starting a process); a write to the evidence is fixed, never approved',
    fix: APPROVE,
    stops:
      'production code that finds the tests at run time, where no name list sees it: a shell command in a subprocess, `os.open` of an assembled path, a walk of the import path to a test file, a traceback\u2019s frames reached through `dir()`, a thread that rewrites the JUnit report after the session',
  },
  {
    key: 'passes-without-change',
    signal:
      "with a base run (`base-junit`: the head's tests on the base's production code): a draft promoted to property / locked_fixture, or a test newly classified by the change, that passes on the base run too, or that the base run skips or does not hold (reject with `require-fail-to-pass`)",
    class: 'property / locked_fixture',
    result: 'review',
    action:
      'it passes without the change, so it does not test it: write a test that fails on the base, or a reviewer approves it as a plain regression guard',
    fix: APPROVE,
    stops:
      'a tautological draft (`assert parse(x) is not None`) promoted as if it tested the change',
  },
  {
    key: 'no-failing-test',
    signal:
      "with `require-fail-to-pass` and a base run: an agent's production change none of whose classified tests fails on the base run",
    class: '—',
    result: 'review',
    action:
      'add a test that fails without the change (a human classes it), or a reviewer approves the untested patch',
    fix: APPROVE,
    stops: "an agent's patch that no test needs, admitted as tested",
  },
  {
    key: 'holdout-fail',
    signal:
      'a hold-out case (`holdout-junit`: tests the repository does not hold) that fails, errors, skips or passes only on a rerun; shown by an opaque id only',
    class: '—',
    result: 'reject',
    action:
      "look the opaque id up in the hold-out job's own log, and fix the production code (not the visible tests)",
    fix: "ledger-gate holdout-ids --junit '<the hold-out reports>'   (where the agent cannot read it: it maps each id to its case)",
    stops:
      'code that games the visible tests: a call counter that lets contradictory assertions pass, answers hard-coded for the inputs the tests use',
  },
  {
    key: 'holdout-missing',
    signal:
      'a hold-out set is configured but no report matches, a report cannot be read or is shipped by the change, or no report holds a case',
    class: '—',
    result: 'reject',
    action:
      'fix the hold-out job, so that it uploads its JUnit reports where `holdout-junit` points',
    fix: "ledger-gate holdout-ids --junit '<the hold-out reports>'   (where the agent cannot read it: it lists the cases the reports hold)",
    stops: 'a hold-out suite that silently stopped running',
  },
  {
    key: 'mutant-survived',
    signal:
      "with `mutation-report`: a mutant on a judged line (a production line the change's agent commits add or change; every changed production line under `mutation-scope: change`) that survived, had no coverage, or was killed only by tests that are not admissible (drafts, unclassified or quarantined tests, tests the change adds or edits); or a judged line in a file no report mutated (reject with `require-killed-mutants`)",
    class: '\u2014',
    result: 'review',
    action:
      'a test a human classified (a locked_fixture or property row of the base ledger) must fail on the mutant: write one and have it classified, or a reviewer approves the untested line',
    fix: APPROVE,
    stops:
      "an agent's patch pinned down by no test a human classified, only by the tests the agent wrote beside it",
  },
];

const BY_KEY = new Map(RULES.map((r, i) => [r.key, { rule: r, order: i }]));

export function rule(key: RuleKey): Rule {
  return BY_KEY.get(key)!.rule;
}

/** The table's order: ties between rules of the same severity go to the earlier row. */
export function ruleOrder(key: RuleKey): number {
  return BY_KEY.get(key)!.order;
}

export const SEVERITY: Record<Result, number> = { reject: 3, review: 2, admit: 1, info: 0 };
