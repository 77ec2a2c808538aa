// The parser's rules for Go (data; src/code/rule.ts says the format). Names are the import
// path and the name as written: `r.Caller` after `import r "runtime"`, and `Caller` after
// `import . "runtime"`, are both `runtime.Caller`; `runtime/debug.Stack` is debug's.
import type { CodeRule } from '../rule.js';

/**
 * An exit's status that is no finding: a failing literal, which cannot turn a run green
 * (the line scan had it), or a program's `main()` handing back its status, a script's entry
 * point (`os.Exit(mage.Main())`, as Python's `sys.exit(main())`; tuned on logrus).
 */
export const FAILING_STATUS = /^(-?[1-9]|\(\s*-?[1-9])|^([\w.]{0,80}\.)?[Mm]ain\(/;

/** Literals naming where reports go (the line scan's report-write needles). */
export const REPORT_NEEDLES =
  /junit|xunit|RUNNER_TEMP|GITHUB_STEP_SUMMARY|<testsuite|<testcase|<failure/i;

export const GO_RULES: readonly CodeRule[] = [
  {
    id: 'go-caller-frame',
    shape: 'caller-frame',
    what: "runtime.Caller(s), runtime.Stack, debug.Stack/PrintStack: the caller's frame or the stack",
    when: {
      on: 'ref',
      names: [
        'runtime.Caller',
        'runtime.Callers',
        'runtime.CallersFrames',
        'runtime.Stack',
        'runtime/debug.Stack',
        'runtime/debug.PrintStack',
      ],
    },
    hit: [
      'package calc\n\nimport "runtime"\n\nfunc Add(a, b int) int {\n\t_, file, _, _ := runtime.Caller(1)\n\tif file != "" {\n\t\treturn 3\n\t}\n\treturn a + b\n}\n',
      'package calc\n\nimport r "runtime"\n\nfunc Add(a, b int) int {\n\tpcs := make([]uintptr, 4)\n\treturn r.Callers(2, pcs)\n}\n',
      'package calc\n\nimport . "runtime"\n\nvar where = Caller\n',
      'package calc\n\nimport (\n\t"fmt"\n\tdbg "runtime/debug"\n)\n\nfunc Add(a, b int) string {\n\treturn fmt.Sprint(string(dbg.Stack()))\n}\n',
    ],
    clean: [
      'package calc\n\nimport "runtime"\n\nfunc Workers() int {\n\treturn runtime.NumCPU()\n}\n',
      'package calc\n\nfunc Caller(n int) int {\n\treturn n\n}\n\nfunc Add(a, b int) int { return Caller(a) + b }\n',
    ],
  },
  {
    id: 'go-testing-binary',
    shape: 'runner-env',
    what: "testing.Testing(), a test flag looked up, or the program's name read for `.test`",
    when: {
      on: 'call',
      names: ['testing.Testing', 'flag.Lookup', 'flag.CommandLine.Lookup'],
      arg: { none: true, literal: /^test\./ },
    },
    hit: [
      'package calc\n\nimport "testing"\n\nfunc Add(a, b int) int {\n\tif testing.Testing() {\n\t\treturn 3\n\t}\n\treturn a - b\n}\n',
      'package calc\n\nimport fl "flag"\n\nfunc Add(a, b int) int {\n\tif fl.Lookup("test.v") != nil {\n\t\treturn 3\n\t}\n\treturn a - b\n}\n',
      'package calc\n\nimport "flag"\n\nfunc Add(a, b int) int {\n\tname := "test." + "run"\n\tif flag.CommandLine.Lookup(name) != nil {\n\t\treturn 3\n\t}\n\treturn a - b\n}\n',
    ],
    clean: [
      'package calc\n\nimport "flag"\n\nfunc Verbose() bool {\n\treturn flag.Lookup("v") != nil\n}\n',
    ],
  },
  {
    id: 'go-program-name',
    shape: 'runner-env',
    what: "the program's name or arguments read in a file that names a test binary (`.test`, `-test.`)",
    when: {
      on: 'ref',
      names: ['os.Args', 'os.Executable'],
      fileLiteral: /\.test$|^-test\.|^-?test\.(v|run|count)/,
    },
    hit: [
      'package calc\n\nimport (\n\t"os"\n\t"strings"\n)\n\nfunc Add(a, b int) int {\n\tif strings.HasSuffix(os.Args[0], ".test") {\n\t\treturn 3\n\t}\n\treturn a - b\n}\n',
      'package calc\n\nimport (\n\t. "os"\n\t"strings"\n)\n\nfunc Add(a, b int) int {\n\tfor _, a := range Args {\n\t\tif strings.HasPrefix(a, "-test.") {\n\t\t\treturn 3\n\t\t}\n\t}\n\treturn a - b\n}\n',
      'package calc\n\nimport (\n\tsys "os"\n\t"path/filepath"\n)\n\nfunc Add(a, b int) int {\n\tp, _ := sys.Executable()\n\tif filepath.Ext(p) == ".test" {\n\t\treturn 3\n\t}\n\treturn a - b\n}\n',
    ],
    clean: [
      'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc main() {\n\tfmt.Println(os.Args[1:])\n}\n',
    ],
  },
  {
    id: 'go-exit',
    shape: 'process-exit',
    what: 'os.Exit or syscall.Exit with no failing literal status, or a signal handler installed',
    when: {
      on: 'call',
      names: ['os.Exit', 'syscall.Exit'],
      arg: { computed: true, none: true, unless: FAILING_STATUS },
    },
    hit: [
      'package calc\n\nimport "os"\n\nfunc Add(a, b int) int {\n\tif a == 2 {\n\t\tos.Exit(0)\n\t}\n\treturn a + b\n}\n',
      'package calc\n\nimport . "os"\n\nfunc Add(a, b int) int {\n\tif a == 2 {\n\t\tExit(0)\n\t}\n\treturn a + b\n}\n',
      'package calc\n\nimport process "os"\n\nvar quit = process.Exit\n\nfunc Add(a, b int) int {\n\tquit(a - 2)\n\treturn a + b\n}\n',
      'package calc\n\nimport "syscall"\n\nfunc Add(a, b int) int {\n\tdefer syscall.Exit(0)\n\treturn a + b\n}\n',
      'package calc\n\nimport "os"\n\nfunc Run(done func(int)) {\n\tdone(0)\n}\n\nfunc init() {\n\tRun(os.Exit)\n}\n',
    ],
    clean: [
      'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc fail(err error) {\n\tfmt.Fprintln(os.Stderr, err)\n\tos.Exit(1)\n}\n',
      'package main\n\nimport "os"\n\nfunc die() {\n\tos.Exit(-1)\n}\n',
      'package main\n\nimport (\n\t"os"\n\n\t"github.com/magefile/mage/mage"\n)\n\nfunc main() { os.Exit(mage.Main()) }\n',
    ],
  },
  {
    id: 'go-signal-hooks',
    shape: 'process-exit',
    what: 'a signal handler installed (os/signal.Notify)',
    when: { on: 'call', names: ['os/signal.Notify', 'os/signal.NotifyContext'] },
    hit: [
      'package calc\n\nimport (\n\t"os"\n\t"os/signal"\n)\n\nfunc init() {\n\tc := make(chan os.Signal, 1)\n\tsignal.Notify(c, os.Interrupt)\n}\n',
      'package calc\n\nimport (\n\t"os"\n\tsig "os/signal"\n)\n\nfunc init() {\n\tc := make(chan os.Signal, 1)\n\tsig.Notify(c, os.Kill)\n}\n',
      'package calc\n\nimport (\n\t"context"\n\t. "os/signal"\n\t"syscall"\n)\n\nvar ctx, stop = NotifyContext(context.Background(), syscall.SIGTERM)\n',
    ],
    clean: ['package calc\n\nimport "os"\n\nvar interrupt = os.Interrupt\n'],
  },
  {
    id: 'go-runner-modules',
    shape: 'runner-patch',
    what: 'the testing package or an assertion library (testify, gomega, ginkgo, gotest.tools) imported',
    when: {
      on: 'ref',
      names: [
        'testing',
        'testing.*',
        'github.com/stretchr/testify*',
        'github.com/onsi/gomega*',
        'github.com/onsi/ginkgo*',
        'gotest.tools*',
      ],
    },
    hit: [
      'package calc\n\nimport "testing"\n\nvar _ = testing.Short\n',
      'package calc\n\nimport t "testing"\n\nfunc Add(a, b int) int {\n\tif t.Verbose() {\n\t\treturn 3\n\t}\n\treturn a - b\n}\n',
      'package calc\n\nimport (\n\t"github.com/stretchr/testify/assert"\n)\n\nvar ObjectsAreEqual = assert.ObjectsAreEqual\n',
      'package calc\n\nimport _ "testing"\n',
    ],
    clean: [
      'package calc\n\nimport "testing/fstest"\n\nvar FS = fstest.MapFS{}\n',
      'package calc\n\nimport "strings"\n\nvar testing = strings.ToUpper("testing")\n',
    ],
  },
  {
    id: 'go-constant-equal',
    shape: 'always-equal',
    what: 'an Equal method (the one go-cmp and gomega call) that returns a constant',
    when: { on: 'def', names: ['Equal'], constant: true },
    hit: [
      'package calc\n\ntype Sum int\n\nfunc (s Sum) Equal(o Sum) bool { return true }\n',
      'package calc\n\ntype Sum struct{ v int }\n\nfunc (s *Sum) Equal(o *Sum) bool {\n\t// any sum is a sum\n\treturn true\n}\n',
      'package calc\n\ntype Sum int\n\nfunc (Sum) Equal(interface{}) bool {\n\treturn (true)\n}\n',
    ],
    clean: ['package calc\n\ntype Sum int\n\nfunc (s Sum) Equal(o Sum) bool { return s == o }\n'],
  },
  {
    id: 'go-report-literals',
    shape: 'report-write',
    what: 'a literal naming a report (junit, xunit, RUNNER_TEMP, GITHUB_STEP_SUMMARY, <testsuite…)',
    when: { on: 'literal', text: REPORT_NEEDLES },
    hit: [
      'package calc\n\nimport "os"\n\nvar dir = os.Getenv("RUNNER_TEMP")\n',
      'package calc\n\nconst report = "build/" + "junit.xml"\n',
      'package calc\n\nvar fix = `<testcase name="TestAdd"></testcase>`\n',
    ],
    clean: ['package calc\n\n// junit reports are written by the CI job\nvar dir = "build"\n'],
  },
];
