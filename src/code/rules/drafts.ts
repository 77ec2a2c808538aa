// The parser's rules for draft files (data; src/code/rule.ts says the format). A draft is a
// test, so the production rule set would flag every one (it names pytest, reads its tests);
// these catch only a draft that reaches past its own run: patching a production module or a
// built-in where it is imported, starting a process that outlives the run, hooking the
// interpreter's exit, or writing outside its folder (CONTRACT §3 "Drafts run apart").
import type { CodeRule } from '../rule.js';

// What leaves a process running past the run: the calls that do it whatever their arguments.
const PY_DETACH = [
  'os.forkpty',
  'os.setsid',
  'os.setpgrp',
  'os.setpgid',
  'os.daemon',
  'os.spawn*',
  'os.posix_spawn*',
  'daemon.DaemonContext',
];

/** The calls that start a process (and so may be told to leave it running). */
const PY_START = [
  'subprocess.Popen',
  'subprocess.run',
  'subprocess.call',
  'subprocess.check_call',
  'subprocess.check_output',
  'asyncio.create_subprocess_exec',
  'asyncio.create_subprocess_shell',
];
/** The calls that hand their text to a shell. */
const PY_SHELL = [
  'os.system',
  'os.popen',
  'subprocess.getoutput',
  'subprocess.getstatusoutput',
  'asyncio.create_subprocess_shell',
];

/**
 * A command that detaches: `nohup`, `setsid`, `disown`, a daemoniser, a terminal multiplexer, a
 * lone `&` (not `&&`, `2>&1`, `&>`), or a `-c` whose script is computed (COMPUTED, src/code/spawn.ts).
 */
const DETACH_COMMAND =
  /(^|[\s;|&(`'"])(nohup|setsid|disown|daemonize|start-stop-daemon|screen|tmux)(\s|$)|(^|[^&>|<])&(?![&>])|(^|\s)-c \0/;

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
    what: 'a call that detaches a process whatever its arguments: `setsid`, `setpgrp`, `spawn*`, a daemon context',
    when: { on: 'call', names: PY_DETACH },
    hit: [
      'import os\nif os.fork() == 0:\n    os.setsid()\n',
      'import os, sys\nos.spawnl(os.P_NOWAIT, sys.executable, "python", "-c", "pass")\n',
      'from daemon import DaemonContext as D\n\nwith D():\n    pass\n',
      'import importlib\nposix = importlib.import_module("os")\nposix.setpgrp()\n',
    ],
    clean: ['import os\n\ndef test_pid():\n    assert os.getpid() > 0\n'],
  },
  {
    id: 'draft-py-fork',
    shape: 'draft-detach',
    what: 'a `fork` its scope never waits for (`os.wait*`)',
    when: { on: 'call', names: ['os.fork', 'os.forkpty'], unlessWaited: ['os.wait*'] },
    hit: [
      'import os\n\ndef test_x():\n    if os.fork() == 0:\n        os.execv("/bin/sleep", ["sleep", "60"])\n',
      'from os import fork as f\n\npid = f()\n',
      'import os\nimport functools\nfk = functools.partial(os.fork)\nfk()\n',
    ],
    clean: [
      'import os\n\ndef test_child():\n    pid = os.fork()\n    if pid == 0:\n        os.execv("/bin/true", ["true"])\n    _, status = os.waitpid(pid, 0)\n    assert status == 0\n',
    ],
  },
  {
    id: 'draft-py-spawn-detached',
    shape: 'draft-detach',
    what: 'a process started in a session or group of its own (`start_new_session`, `process_group`, `preexec_fn`, `creationflags`), or with keywords that cannot be read',
    when: {
      on: 'call',
      names: PY_START,
      spawn: {
        keywords: {
          start_new_session: /^(False|None|0)$/,
          process_group: /^None$/,
          preexec_fn: /^None$/,
          creationflags: /^(0|None)$/,
        },
        // Popen's seventh positional parameter is `preexec_fn`.
        positional: 6,
      },
    },
    hit: [
      'import subprocess, sys\nsubprocess.Popen([sys.executable, "-c", "pass"], start_new_session=True)\n',
      'import os\nfrom subprocess import run as go\n\ndef test_x():\n    go(["sleep", "60"], preexec_fn=os.setsid)\n',
      'import subprocess\nopts = {"start_new_session": True}\nsubprocess.run(["sleep", "60"], **opts)\n',
      'import subprocess\nsubprocess.run(["sleep", "60"], **dict(process_group=0))\n',
      'import functools, subprocess\nbg = functools.partial(subprocess.Popen, start_new_session=True)\n\ndef test_x():\n    with bg(["sleep", "60"]):\n        pass\n',
      'import subprocess\n\ndef test_x(opts):\n    subprocess.run(["sleep", "60"], **opts)\n',
      'import subprocess\nsubprocess.run(["sleep", "60"], creationflags=subprocess.DETACHED_PROCESS)\n',
    ],
    clean: [
      'import subprocess, sys\n\ndef test_cli():\n    r = subprocess.run([sys.executable, "-c", "print(1)"], capture_output=True, start_new_session=False)\n    assert r.returncode == 0\n',
      'import subprocess, sys\nopts = {"capture_output": True, "text": True}\n\ndef test_cli():\n    assert subprocess.run([sys.executable, "-V"], **opts).returncode == 0\n',
    ],
  },
  {
    id: 'draft-py-shell-detach',
    shape: 'draft-detach',
    what: 'a command that detaches (`nohup`, `setsid`, a lone `&`), or a shell command that cannot be read',
    when: {
      on: 'call',
      names: [...PY_START, ...PY_SHELL],
      spawn: { command: DETACH_COMMAND, shell: 'shell' },
    },
    hit: [
      'import os\nos.system("nohup sleep 60 &")\n',
      'import subprocess\nsubprocess.run(["setsid", "sleep", "60"])\n',
      'import subprocess\ncmd = "sleep 60 " + "&"\nsubprocess.run(cmd, shell=True)\n',
      'import subprocess\n\ndef test_x(script):\n    subprocess.run(["sh", "-c", script])\n',
    ],
    clean: [
      'import subprocess, sys\n\ndef test_cli():\n    r = subprocess.run([sys.executable, "-c", "print(1)"], capture_output=True)\n    assert r.returncode == 0\n',
      'import os\n\ndef test_ls():\n    assert os.system("ls >/dev/null 2>&1 && true") == 0\n',
    ],
  },
  {
    id: 'draft-py-shell-unread',
    shape: 'draft-detach',
    what: 'a shell (`os.system`, `os.popen`) given a command that cannot be read',
    when: { on: 'call', names: PY_SHELL, spawn: { shell: true } },
    hit: [
      'import os\n\ndef test_x(cmd):\n    os.popen(cmd).read()\n',
      'import os, sys\nos.system(sys.argv[1])\n',
      'from subprocess import getoutput as out\n\ndef test_x(tmp_path):\n    out(f"touch {tmp_path}/x &")\n',
    ],
    clean: ['import os\n\ndef test_ls():\n    assert os.system("ls >/dev/null") == 0\n'],
  },
  {
    id: 'draft-py-popen-unwaited',
    shape: 'draft-detach',
    what: 'a `Popen` neither a `with` item nor waited for in its scope (`wait`, `communicate`, `kill`, `terminate`)',
    when: {
      on: 'call',
      names: ['subprocess.Popen'],
      unlessWaited: [
        '*Popen().wait',
        '*Popen().communicate',
        '*Popen().kill',
        '*Popen().terminate',
      ],
    },
    hit: [
      'from subprocess import Popen as P\n\ndef test_x():\n    P(["sleep", "60"])\n',
      'import importlib\nsp = importlib.import_module("subprocess")\nsp.Popen(["sleep", "60"])\n',
      'import subprocess\n\ndef test_x():\n    p = subprocess.Popen(["sleep", "60"])\n    assert p.pid\n',
    ],
    clean: [
      'import subprocess, sys\n\ndef test_x():\n    with subprocess.Popen([sys.executable, "-V"]) as p:\n        pass\n    assert p.returncode == 0\n',
      'import subprocess, sys\n\ndef test_x():\n    p = subprocess.Popen([sys.executable, "-V"], stdout=subprocess.PIPE)\n    out, _ = p.communicate()\n    assert out\n',
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

/** Node's calls that start a process (`node:child_process` reads as `child_process`). */
const JS_START = ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'].map(
  (f) => `child_process.${f}`,
);
/** The ones that hand their command to a shell whatever their options. */
const JS_SHELL = ['child_process.exec', 'child_process.execSync'];

export const DRAFT_JS_RULES: readonly CodeRule[] = [
  {
    id: 'draft-js-detach',
    shape: 'draft-detach',
    what: 'a child process started `detached` (its own process group), or with options that cannot be read',
    when: {
      on: 'call',
      names: JS_START,
      spawn: { keywords: { detached: /^(False|None|0|)$/ } },
    },
    hit: [
      "import { spawn } from 'node:child_process';\nspawn('sleep', ['60'], { detached: true, stdio: 'ignore' });\n",
      "import * as cp from 'child_process';\ncp.fork('./worker.js', [], { detached: true });\n",
      "import * as c from 'child_process';\nconst run = c.spawn;\nconst bg = { detached: true };\nrun('sleep', ['60'], bg);\n",
      "import cp0 from 'child_process';\nconst { spawn } = cp0;\nconst base = { detached: true };\nspawn('sleep', ['60'], { ...base, stdio: 'ignore' });\n",
      "import { spawn } from 'child_process';\nexport function start(opts) {\n  return spawn('sleep', ['60'], opts);\n}\n",
    ],
    clean: [
      "import { execFileSync } from 'node:child_process';\ntest('cli', () => {\n  expect(execFileSync('node', ['-e', '1']).toString()).toBe('');\n});\n",
      "import { spawnSync } from 'node:child_process';\nconst opts = { encoding: 'utf8', detached: false };\ntest('cli', () => {\n  expect(spawnSync(process.execPath, ['-v'], opts).status).toBe(0);\n});\n",
    ],
  },
  {
    id: 'draft-js-unref',
    shape: 'draft-detach',
    what: 'a handle `unref()`ed: the run may end while it goes on',
    when: { on: 'call', names: ['*.unref'] },
    hit: [
      "import { spawn } from 'node:child_process';\nspawn('sleep', ['60']).unref();\n",
      "import { fork } from 'child_process';\nconst w = fork('./w.js');\nw.unref();\n",
      "test('x', () => {\n  setInterval(() => {}, 1000).unref();\n});\n",
    ],
    clean: [
      "import { spawn } from 'node:child_process';\ntest('x', (done) => {\n  spawn(process.execPath, ['-v']).on('close', () => done());\n});\n",
    ],
  },
  {
    id: 'draft-js-shell-detach',
    shape: 'draft-detach',
    what: 'a command that detaches (`nohup`, `setsid`, a lone `&`), or a shell command that cannot be read',
    when: {
      on: 'call',
      names: JS_START,
      spawn: { command: DETACH_COMMAND, shell: 'shell' },
    },
    hit: [
      "import { execSync } from 'node:child_process';\nexecSync('(setsid sleep 60 &)');\n",
      "import { spawn } from 'child_process';\nspawn('nohup', ['sleep', '60']);\n",
      "import * as cp from 'child_process';\nconst cmd = 'sleep 60 ' + '&';\ncp.exec(cmd, () => {});\n",
      "import { spawnSync } from 'child_process';\nexport const run = (script) => spawnSync('sh', ['-c', script]);\n",
    ],
    clean: [
      "import { execSync } from 'node:child_process';\ntest('git', () => {\n  expect(execSync('git --version 2>&1 && true').toString()).toMatch(/git/);\n});\n",
    ],
  },
  {
    id: 'draft-js-shell-unread',
    shape: 'draft-detach',
    what: 'a shell (`exec`, `execSync`) given a command that cannot be read',
    when: { on: 'call', names: JS_SHELL, spawn: { shell: true } },
    hit: [
      "import { execSync } from 'node:child_process';\nexport const sh = (cmd) => execSync(cmd);\n",
      "import cp from 'child_process';\ncp.exec(process.env.CMD, () => {});\n",
      "import { exec } from 'child_process';\ntest('x', () => {\n  exec(`sleep ${60} ${process.argv[2]}`);\n});\n",
      "import * as util from 'node:util';\nimport * as cp from 'node:child_process';\nconst sh = util.promisify(cp.exec);\ntest('x', async () => {\n  await sh(process.env.CMD);\n});\n",
    ],
    clean: [
      "import { execSync } from 'node:child_process';\ntest('git', () => {\n  expect(execSync('git --version').toString()).toMatch(/git/);\n});\n",
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
