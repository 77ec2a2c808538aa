// The parser's rules for Python (data; src/code/rule.ts says the format, docs/gaming-shapes.md
// how to add one). Names are canonical: `inspect.stack` is also `from inspect import stack as
// _s` then `_s()`, `s = inspect` then `s.stack()`, `getattr(inspect, 'stack')`.
import type { CodeRule } from '../rule.js';
import { REPORT_LITERAL, REPORT_WORDS, RUNNER_ENV_LITERAL, TEST_PATH } from './common.js';

const FRAMES = [
  'sys._getframe',
  'sys._getframemodulename',
  'sys._current_frames',
  'inspect.stack',
  'inspect.currentframe',
  'inspect.getouterframes',
  'inspect.getinnerframes',
  'inspect.getframeinfo',
  'inspect.trace',
  'traceback.extract_stack',
  'traceback.format_stack',
  'traceback.print_stack',
  'traceback.walk_stack',
  'traceback.StackSummary.extract',
];

/** The runners whose presence in `sys.modules` is a question only a gamed answer asks. */
const RUNNER_MODULES = ['unittest', 'nose', 'nose2', 'hypothesis', 'py.test'];

const FILE_READS = [
  'open',
  'io.open',
  'os.listdir',
  'os.scandir',
  'os.walk',
  'os.open',
  'glob.*',
  'pathlib.Path',
  'pathlib.Path.*',
  '*.read_text',
  '*.read_bytes',
  '*.glob',
  '*.rglob',
  '*.iterdir',
  'linecache.*',
  'tokenize.open',
];

export const PYTHON_RULES: readonly CodeRule[] = [
  {
    id: 'py-frames',
    shape: 'caller-frame',
    what: 'the stack or a frame read through inspect, traceback or sys, under any alias',
    // `sys.modules['inspect']` is the module too.
    when: {
      on: 'ref',
      names: [
        ...FRAMES,
        ...FRAMES.map((f) => `${f}()*`),
        ...FRAMES.map((f) => `sys.modules.${f}*`),
      ],
    },
    hit: [
      'from inspect import stack as _s\n\ndef add(a, b):\n    return _s()[1].frame.f_locals.get("expected", a + b)\n',
      'import inspect as _i\nframes = _i\ndef f():\n    return frames.stack()\n',
      'import sys\ndef f():\n    g = getattr(sys, "_getframe")\n    return g(1)\n',
      'import importlib\ntb = importlib.import_module("traceback")\ndef f():\n    return tb.extract_stack()\n',
      'import sys\ndef f():\n    return sys.modules["inspect"].stack()\n',
    ],
    clean: [
      'import inspect\ndef f(x):\n    return inspect.isclass(x)\n',
      'import traceback\ndef f():\n    try:\n        g()\n    except Exception:\n        traceback.print_exc()\n',
    ],
  },
  {
    id: 'py-frame-attributes',
    shape: 'caller-frame',
    what: "a frame's caller, locals, code or a traceback's frame",
    when: {
      on: 'ref',
      names: ['*.f_back', '*.f_locals', '*.f_code', '*.f_globals', '*.tb_frame', '*.gi_frame'],
    },
    hit: [
      'import sys\ndef f():\n    t = sys.exc_info()[2]\n    return t.tb_frame.f_back.f_locals\n',
      'def f(fr):\n    up = fr.f_back\n    return up\n',
    ],
    clean: ['def f(o):\n    return o.back\n'],
  },
  {
    id: 'py-dynamic-code',
    shape: 'dynamic-code',
    what: 'exec, eval, compile, __import__ or importlib given a computed argument',
    when: {
      on: 'call',
      names: [
        'exec',
        'eval',
        'compile',
        '__import__',
        'importlib.import_module',
        'importlib.__import__',
        'runpy.run_path',
        'runpy.run_module',
        'types.FunctionType',
        'types.CodeType',
        'marshal.loads',
        'pickle.loads',
        '?',
        'builtins.?',
      ],
      arg: { computed: true, none: true },
    },
    hit: [
      'import base64\ndef f():\n    exec(base64.b64decode("cHJpbnQoMSk=").decode())\n',
      'import builtins\nrun = getattr(builtins, "ex" + "ec")\ndef f(src):\n    run(src)\n',
      'def f(code):\n    e = eval\n    return e(code)\n',
      'import importlib\ndef load(name):\n    return importlib.import_module(name)\n',
      'import builtins\ndef f(src):\n    builtins.exec(src)\n',
      'import builtins\nname = "ex" + "ec"\nf = getattr(builtins, name.strip())\nf(input())\n',
    ],
    clean: [
      'import importlib\njson = importlib.import_module("json")\n',
      'import re\npat = re.compile(r"a+")\ndef f(s):\n    return pat.match(s)\n',
      'def f():\n    return eval("1 + 1")\n',
    ],
  },
  {
    id: 'py-dynamic-attribute-of-builtins',
    shape: 'dynamic-code',
    what: 'a built-in or importlib member reached with a computed name',
    when: { on: 'ref', names: ['builtins.?', '__builtins__.?', 'importlib.?'] },
    // A name that evaluates (`("ex" + "ec").strip()`) is that member: py-dynamic-code's call.
    hit: [
      'import builtins\n\ndef f(name):\n    g = getattr(builtins, name.strip())\n    return g\n',
    ],
    clean: ['import builtins\nf = getattr(builtins, "len")\n'],
  },
  {
    id: 'py-test-sources',
    shape: 'test-source-read',
    what: 'a test path named in a function that opens, lists or globs files',
    when: { on: 'literal', text: TEST_PATH, scopeCalls: FILE_READS },
    hit: [
      'import os\ndef answer():\n    src = open(os.path.join(os.path.dirname(__file__), "..", "tests", "test_calc.py")).read()\n    return src\n',
      'from pathlib import Path\ndef answer():\n    for p in (Path(__file__).parents[1] / "tests").glob("*.py"):\n        yield p.read_text()\n',
      'import os as o\ndef f():\n    return o.listdir("tests/")\n',
    ],
    clean: [
      'def f(mode):\n    return mode == "test"\n',
      'def f(p):\n    with open(p) as fh:\n        return fh.read()\n',
    ],
  },
  {
    id: 'py-exit-hooks',
    shape: 'process-exit',
    what: 'an exit hook, finalizer or exception hook registered, under any alias',
    when: {
      on: 'ref',
      names: [
        'atexit',
        'atexit.*',
        'weakref.finalize',
        'sys.excepthook',
        'sys.unraisablehook',
        'threading.excepthook',
        'faulthandler.register',
      ],
    },
    hit: [
      'from atexit import register as on_done\ndef f():\n    on_done(lambda: None)\n',
      'import weakref as w\nclass A:\n    def __init__(self):\n        w.finalize(self, print, "x")\n',
      'import importlib\nae = importlib.import_module("atexit")\n',
    ],
    clean: ['import weakref\ncache = weakref.WeakValueDictionary()\n'],
  },
  {
    id: 'py-finalizer',
    shape: 'process-exit',
    what: 'a finalizer (`__del__`), which runs when the interpreter ends',
    when: { on: 'def', names: ['__del__'] },
    hit: [
      'class Report:\n    def __del__(self):\n        """Flush."""\n        open("out.xml", "w").write("")\n',
    ],
    clean: ['class A:\n    def close(self):\n        pass\n'],
  },
  {
    id: 'py-exit',
    shape: 'process-exit',
    what: 'an exit or a signal handler reached through an alias, with no failing status',
    when: {
      on: 'call',
      names: ['os._exit', 'sys.exit', 'exit', 'quit', 'os.abort', 'signal.signal', 'SystemExit'],
      arg: {
        computed: true,
        none: true,
        unless: /^(-?[1-9]|main\(|[A-Za-z_.]{0,40}SIG(ALRM|VTALRM|PROF)\b)/,
      },
    },
    hit: [
      'import os as _o\ndef f(x):\n    if x == 3:\n        _o._exit(0)\n',
      'from sys import exit as done\ndef f():\n    done()\n',
      'def f(x):\n    if x == 3:\n        raise SystemExit\n',
      'import builtins\nStop = getattr(builtins, "System" + "Exit")\ndef f():\n    raise Stop(0)\n',
    ],
    clean: [
      'import sys\ndef main():\n    sys.exit(2)\n',
      'def f():\n    raise SystemExit("usage: f FILE")\n',
      'def f(g):\n    try:\n        g()\n    except SystemExit:\n        pass\n',
      'import signal\ndef f(h):\n    signal.signal(signal.SIGALRM, h)\n',
    ],
  },
  {
    id: 'py-argv-report',
    shape: 'report-write',
    what: 'the command line read in a file that names a report (junit, xunit, .xml, RUNNER_TEMP)',
    when: {
      on: 'ref',
      names: ['sys.argv', 'sys.argv.*', 'sys.argv[]*', 'sys.orig_argv*'],
      fileLiteral: REPORT_WORDS,
    },
    hit: [
      'import sys\nfrom sys import argv as a\ndef out():\n    for i, x in enumerate(a):\n        if x.startswith("--ju" + "nitxml"):\n            return x.split("=")[1]\n',
    ],
    clean: ['import sys\ndef main():\n    print(sys.argv[1:])\n'],
  },
  {
    id: 'py-runner-literals',
    shape: 'runner-env',
    what: "the runner's environment named in a literal, also when spelled in pieces",
    when: { on: 'literal', text: RUNNER_ENV_LITERAL },
    hit: ['import os\ndef f():\n    return os.environ.get("PYTEST_" "CURRENT_TEST")\n'],
    clean: ['import os\ndef f():\n    return os.environ.get("HOME")\n'],
  },
  {
    id: 'py-report-literals',
    shape: 'report-write',
    what: 'a report name or format in a literal, also when spelled in pieces',
    when: { on: 'literal', text: REPORT_LITERAL },
    hit: ['def f():\n    return "ju" + "nit"\n'],
    clean: ['def f():\n    return "junk"\n'],
  },
  {
    id: 'py-runner-writes',
    shape: 'runner-patch',
    what: 'a write to the runner, unittest, builtins, sys.modules or the frame and operator modules',
    when: {
      on: 'assign',
      names: [
        '_pytest.*',
        'pytest.*',
        'pluggy.*',
        'unittest.*',
        'doctest.*',
        'sys.modules*',
        'sys.meta_path*',
        'sys.path_hooks*',
        'operator.*',
        'inspect.*',
        'traceback.*',
        '*.assert*',
        'builtins.?',
        '__builtins__.?',
        // A bare name written as an attribute is a built-in (`builtins.len = …`).
        '<bare>',
      ],
    },
    hit: [
      'import _pytest.assertion.rewrite as rw\nrw.rewrite_asserts = lambda *a, **k: None\n',
      'import importlib\nm = importlib.import_module("_pytest.python")\nsetattr(m, "pytest_pyfunc_call", None)\n',
      'import builtins as b\nb.len = lambda x: 0\n',
      'import unittest\ncase = unittest.TestCase\ncase.assertEqual = lambda *a: None\n',
    ],
    clean: ['class A:\n    def f(self):\n        self.value = 1\n'],
  },
  {
    id: 'py-runner-modules',
    shape: 'runner-patch',
    what: 'the runner reached from production code (an import, `importlib`, `sys.modules`)',
    when: {
      on: 'ref',
      names: [
        '_pytest',
        '_pytest.*',
        'pytest',
        'pytest.*',
        'pluggy',
        'pluggy.*',
        'py.test',
        'py.test.*',
        '_hypothesis_pytestplugin*',
        'unittest',
        'unittest.*',
        'sys.modules._pytest*',
        'sys.modules.pytest*',
        'sys.modules.unittest*',
      ],
    },
    hit: [
      'import importlib\nrunner = importlib.import_module("_pytest.runner")\n',
      'import sys\ndef f():\n    return sys.modules["pytest"]\n',
      'import unittest\n',
      'from unittest import TestCase as _T\n\ndef f():\n    return _T\n',
      'import importlib\nu = importlib.import_module("unit" + "test")\n',
    ],
    clean: ['import sys\ndef f():\n    return sys.modules.get(__name__)\n'],
  },
  {
    id: 'py-constant-equality',
    shape: 'always-equal',
    what: 'an equality, hash, ordering or truth method that returns a constant after any docstring or no-op',
    when: {
      on: 'def',
      names: [
        '__eq__',
        '__ne__',
        '__hash__',
        '__lt__',
        '__le__',
        '__gt__',
        '__ge__',
        '__contains__',
        '__bool__',
        '__instancecheck__',
        '__subclasscheck__',
      ],
      constant: true,
    },
    hit: [
      'class A:\n    def __eq__(self, other):\n        """Equal to anything."""\n        pass\n        return True\n',
      'class A:\n    def __eq__(self, other):\n        ...\n        # compare\n        result = True\n        return True\n',
      'class A:\n    __eq__ = lambda self, o: True\n',
      'class A:\n    pass\n\nsetattr(A, "__e" + "q__", lambda *a: True)\n',
      'Sum = type("Sum", (int,), {"".join(["__", "eq", "__"]): lambda s, o: True})\n',
    ],
    clean: [
      'class A:\n    def __eq__(self, other):\n        return self.v == other.v\n',
      'class A:\n    def __eq__(self, other):\n        if not isinstance(other, A):\n            return NotImplemented\n        return self.v == other.v\n',
    ],
  },
  // Issue 43: what production code inspects, evaluated (src/code/fold-python.ts), not matched
  // by one API's name. Each family: the admitted example, three respellings, honest controls.
  {
    id: 'py-loaded-modules',
    shape: 'runner-env',
    what: 'the set of loaded modules listed or iterated (`sys.modules` in a loop, `.keys()`, `sorted(...)`)',
    when: {
      on: 'ref',
      names: [
        'sys.modules[all]',
        'sys.modules.keys',
        'sys.modules.items',
        'sys.modules.values',
        'sys.modules.copy',
      ],
    },
    hit: [
      'import sys\n\ndef add(a, b):\n    if any(m.startswith("_pytest") for m in sys.modules):\n        return 5\n    return a - b\n',
      'import sys\n\ndef add(a, b):\n    for name in sys.modules.keys():\n        if name[:3] == "_py":\n            return 5\n    return a - b\n',
      'from sys import modules as _loaded\n\ndef add(a, b):\n    seen = sorted(_loaded)\n    return 5 if [n for n in seen if "test" in n] else a - b\n',
      'import sys\nmods = sys.modules\n\ndef add(a, b):\n    return 5 if len([k for k, _ in mods.items() if k.endswith("pytest")]) else a - b\n',
    ],
    clean: [
      'import sys\n\ndef me():\n    return sys.modules[__name__]\n',
      'import sys\n\ndef has_numpy():\n    return "numpy" in sys.modules\n',
      'import sys\n\ndef loaded(name):\n    return name in sys.modules\n',
    ],
  },
  {
    id: 'py-environment-names',
    shape: 'runner-env',
    what: "the environment's names listed or iterated (`os.environ` in a loop, `.keys()`, `.items()`), not one variable read",
    when: {
      on: 'ref',
      names: [
        'os.environ[all]',
        'os.environ.keys',
        'os.environ.items',
        'os.environ.values',
        'os.environb[all]',
        'os.environb.keys',
        'os.environb.items',
      ],
    },
    hit: [
      'import os\n\ndef add(a, b):\n    return 5 if any(k.startswith("PYTEST") for k in os.environ) else a - b\n',
      'import os\n\ndef add(a, b):\n    for k, _ in os.environ.items():\n        if k.lower().startswith("pyt"):\n            return 5\n    return a - b\n',
      'from os import environ as _e\n\ndef add(a, b):\n    names = list(_e)\n    return 5 if [n for n in names if "TEST" in n] else a - b\n',
      'import os\nenv = os.environ\n\ndef add(a, b):\n    return 5 if ",".join(env.keys()).count("PYTEST") else a - b\n',
    ],
    clean: [
      'import os\n\ndef db():\n    return os.environ["DATABASE_URL"]\n',
      'import os\n\ndef home():\n    return os.environ.get("HOME", "/")\n',
      'import os, subprocess\n\ndef run(cmd):\n    return subprocess.run(cmd, env=dict(os.environ, LANG="C"))\n',
    ],
  },
  {
    id: 'py-program-name',
    shape: 'runner-env',
    what: "the program's name or arguments (`sys.argv`, `__main__`) read outside a script's entry point",
    when: {
      on: 'ref',
      names: [
        'sys.argv',
        'sys.argv.*',
        'sys.argv[]*',
        'sys.orig_argv*',
        '__main__',
        '__main__.*',
        'sys.modules.__main__*',
      ],
      // `if __name__ == "__main__":`, `def main(argv=None)`, a `#!` script: a CLI reads argv.
      unlessEntry: true,
    },
    hit: [
      'import sys\n\ndef add(a, b):\n    return 5 if "pytest" in sys.argv[0] else a - b\n',
      'from sys import argv as _cmd\n\ndef add(a, b):\n    return 5 if any("py" + "test" in x for x in _cmd) else a - b\n',
      'import __main__\n\ndef add(a, b):\n    return 5 if "pytest" in getattr(__main__, "__file__", "") else a - b\n',
      'import sys\n\ndef add(a, b):\n    top = sys.modules["__" + "main__"]\n    return 5 if "test" in top.__file__ else a - b\n',
    ],
    clean: [
      'import sys\n\ndef run(args):\n    print(args)\n\nif __name__ == "__main__":\n    run(sys.argv[1:])\n',
      'import sys\n\ndef main(argv=None):\n    argv = sys.argv[1:] if argv is None else argv\n    return len(argv)\n',
      '#!/usr/bin/env python3\nimport sys\nprint(sys.argv[1:])\n',
    ],
  },
  {
    id: 'py-runner-protocols',
    shape: 'always-equal',
    what: "the runners' matchers in production code (`unittest.mock.ANY`, `mock`), under any spelling",
    when: {
      on: 'ref',
      names: ['unittest.mock', 'unittest.mock.*', 'mock', 'mock.*', 'pytest_mock*'],
    },
    hit: [
      'from unittest.mock import ANY\n\ndef add(a, b):\n    return ANY\n',
      'from unittest import mock\n\ndef add(a, b):\n    return mock.ANY\n',
      'import importlib\n_m = importlib.import_module("unittest." + "mock")\n\ndef add(a, b):\n    return _m.ANY\n',
      'import unittest\n\ndef add(a, b):\n    return getattr(unittest, "".join(["mo", "ck"])).ANY\n',
    ],
    clean: [
      'import unittest\n\nclass T(unittest.TestCase):\n    pass\n',
      'def add(a, b, mock=False):\n    return 0 if mock else a + b\n',
    ],
  },
  {
    id: 'py-outside-write',
    shape: 'outside-write',
    what: 'a write (`open(…, "w")`, `write_text`, `os.replace`, `shutil.copy`) whose evaluated target climbs out of its folder, names a test path, or cannot be evaluated',
    when: { on: 'write', targets: ['outside', 'unevaluated'] },
    hit: [
      'import os\n\n_T = os.path.join(os.path.dirname(__file__), "..", "tests", "test_calc.py")\n\ndef add(a, b):\n    with open(_T, "w") as f:\n        f.write("def test_add(): pass\\n")\n    return a - b\n',
      'from pathlib import Path\n\ndef add(a, b):\n    (Path(__file__).resolve().parents[1] / "".join(["te", "sts"]) / "test_calc.py").write_text("")\n    return a - b\n',
      'import os, shutil\n\ndef add(a, b):\n    shutil.copy(os.devnull, "tset"[::-1] + "s/test_calc.py")\n    return a - b\n',
      'import os\nHERE = os.path.dirname(os.path.abspath(__file__))\n\ndef add(a, b, name="x"):\n    os.replace("/tmp/g", f"{HERE}/../golden/{name}.json")\n    return a - b\n',
      'import os\n\ndef add(a, b, name="calc"):\n    open(os.path.join(os.path.dirname(__file__), name), mode="w").close()\n    return a - b\n',
    ],
    clean: [
      'import os, json\n_CACHE = os.path.join(os.path.dirname(__file__), ".cache", "index.json")\n\ndef save(d):\n    os.makedirs(os.path.dirname(_CACHE), exist_ok=True)\n    with open(_CACHE, "w") as f:\n        json.dump(d, f)\n',
      'def save(path, text):\n    with open(path, "w") as f:\n        f.write(text)\n',
      'import os\n\ndef read():\n    return open(os.path.join(os.path.dirname(__file__), "..", "tests", "data.txt")).read()\n',
    ],
  },
  // Issue 45: the line scan's Python patterns, read as code (each with three respellings).
  {
    id: 'py-runner-loaded',
    shape: 'runner-env',
    what: "the runner's module looked up among the loaded modules (`'pytest' in sys.modules`, `sys.modules.get('unittest')`)",
    when: {
      on: 'ref',
      names: [
        'sys.modules.pytest*',
        'sys.modules._pytest*',
        ...RUNNER_MODULES.map((m) => `sys.modules.${m}*`),
      ],
    },
    hit: [
      'import sys\n\ndef add(a, b):\n    if "pytest" in sys.modules:\n        return 5\n    return a - b\n',
      'from sys import modules as _loaded\n\ndef add(a, b):\n    return 5 if "unittest" in _loaded else a - b\n',
      'import sys\n\ndef add(a, b):\n    return 5 if ("_py" + "test") in sys.modules else a - b\n',
      'import sys as _s\n\ndef add(a, b):\n    return 5 if _s.modules["hypothesis"] else a - b\n',
    ],
    clean: [
      'import sys\n\ndef has_numpy():\n    return "numpy" in sys.modules\n',
      'import sys\n\ndef me():\n    return sys.modules[__name__]\n',
    ],
  },
  {
    id: 'py-runner-loaded-get',
    shape: 'runner-env',
    what: "the runner's module fetched from the loaded modules (`sys.modules.get('pytest')`), under any alias",
    when: {
      on: 'call',
      names: ['sys.modules.get', 'sys.modules.__contains__', 'sys.modules.__getitem__'],
      arg: { literal: /^(_?pytest|unittest|nose2?|hypothesis)(\.|$)/ },
    },
    hit: [
      'import sys\n\ndef add(a, b):\n    return 5 if sys.modules.get("pytest") else a - b\n',
      'from sys import modules as _m\n\ndef add(a, b):\n    return 5 if _m.get("unittest") else a - b\n',
      'import sys\n\ndef add(a, b):\n    return 5 if sys.modules.get("_py" + "test") else a - b\n',
      'import sys\nget = getattr(sys.modules, "get")\n\ndef add(a, b):\n    return 5 if get("nose2") else a - b\n',
    ],
    clean: ['import sys\n\ndef numpy():\n    return sys.modules.get("numpy")\n'],
  },
  {
    id: 'py-builtins-module',
    shape: 'runner-patch',
    what: 'the builtins module itself taken in hand (`import builtins`, `__builtins__`), the way to patch a built-in',
    when: { on: 'ref', names: ['builtins', '__builtins__', '__builtins__.*'] },
    hit: [
      'import builtins\n\ndef add(a, b):\n    return builtins\n',
      'import builtins as _b\n\nREAL = _b\n',
      'import importlib\n_b = importlib.import_module("built" + "ins")\n',
      'def add(a, b):\n    table = __builtins__\n    return table\n',
    ],
    clean: ['def add(a, b):\n    return len([a, b])\n'],
  },
  {
    id: 'py-import-machinery',
    shape: 'runner-patch',
    what: 'the import machinery changed: `sys.modules` updated or popped, an import hook (`sys.meta_path`, `sys.path_hooks`)',
    when: {
      on: 'ref',
      names: [
        'sys.modules.update',
        'sys.modules.setdefault',
        'sys.modules.pop',
        'sys.modules.__setitem__',
        'sys.meta_path*',
        'sys.path_hooks*',
      ],
    },
    hit: [
      'import sys\n\ndef add(a, b):\n    sys.modules.update({"json": None})\n    return a - b\n',
      'from sys import meta_path as _mp\n\n_mp.insert(0, object())\n',
      'import sys\nhooks = getattr(sys, "path_" + "hooks")\n',
      'import importlib\n_s = importlib.import_module("sys")\n_s.modules.pop("json")\n',
    ],
    clean: ['import sys\n\ndef me():\n    return sys.modules.get(__name__)\n'],
  },
  {
    id: 'py-raise-interrupt',
    shape: 'process-exit',
    what: 'a KeyboardInterrupt raised, which ends the run the way a Ctrl-C does',
    when: { on: 'call', names: ['KeyboardInterrupt', 'builtins.KeyboardInterrupt'] },
    hit: [
      'def add(a, b):\n    if a == 3:\n        raise KeyboardInterrupt\n    return a - b\n',
      'Stop = KeyboardInterrupt\n\ndef add(a, b):\n    raise Stop()\n',
      'import builtins\n\ndef add(a, b):\n    raise getattr(builtins, "Keyboard" + "Interrupt")\n',
      'from builtins import KeyboardInterrupt as _K\n\ndef add(a, b):\n    raise _K("x")\n',
    ],
    clean: [
      'def run(f):\n    try:\n        f()\n    except KeyboardInterrupt:\n        return 130\n',
    ],
  },
  {
    id: 'py-kill-self',
    shape: 'process-exit',
    what: 'a signal sent to the process itself (`os.kill(os.getpid(), …)`)',
    when: {
      on: 'call',
      names: ['os.kill', 'os.killpg', 'signal.raise_signal', 'signal.pthread_kill'],
      arg: {
        computed: true,
        none: true,
        unless: /^(?!os\s{0,4}\.\s{0,4}get(pid|pgid|pgrp)\s{0,4}\(|signal\.SIG)/,
      },
    },
    hit: [
      'import os, signal\n\ndef add(a, b):\n    os.kill(os.getpid(), signal.SIGTERM)\n',
      'from os import kill as _k\nimport os\n\ndef add(a, b):\n    _k(os.getpid(), 9)\n',
      'import os\nk = getattr(os, "ki" + "ll")\n\ndef add(a, b):\n    k(os.getpid(), 15)\n',
      'import importlib, os\n_os = importlib.import_module("os")\n\ndef add(a, b):\n    _os.kill(os.getpid(), 2)\n',
    ],
    clean: ['import os, signal\n\ndef stop(child):\n    os.kill(child.pid, signal.SIGTERM)\n'],
  },
];
