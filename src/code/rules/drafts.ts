// The parser's rules for draft files (data; src/code/rule.ts says the format). A draft is a
// test, so the production rule set would flag every one (it names pytest, reads its tests);
// these catch only a draft that reaches past its own run: patching a production module or a
// built-in where it is imported, starting a process that outlives the run, hooking the
// interpreter's exit, or writing outside its folder (CONTRACT §3 "Drafts run apart").
import type { CodeRule } from '../rule.js';

const PY_DETACH = [
  'os.fork',
  'os.forkpty',
  'os.setsid',
  'os.setpgrp',
  'os.daemon',
  'os.spawn*',
  'os.posix_spawn*',
  'subprocess.Popen',
  // A shell string may end in `&` or `nohup`: what it leaves behind cannot be read.
  'os.system',
  'os.popen',
  'daemon.DaemonContext',
];

const PY_EXIT = ['atexit.register', 'signal.signal', 'os._exit', 'os.kill', 'os.abort'];

export const DRAFT_PYTHON_RULES: readonly CodeRule[] = [
  {
    id: 'draft-py-patch',
    shape: 'draft-patch',
    what: 'a write to an imported module, a built-in or sys.modules (an assignment, `setattr`) where the draft is imported',
    // Every attribute write through a name an import bound: a local's fields (`local:self.x`),
    // an instance's (`Box().x`) and the process's own environment are no module. Pytest's
    // `monkeypatch.setattr` is undone after its test and is no write the reader sees.
    when: {
      on: 'assign',
      names: ['*.*', 'sys.modules*', 'builtins.?', '<bare>'],
      unless: /^local:|\(|^os\.environ\b/,
      // On import: a test's own writes are its business (and pytest's monkeypatch undoes them).
      moduleLevel: true,
    },
    hit: [
      'import shop\nshop.total = lambda *a: 42\n\ndef test_total():\n    assert shop.total(1) == 42\n',
      'import shop as s\nsetattr(s, "total", lambda *a: 42)\n',
      'import sys, types\nsys.modules["shop"] = types.SimpleNamespace(total=lambda *a: 42)\n',
      'import builtins\nbuiltins.round = lambda *a, **k: 42\n',
      'from shop import cart\ncart.Cart.total = property(lambda self: 42)\n',
    ],
    clean: [
      'import shop\n\ndef test_total():\n    assert shop.total([1, 2]) == 3\n',
      'import shop\n\ndef test_total(monkeypatch):\n    monkeypatch.setattr(shop, "rate", lambda: 1)\n    assert shop.total([1]) == 1\n',
      'class Box:\n    def __init__(self):\n        self.value = 1\n\ndef test_box():\n    b = Box()\n    b.value = 2\n    assert b.value == 2\n',
      'import os\n\ndef test_env():\n    os.environ["SHOP_RATE"] = "1"\n    assert os.environ["SHOP_RATE"] == "1"\n',
      'import sys\n\ndef test_quiet():\n    sys.stdout = None\n    assert sys.stdout is None\n',
    ],
  },
  {
    id: 'draft-py-detach',
    shape: 'draft-detach',
    what: 'a process that may outlive the run: `fork`, `setsid`, `Popen`, `spawn*`, a shell (`os.system`)',
    when: { on: 'call', names: PY_DETACH },
    hit: [
      'import subprocess, sys\nsubprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)\n',
      'import os\nif os.fork() == 0:\n    os.setsid()\n',
      'from subprocess import Popen as P\n\ndef test_x():\n    P(["sleep", "60"])\n',
      'import importlib\nsp = importlib.import_module("subprocess")\nsp.Popen(["sleep", "60"])\n',
      'import os\nos.system("nohup sleep 60 &")\n',
    ],
    clean: [
      'import subprocess, sys\n\ndef test_cli():\n    r = subprocess.run([sys.executable, "-c", "print(1)"], capture_output=True)\n    assert r.returncode == 0\n',
    ],
  },
  {
    id: 'draft-py-exit',
    shape: 'draft-detach',
    what: "a hook on the interpreter's exit or a signal, or an exit that skips the runner (`os._exit`)",
    when: { on: 'call', names: PY_EXIT },
    hit: [
      'import atexit\natexit.register(lambda: None)\n',
      'import os\n\ndef test_x():\n    os._exit(0)\n',
      'from signal import signal as on, SIGTERM\non(SIGTERM, lambda *a: None)\n',
      'import importlib\nax = importlib.import_module("atexit")\nax.register(print)\n',
    ],
    clean: ['import sys\n\ndef test_x():\n    assert sys.exit is not None\n'],
  },
  {
    id: 'draft-py-outside-write',
    shape: 'outside-write',
    what: 'a write whose evaluated target climbs out of the draft folder, names a test path, or cannot be evaluated',
    when: { on: 'write', targets: ['outside', 'unevaluated'] },
    hit: [
      'import os\nopen(os.path.join(os.path.dirname(__file__), "..", "build", "junit.xml"), "w").write("<testsuite/>")\n',
      'from pathlib import Path\n(Path(__file__).parent / ".." / "golden" / "total.json").write_text("42")\n',
      'import os, shutil\nshutil.copy(os.devnull, os.path.join(os.path.dirname(__file__), "..", "tests", "ledger.yaml"))\n',
    ],
    clean: [
      'def test_save(tmp_path):\n    p = tmp_path / "out.txt"\n    p.write_text("x")\n    assert p.read_text() == "x"\n',
    ],
  },
];

export const DRAFT_JS_RULES: readonly CodeRule[] = [
  {
    id: 'draft-js-detach',
    shape: 'draft-detach',
    what: 'a child process that may outlive the run: `.unref()`, `spawn`, `fork`, `exec`, a shell through `execSync`',
    when: {
      on: 'call',
      names: [
        'child_process.spawn',
        'child_process.fork',
        'child_process.exec',
        'child_process.execFile',
        // A shell string may end in `&`: what it leaves behind cannot be read.
        'child_process.execSync',
        'node:child_process.execSync',
        'node:child_process.spawn',
        'node:child_process.fork',
        'node:child_process.exec',
        'node:child_process.execFile',
        '*.unref',
      ],
    },
    hit: [
      "import { spawn } from 'node:child_process';\nspawn('sleep', ['60'], { detached: true, stdio: 'ignore' }).unref();\n",
      "import * as cp from 'child_process';\ncp.fork('./worker.js', [], { detached: true });\n",
      "import * as c from 'child_process';\nconst run = c.spawn;\nrun('sleep', ['60']);\n",
      "import { execSync } from 'node:child_process';\nexecSync('(setsid sleep 60 &)');\n",
    ],
    clean: [
      "import { execFileSync } from 'node:child_process';\ntest('cli', () => {\n  expect(execFileSync('node', ['-e', '1']).toString()).toBe('');\n});\n",
    ],
  },
  {
    id: 'draft-js-exit',
    shape: 'draft-detach',
    what: "a hook on the process's exit or a signal, or an exit that skips the runner",
    when: {
      on: 'call',
      names: ['process.on', 'process.once', 'process.exit', 'process.kill', 'process.reallyExit'],
    },
    hit: [
      "process.on('exit', () => {});\n",
      "test('x', () => {\n  process.exit(0);\n});\n",
      "const p = process;\np.once('SIGTERM', () => {});\n",
    ],
    clean: [
      "import { total } from '../src/shop';\njest.mock('../src/rates');\ntest('total', () => {\n  expect(total([1, 2])).toBe(3);\n});\n",
    ],
  },
  {
    id: 'draft-js-outside-write',
    shape: 'outside-write',
    what: 'a write whose evaluated target climbs out of the draft folder, names a test path, or cannot be evaluated',
    when: { on: 'write', targets: ['outside', 'unevaluated'] },
    hit: [
      "import { writeFileSync } from 'node:fs';\nimport { join } from 'node:path';\nwriteFileSync(join(__dirname, '..', 'build', 'junit.xml'), '<testsuite/>');\n",
      "import * as fs from 'fs';\nfs.writeFileSync(__dirname + '/../golden/total.json', '42');\n",
      "import * as fs from 'fs';\nimport * as path from 'path';\nfs.copyFileSync('/dev/null', path.resolve(__dirname, '../tests/ledger.yaml'));\n",
    ],
    clean: [
      "import { writeFileSync, mkdtempSync } from 'node:fs';\nimport { tmpdir } from 'node:os';\nimport { join } from 'node:path';\ntest('save', () => {\n  writeFileSync(join(mkdtempSync(join(tmpdir(), 'x-')), 'out.txt'), 'x');\n});\n",
    ],
  },
];
