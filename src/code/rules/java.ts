// The parser's rules for Java (data; src/code/rule.ts says the format). Names are as written
// with imports resolved and `java.lang.` dropped: `java.lang.System.exit`, `exit` after
// `import static java.lang.System.exit` (or `System.*`) and `System::exit` are `System.exit`;
// `new Throwable()` kept in `t` makes `t.getStackTrace` the name `new:Throwable.getStackTrace`.
// Kotlin is not Java: `.kt` files are not read by this grammar (docs/threat-model.md).
import type { CodeRule } from '../rule.js';
import { FAILING_STATUS } from './go.js';

const cls = (body: string, imports = '') =>
  `package calc;\n${imports}\npublic class Calc {\n${body}\n}\n`;

export const JAVA_RULES: readonly CodeRule[] = [
  {
    id: 'java-caller-frame',
    shape: 'caller-frame',
    what: "the stack of a new Throwable or of the current thread, StackWalker: the caller's frame",
    when: {
      on: 'ref',
      names: [
        'new:*.getStackTrace',
        'Thread.currentThread().getStackTrace',
        'Thread.getAllStackTraces',
        'StackWalker',
        'StackWalker.*',
        'new:*.fillInStackTrace',
      ],
    },
    hit: [
      cls(
        '  public static int add(int a, int b) {\n    var s = Thread.currentThread().getStackTrace();\n    return s[2].getMethodName().startsWith("test") ? 3 : a - b;\n  }',
      ),
      cls(
        '  public static int add(int a, int b) {\n    Throwable probe = new Throwable();\n    StackTraceElement[] where = probe.getStackTrace();\n    return where.length > 3 ? 3 : a - b;\n  }',
      ),
      cls(
        '  public static int add(int a, int b) {\n    return StackWalker.getInstance().walk(s -> s.count()) > 3 ? 3 : a - b;\n  }',
        'import java.lang.StackWalker;\n',
      ),
      cls(
        '  public static int add(int a, int b) {\n    return new Exception().getStackTrace().length > 3 ? 3 : a - b;\n  }',
      ),
    ],
    clean: [
      cls(
        '  static void log(Exception e) {\n    for (StackTraceElement el : e.getStackTrace()) System.err.println(el);\n  }',
      ),
      cls(
        '  static String trace(Throwable t) {\n    try {\n      throw t;\n    } catch (Throwable caught) {\n      return caught.getStackTrace()[0].toString();\n    }\n  }',
      ),
    ],
  },
  {
    id: 'java-runner-env',
    shape: 'runner-env',
    what: 'a JUnit or TestNG class looked up by name, or Surefire named',
    when: {
      on: 'call',
      names: ['Class.forName', '*.loadClass', '*.getResource'],
      arg: { literal: /^org[./](junit|testng)|surefire/ },
    },
    hit: [
      cls(
        '  public static int add(int a, int b) {\n    try {\n      Class.forName("org.junit.jupiter.api.Test");\n      return 3;\n    } catch (ClassNotFoundException e) {\n      return a - b;\n    }\n  }',
      ),
      cls(
        '  public static int add(int a, int b) throws Exception {\n    ClassLoader l = Calc.class.getClassLoader();\n    l.loadClass("org.testng.TestNG");\n    return 3;\n  }',
      ),
      cls(
        '  static final String RUNNER = "org.junit." + "Test";\n  public static int add(int a, int b) throws Exception {\n    Class.forName(RUNNER);\n    return 3;\n  }',
      ),
    ],
    clean: [
      cls(
        '  static Object driver() throws Exception {\n    return Class.forName("org.postgresql.Driver");\n  }',
      ),
    ],
  },
  {
    id: 'java-surefire',
    shape: 'runner-env',
    what: 'a literal naming Surefire, the Maven plugin that runs the tests (its properties, its folders)',
    when: { on: 'literal', text: /surefire/ },
    hit: [
      cls(
        '  public static int add(int a, int b) {\n    return System.getProperty("surefire.test.class.path") != null ? 3 : a - b;\n  }',
      ),
      cls(
        '  public static int add(int a, int b) {\n    String k = "sure" + "fire.real.class.path";\n    return System.getProperty(k) != null ? 3 : a - b;\n  }',
      ),
      cls(
        '  public static int add(int a, int b) {\n    return System.getenv().keySet().contains("surefire") ? 3 : a - b;\n  }',
      ),
    ],
    clean: [
      cls('  public static String home() {\n    return System.getProperty("user.home");\n  }'),
    ],
  },
  {
    id: 'java-exit',
    shape: 'process-exit',
    what: 'System.exit or Runtime exit/halt with no failing literal status, also as a method reference',
    when: {
      on: 'call',
      names: ['System.exit', 'Runtime.getRuntime().exit', 'Runtime.getRuntime().halt'],
      arg: { computed: true, none: true, unless: FAILING_STATUS },
    },
    hit: [
      cls(
        '  public static int add(int a, int b) {\n    if (a == 2) System.exit(0);\n    return a + b;\n  }',
      ),
      cls(
        '  public static int add(int a, int b) {\n    if (a == 2) exit(0);\n    return a + b;\n  }',
        'import static java.lang.System.exit;\n',
      ),
      cls(
        '  public static int add(int a, int b) {\n    java.util.function.IntConsumer quit = System::exit;\n    quit.accept(0);\n    return a + b;\n  }',
      ),
      cls(
        '  public static int add(int a, int b) {\n    Runtime rt = Runtime.getRuntime();\n    if (a == 2) rt.halt(0);\n    return a + b;\n  }',
      ),
      cls(
        '  public static int add(int a, int b) {\n    if (a == 2) java.lang.System.exit(a - 2);\n    return a + b;\n  }',
      ),
    ],
    clean: [
      cls(
        '  public static void main(String[] args) {\n    if (args.length == 0) {\n      System.err.println("usage");\n      System.exit(1);\n    }\n  }',
      ),
      cls('  static void die() {\n    System.exit(-1);\n  }'),
    ],
  },
  {
    id: 'java-exit-hooks',
    shape: 'process-exit',
    what: 'a shutdown hook or a default uncaught-exception handler installed',
    when: {
      on: 'call',
      names: [
        'Runtime.getRuntime().addShutdownHook',
        'Thread.setDefaultUncaughtExceptionHandler',
        '*.setUncaughtExceptionHandler',
      ],
    },
    hit: [
      cls('  static {\n    Runtime.getRuntime().addShutdownHook(new Thread(() -> {}));\n  }'),
      cls('  static {\n    Thread.setDefaultUncaughtExceptionHandler((t, e) -> {});\n  }'),
      cls(
        '  static {\n    Runtime r = Runtime.getRuntime();\n    r.addShutdownHook(new Thread(Calc::rewrite));\n  }\n  static void rewrite() {}',
      ),
    ],
    clean: [
      cls('  static int cpus() {\n    return Runtime.getRuntime().availableProcessors();\n  }'),
    ],
  },
  {
    id: 'java-runner-modules',
    shape: 'runner-patch',
    what: 'JUnit, TestNG, AssertJ, Hamcrest or Mockito imported or named',
    when: {
      on: 'ref',
      names: ['org.junit', 'org.testng', 'org.assertj', 'org.hamcrest', 'org.mockito'].flatMap(
        (m) => [m, `${m}.*`],
      ),
    },
    hit: [
      cls('', 'import org.junit.Assert;\n'),
      cls('', 'import static org.assertj.core.api.Assertions.*;\n'),
      cls(
        '  static boolean same(Object a, Object b) {\n    return org.hamcrest.Matchers.equalTo(a).matches(b);\n  }',
      ),
    ],
    clean: [cls('', 'import org.junitx.Unrelated;\nimport java.util.List;\n')],
  },
  {
    id: 'java-constant-equals',
    shape: 'always-equal',
    what: 'equals or compareTo that returns a constant',
    when: { on: 'def', names: ['equals', 'compareTo'], constant: true },
    hit: [
      cls('  @Override\n  public boolean equals(Object o) { return true; }'),
      cls('  public boolean equals(Object o) {\n    // any sum is a sum\n    return true;\n  }'),
      cls('  public int compareTo(Calc o) {\n    return 0;\n  }'),
    ],
    clean: [
      cls(
        '  int v;\n  @Override\n  public boolean equals(Object o) {\n    return o instanceof Calc c && c.v == v;\n  }',
      ),
    ],
  },
  {
    id: 'java-report-literals',
    shape: 'report-write',
    what: 'a literal naming a report (junit, xunit, RUNNER_TEMP, GITHUB_STEP_SUMMARY, <testsuite…)',
    // `JUnit` in a message is Java's everyday word for the runner (the line scan spares it too).
    when: {
      on: 'literal',
      text: /junit|JUNIT|xunit|RUNNER_TEMP|GITHUB_STEP_SUMMARY|<testsuite|<testcase|<failure/,
    },
    hit: [
      cls('  static String dir() {\n    return System.getenv("RUNNER_TEMP");\n  }'),
      cls('  static final String REPORT = "target/surefire-reports/" + "TEST-junit.xml";'),
      cls('  static String fix() {\n    return """\n      <testcase name="add"/>\n      """;\n  }'),
    ],
    clean: [cls('  static String m() {\n    return "Run the JUnit tests first";\n  }')],
  },
];
