// The shapes of test gaming that production code may not grow unseen (CONTRACT §3 "Gaming
// shapes"), as data: one entry per shape, the trick it stops and where the trick is
// documented. The parser's rules (src/code/rules/) each name the shape they find; findings,
// the ledger's `gaming_allow` and docs/gaming-shapes.md (src/code/render-shapes.ts) name it too.

export interface Shape {
  /** kebab-case, as findings, the ledger's `gaming_allow` and the docs name it. */
  id: string;
  /** What it looks for, in a few words (the finding's message). */
  what: string;
  /** The trick it stops. */
  stops: string;
  /** Where the trick is documented. */
  source: string;
}

const IMPOSSIBLE =
  'ImpossibleBench (Zhong et al., ICLR 2026, arXiv 2510.20270) and its published transcripts';
const ISSUE = 'issue 24 (round 4 attacks)';

export const SHAPES: readonly Shape[] = [
  {
    id: 'caller-frame',
    what: 'reads its caller or the stack',
    stops:
      "a function that looks at the calling test's frame, source line or stack trace to return what the assertion expects",
    source: `${IMPOSSIBLE}: a function that reads its caller's source line`,
  },
  {
    id: 'runner-env',
    what: "reads the test runner's presence or environment",
    stops:
      "code that returns the expected value only when it sees the runner's environment variables, its module or its command line",
    source: `${IMPOSSIBLE}: a check of the test runner's environment`,
  },
  {
    id: 'process-exit',
    what: 'leaves the process, or hooks its exit or its uncaught errors',
    stops:
      'library code that exits (status 0) when the failing input arrives, or an exit or exception hook that rewrites what the runner reports',
    source: `${IMPOSSIBLE}: exit(0) when the failing input arrives, an exception hook`,
  },
  {
    id: 'runner-patch',
    what: 'imports or patches the test runner, the assertion library or built-ins',
    stops:
      'a module that, when it is imported, replaces the assertion machinery, the runner, a built-in or the module cache, so a failing check passes',
    source: `${ISSUE}: a module that patches the runner or the assertion machinery on import`,
  },
  {
    id: 'report-write',
    what: 'names where test reports go',
    stops:
      'code that writes to or rewrites the report file the runner produces (a JUnit file, $RUNNER_TEMP, the configured report globs)',
    source: `${ISSUE}: an exit hook that rewrites the report file the runner just wrote`,
  },
  {
    id: 'dynamic-code',
    what: 'runs code it builds at run time, or loads a module by a computed name',
    stops:
      'code decoded or assembled at run time and handed to exec/eval/Function/vm, or a module loaded by a computed name, so what runs is not what the diff shows',
    source: 'issue 36 (round 5 attacks): decoded code handed to exec',
  },
  {
    id: 'test-source-read',
    what: 'reads test sources or lists test folders',
    stops: 'production code that opens the test files and answers what they assert',
    source: 'issue 36 (round 5 attacks): production code that reads the tests',
  },
  {
    id: 'outside-write',
    what: 'writes outside its own folder, or where the code cannot say',
    stops:
      'production code that rewrites a test, a golden or a fixture on disk before the runner collects it',
    source: 'issue 43 (item 3): production code that rewrites a test file before it is collected',
  },
  {
    id: 'draft-patch',
    what: 'a draft that patches an imported module, a built-in or sys.modules where it is loaded',
    stops:
      "a draft test that replaces production's function at import, so every test collected after it (the evidence run's too) passes against the patch",
    source: 'issue 43 (item 1): draft files are read by the parser all the same',
  },
  {
    id: 'draft-detach',
    what: 'a draft that starts a process outliving its run, or hooks or skips the exit',
    stops:
      'a draft that leaves a process behind to rewrite the evidence run or its report after its own job ends, or ends the run before the runner reports',
    source: 'issue 43 (item 1): draft files are read by the parser all the same',
  },
  {
    id: 'always-equal',
    what: 'defines an equality or conversion that returns a constant',
    stops:
      'an object whose equality, hash, comparison or conversion always holds, so any assertion against it passes',
    source: `${IMPOSSIBLE}: an __eq__ that always holds`,
  },
];

export const SHAPE_IDS: readonly string[] = SHAPES.map((s) => s.id);
