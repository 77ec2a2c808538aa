// The option table of each command, declared once: its parser (`parseArgs` in
// src/commands/<name>.ts), its `--help`, the usage line after a usage error and the typo check
// all read the same entry. They sit here, not in each command's module, because the CLI loads
// an upkeep command only when it is called (each is a chunk of the bundle): its help must not
// pull in the command.
import { EXIT_CODES, type CommandHelp } from './options.js';

/** `--dry-run`, as every command that writes the ledger takes it. */
const DRY_RUN = {
  'dry-run': { type: 'boolean', help: 'print the diff it would make to the ledger; write nothing' },
} as const;

const LEDGER = {
  type: 'string',
  value: 'FILE',
  help: 'the ledger (default: ledger.yaml in tests/, else test/, else spec/, else tests/)',
} as const;

/** The run the commands that add rows check ids against (item: typos refused). */
const RUN = {
  junit: {
    type: 'string',
    multiple: true,
    value: 'GLOB',
    help: 'the run to check ids against: JUnit reports (or jest --json results)',
  },
  collected: {
    type: 'string',
    value: 'FILE',
    help: 'the run to check ids against: `pytest --collect-only -q` output',
  },
  new: {
    type: 'boolean',
    help: 'accept an id the run does not hold (a test not written or run yet)',
  },
} as const;

/** The run the commands that write rows from it read (init, update): its statuses decide the rows. */
const THE_RUN = {
  collected: {
    type: 'string',
    value: 'FILE',
    help: 'ids from `pytest --collect-only -q` (pytest reports map through it)',
  },
  junit: {
    type: 'string',
    multiple: true,
    value: 'GLOB',
    help: 'the run: JUnit reports or jest --json results (their statuses decide the rows)',
  },
} as const;

export const CHECK = {
  usage: '--junit GLOB [--junit GLOB…] [options]',
  summary: 'Judge the test evidence of a change and print a short report.',
  about:
    'Reads the ledger, the JUnit reports and (with --base) the change, applies the decision\n' +
    'table, and prints a short report: the decision, the counts and the findings that reject\n' +
    'or ask for review (a golden shared by many tests is one entry). The full Markdown summary\n' +
    'is written only with --summary, the JSON report only with --json. The last line on stderr\n' +
    'is always ' +
    '`ledger-gate: <decision>`. Colour only on a terminal, never with NO_COLOR set.',
  options: {
    junit: {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'JUnit report files, at least one; shards are merged',
    },
    ledger: LEDGER,
    base: {
      type: 'string',
      value: 'REF',
      help: 'diff against the merge base with REF; without it the diff rules are skipped',
    },
    head: { type: 'string', value: 'REF', help: 'the change’s head (default HEAD)' },
    production: {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: "production paths, for production-golden-no-bump and the agent allowlist (default: derived from the base's tree)",
    },
    goldens: {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'golden paths (default: every locked_fixture artifact)',
    },
    'test-paths': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'test paths an agent may not change (default: docs/evidence-paths.md)',
    },
    'harness-paths': {
      type: 'string',
      multiple: true,
      value: 'GLOB[#KEY]',
      help: 'harness paths (default: docs/evidence-paths.md)',
    },
    'draft-paths': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'where an agent may write tests (default tests/agent_drafts/**)',
    },
    collected: {
      type: 'string',
      value: 'FILE',
      help: 'the output of `pytest --collect-only -q`, to map pytest ids',
    },
    'agent-write-paths': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: "where agents' commits may write, beside the draft paths (anything else rejects; default: --production, else derived from the base; '**': off)",
    },
    'reports-expected': {
      type: 'string',
      value: 'N',
      help: 'how many report files the run delivers (the shard count); fewer rejects',
    },
    expect: {
      type: 'string',
      value: 'all|ran-files',
      help: 'which rows must have a result (default all)',
    },
    'agent-authors': {
      type: 'string',
      multiple: true,
      value: 'PATTERNS',
      help: "patterns naming agents' commit authors and logins (default: CONTRACT.md §3)",
    },
    gaming: {
      type: 'string',
      value: 'review|reject',
      help: "what a gaming shape in an agent's production lines is (default review; docs/gaming-shapes.md)",
    },
    author: {
      type: 'string',
      value: 'auto|agent|human',
      help: 'who wrote the change (default auto: from the commits)',
    },
    'quarantine-max-age-days': {
      type: 'string',
      value: 'DAYS',
      help: 'warn about quarantine rows older than this',
    },
    json: { type: 'string', value: 'FILE', help: 'write the JSON report to FILE (- for stdout)' },
    summary: {
      type: 'string',
      value: 'FILE',
      help: 'write the Markdown summary to FILE (- for stdout)',
    },
    'draft-junit': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: "reports of the drafts' own run (a job apart): judged as drafts only, never evidence; missing while there are drafts: reject",
    },
    'base-tests': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: "reports of the base commit's own run: review entries name the tests a file adds, deletes, renames",
    },
    'base-junit': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: "reports of the head's tests run on the base's production code (docs/stronger-evidence.md)",
    },
    'require-fail-to-pass': {
      type: 'boolean',
      help: 'with --base-junit: a new test that passes on the base rejects; an untested agent patch is reviewed',
    },
    'holdout-junit': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'reports of a hold-out suite: every case must pass; shown by opaque id (key: $LEDGER_GATE_HOLDOUT_KEY)',
    },
    'mutation-report': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'mutation-testing-elements JSON reports (StrykerJS, PIT, Infection…): mutants on the judged lines must be killed by classified tests',
    },
    'mutation-scope': {
      type: 'string',
      value: 'agent|change',
      help: 'with --mutation-report: judge the lines agent commits wrote (agent, default) or every changed production line',
    },
    'require-killed-mutants': {
      type: 'boolean',
      help: 'with --mutation-report: mutant-survived rejects instead of asking for review',
    },
    conduct: {
      type: 'string',
      value: 'FILE',
      help: 'the conduct report the pytest recorder wrote (ledger-gate conduct --pytest): what agent-written production lines did in the run (docs/conduct.md)',
    },
  },
  more: [EXIT_CODES],
} as const satisfies CommandHelp;

export const INIT = {
  usage: '--junit GLOB [--collected FILE] | --collected FILE --owner O [options] [--dry-run]',
  summary:
    'Freeze a run into a new ledger: failing tests quarantined, skips expected, rules class the rest.',
  options: {
    ledger: LEDGER,
    ...THE_RUN,
    owner: { type: 'string', value: 'O', help: 'who answers for the quarantined rows' },
    reason: {
      type: 'string',
      value: 'R',
      help: 'the reason on rows of passing tests no rule matched',
    },
    rule: {
      type: 'string',
      multiple: true,
      value: 'ID_GLOB=CLASS:…',
      help: 'class matching ids: =property:INVARIANT:SEEDS_DIR or =locked_fixture:PATH|{file}',
    },
    force: { type: 'boolean', help: 'replace an existing ledger' },
    schema: { type: 'string', value: 'URL', help: 'the JSON Schema named in the modeline' },
    ...DRY_RUN,
  },
} as const satisfies CommandHelp;

export const LOCK = {
  usage:
    "ID|'ID_GLOB'... --artifact PATH|'GLOB'|{file}... [--junit GLOB | --collected FILE] [--new] [--dry-run]",
  summary:
    'Make each ID a locked_fixture of PATH (or of its own file), with the digest of its bytes; several --artifact or a glob lock one set of goldens.',
  options: {
    ledger: LEDGER,
    artifact: {
      type: 'string',
      multiple: true,
      value: 'PATH',
      help: "the golden file (again for each of several, or a 'GLOB'), or {file}: each test's own file",
    },
    ...RUN,
    ...DRY_RUN,
  },
} as const satisfies CommandHelp;

export const UPDATE = {
  usage: '--junit GLOB [--collected FILE] [--rule ID_GLOB=CLASS:…]… [--dry-run] [--file-rows]',
  summary:
    'After an honest change: re-lock changed files and goldens, class new tests, drop deleted ones; print the diff.',
  about:
    "Brings the ledger level with the run and the working tree in one command: every locked_fixture row whose file changed is re-locked, a row whose test is gone (its file gone, or a file that ran without it) is dropped, a new test is classed by the ledger's rules: (else each is locked to its own file, one FILE::* row per file), and a new skip gets the report's reason. Prints the diff it makes. Refuses, writing nothing, while a test that is not quarantined fails or a module cannot be collected. The gate judges the commit that writes the result: an agent's is ledger-agent-edit.",
  options: {
    ledger: LEDGER,
    ...THE_RUN,
    owner: {
      type: 'string',
      value: 'O',
      help: 'who answers for a new quarantine row (a new xfail)',
    },
    rule: {
      type: 'string',
      multiple: true,
      value: 'ID_GLOB=CLASS:…',
      help: "class new tests by this rule first (as init's --rule); kept in the ledger's rules:",
    },
    'file-rows': {
      type: 'boolean',
      help: "also fold each file's exact rows locked to the file itself into one FILE::* row",
    },
    'dry-run': { type: 'boolean', help: 'print the diff, write nothing' },
  },
} as const satisfies CommandHelp;

export const RELOCK = {
  usage: 'PATH... [--dry-run]',
  summary: 'Re-lock every locked_fixture row that names PATH to its current bytes.',
  options: { ledger: LEDGER, ...DRY_RUN },
} as const satisfies CommandHelp;

export const HOOK = {
  usage: 'install [--command CMD] | run',
  summary:
    'A git pre-commit hook that re-locks the rows of staged test files and goldens and stages the ledger: one CI cycle per honest commit.',
  about:
    "`hook install` writes a git pre-commit hook (the hook already there is kept and runs first; under husky it adds its lines to .husky/pre-commit; under lefthook it prints the lefthook.yml lines to add). The hook calls the CLI as `hook install` was run (`node path/to/cli`, a global install, or `npx --package SPEC`), else `ledger-gate` from PATH; with neither there it warns and lets the commit go on. The hook runs `hook run`: every locked_fixture row of a staged test file or golden is re-locked to the staged bytes and the ledger is staged into the same commit, with a line per file saying what changed. No test run is needed (a file row covers its file's new tests). It grants nothing: the gate judges the commit like any ledger edit, and an agent's is ledger-agent-edit.",
  options: {
    ledger: LEDGER,
    command: {
      type: 'string',
      value: 'CMD',
      help: 'install: how the hook calls the CLI (default: as this install was run, else ledger-gate from PATH)',
    },
  },
} as const satisfies CommandHelp;

export const PROPERTY = {
  usage:
    "ID|'ID_GLOB'... --invariant NAME --seeds DIR [--junit GLOB | --collected FILE] [--new] [--dry-run]",
  summary: 'Make ID a property test: an invariant name and a non-empty seeds folder.',
  options: {
    ledger: LEDGER,
    invariant: { type: 'string', value: 'NAME', help: 'the invariant the test checks' },
    seeds: { type: 'string', value: 'DIR', help: 'the seed corpus folder' },
    ...RUN,
    ...DRY_RUN,
  },
} as const satisfies CommandHelp;

export const QUARANTINE = {
  usage:
    "ID|'ID_GLOB'... --reason R --owner O [--junit GLOB | --collected FILE] [--new] [--dry-run] | --list",
  summary: 'Quarantine ID (its failures are expected), or list the quarantine with its ages.',
  options: {
    ledger: LEDGER,
    reason: { type: 'string', value: 'R', help: 'why it is quarantined' },
    owner: { type: 'string', value: 'O', help: 'who answers for it' },
    list: { type: 'boolean', help: 'list the quarantined rows and their age' },
    ...RUN,
    ...DRY_RUN,
  },
} as const satisfies CommandHelp;

export const DROP = {
  usage: "ID|'ID_GLOB'... [--dry-run]",
  summary: 'Remove rows (a deleted or renamed test), keeping every other byte of the ledger.',
  options: { ledger: LEDGER, ...DRY_RUN },
} as const satisfies CommandHelp;

export const PROMOTE = {
  usage: "ID|'ID_GLOB'... [--artifact PATH | --invariant NAME --seeds DIR] [--dry-run]",
  summary: "Promote a draft row to its proposed class, once that class's fields are given.",
  options: {
    ledger: LEDGER,
    artifact: { type: 'string', value: 'PATH', help: 'for a locked_fixture: the golden file' },
    invariant: { type: 'string', value: 'NAME', help: 'for a property: the invariant' },
    seeds: { type: 'string', value: 'DIR', help: 'for a property: the seeds folder' },
    ...DRY_RUN,
  },
} as const satisfies CommandHelp;

export const DIGEST = {
  usage: "PATH... | --set PATH|'GLOB'...",
  summary:
    'Print `sha256:<hex>  PATH` for each file, as the ledger records it; with --set or a glob, the one digest of those goldens as a set.',
  options: {
    ledger: { ...LEDGER, help: 'accepted for symmetry, unused' },
    set: { type: 'boolean', help: 'digest the paths and globs as one golden set (CONTRACT §2)' },
  },
} as const satisfies CommandHelp;

export const CONDUCT = {
  usage: '--pytest|--node [--report FILE]',
  summary:
    'Print the environment (NAME=value lines, for $GITHUB_ENV) that records what production code does in a pytest, jest or vitest run: the conduct report --conduct reads (docs/conduct.md).',
  options: {
    pytest: { type: 'boolean', help: 'record a pytest run (the shipped plugin, loaded with -p)' },
    node: {
      type: 'boolean',
      help: 'record a jest or vitest run (the shipped preload, in NODE_OPTIONS=--require; docs/conduct.md)',
    },
    report: {
      type: 'string',
      value: 'FILE',
      help: 'where the conduct report goes (default $RUNNER_TEMP/reports/conduct.jsonl)',
    },
  },
} as const satisfies CommandHelp;

export const LINT = {
  usage: '[--junit GLOB] [--collected FILE]',
  summary:
    'Validate the ledger (paths included) and, given a run, list stale rows; file:line:col: message.',
  options: {
    ledger: LEDGER,
    junit: {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'list rows whose ids no report holds',
    },
    collected: {
      type: 'string',
      value: 'FILE',
      help: 'list rows whose ids the collected list lacks',
    },
  },
  more: ['exit status: 0 valid · 1 any problem or stale row · 2 usage error'],
} as const satisfies CommandHelp;

export const HARNESS = {
  usage: '[--ref REF]',
  summary:
    "List the harness a commit's CI reaches (what `check --base REF` reads from the base), and what it cannot follow.",
  more: ['exit status: 0 · 1 not a git repository or no such commit · 2 usage error'],
  options: {
    ref: { type: 'string', value: 'REF', help: 'the commit to read (default HEAD)' },
  },
} as const satisfies CommandHelp;

export const RULES = {
  usage: '[--threats | --paths | --gaming]',
  summary: 'Print the decision table (or the threat model, or the default path sets) as Markdown.',
  more: ['exit status: 0 · 2 usage error'],
  options: {
    threats: {
      type: 'boolean',
      help: 'the threat model: what the gate trusts, the trick each rule stops, what it cannot',
    },
    paths: {
      type: 'boolean',
      help: 'the default test, harness and draft paths, with their sources',
    },
    gaming: {
      type: 'boolean',
      help: 'the gaming shapes the scan of agent production lines looks for',
    },
  },
} as const satisfies CommandHelp;

export const HOLDOUT_IDS = {
  usage: '--junit GLOB [--junit GLOB…]',
  summary:
    "For the team's own eyes: each hold-out case's opaque id, status and name (key: $LEDGER_GATE_HOLDOUT_KEY).",
  about:
    'Prints one line per test case of the reports: `h-<16 hex>  <status>  <classname>  <name>`, the id\n' +
    'the gate shows for it (HMAC-SHA256 of classname NUL name, keyed with LEDGER_GATE_HOLDOUT_KEY).\n' +
    'It prints the names the gate hides: run it only where the agent cannot read its output\n' +
    '(your own machine, a private job; docs/stronger-evidence.md).',
  options: {
    junit: {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: "the hold-out suite's JUnit reports",
    },
  },
} as const satisfies CommandHelp;

export const TARGETS = {
  usage: '--base REF --for stryker|base-run [--runner pytest|jest|vitest] [--production GLOB…]',
  summary:
    'Print what the stronger evidence must run: the changed production lines to mutate, or the tests the base run judges.',
  about:
    '--for stryker: one `path:start-end` line per run of lines the change adds or changes in a\n' +
    "production file, for Stryker's --mutate (join them with commas). --for base-run: the test\n" +
    'files (pytest: node ids and files) whose judgement the base run can change: tests the\n' +
    'change adds, newly classifies, promotes or edits. Nothing is printed when there is nothing\n' +
    'to run: skip the job then (docs/stronger-evidence.md).',
  options: {
    base: { type: 'string', value: 'REF', help: 'the base the change is compared with' },
    head: { type: 'string', value: 'REF', help: 'the head (default HEAD)' },
    for: { type: 'string', value: 'stryker|base-run', help: 'what the list is for' },
    runner: {
      type: 'string',
      value: 'pytest|jest|vitest',
      help: 'with --for base-run: the syntax of the entries (default jest: files)',
    },
    production: {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'production paths (default: code files outside the test, draft and harness paths)',
    },
    'test-paths': {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: "the test paths (default: the gate's own, docs/CONTRACT.md §3)",
    },
    ledger: { type: 'string', value: 'FILE', help: 'the ledger (default as check finds it)' },
  },
} as const satisfies CommandHelp;

export const SETUP = {
  usage:
    '[--runner NAME] [--shards N] [--forks] [--branch B] [--junit GLOB… --owner O [--rule …]] [--code-owner @WHO] [--trial] [--force] [--dry-run]',
  summary:
    'Write the workflow(s), the ledger and CODEOWNERS lines for the runner here; print the branch-protection steps.',
  about:
    'Detects the test runner from the files at the root (pytest, jest, vitest, go, maven; --runner\n' +
    "when there are several) and writes .github/workflows/tests.yml running the project's own\n" +
    'test command (with --forks also ledger-gate.yml, the workflow_run half for pull requests\n' +
    'from forks). When a workflow of the project already runs the tests, it writes none and\n' +
    'prints the lines that extend that one. Given a run\n' +
    '(--junit, --owner) it freezes it with `init`; without one it prints the commands to run.\n' +
    'With --code-owner it writes .github/CODEOWNERS lines for the ledger, the goldens and the\n' +
    'workflows. It refuses to overwrite any file without --force (CODEOWNERS is appended to).',
  options: {
    runner: {
      type: 'string',
      value: 'NAME',
      help: 'pytest, jest, vitest, go or maven (default: detected)',
    },
    shards: { type: 'string', value: 'N', help: 'split the test job into N shards (default 1)' },
    conduct: {
      type: 'boolean',
      help: 'pytest or jest: record what production code does in the run (docs/conduct.md): the test job loads the shipped recorder (jest: in the test step only), the gate reads its report',
    },
    forks: {
      type: 'boolean',
      help: 'also write the workflow_run workflow that judges pull requests from forks',
    },
    branch: {
      type: 'string',
      value: 'B',
      help: "the branch to protect (default: origin's default branch, else the one checked out)",
    },
    ledger: LEDGER,
    ...THE_RUN,
    owner: { type: 'string', value: 'O', help: "who answers for init's quarantined rows" },
    rule: {
      type: 'string',
      multiple: true,
      value: 'ID_GLOB=CLASS:…',
      help: "init's --rule: class matching ids before the default (each test locked to its file)",
    },
    'code-owner': {
      type: 'string',
      multiple: true,
      value: '@WHO',
      help: 'owner of the ledger, goldens and workflows in .github/CODEOWNERS',
    },
    trial: {
      type: 'boolean',
      help: 'write `fail-on: never` on the gate step: an advisory trial, the check neutral',
    },
    force: { type: 'boolean', help: 'replace existing workflows and ledger; append to CODEOWNERS' },
    'dry-run': { type: 'boolean', help: 'print what it would write; write nothing' },
  },
} as const satisfies CommandHelp;
