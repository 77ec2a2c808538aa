"""ledger-gate's conduct recorder for pytest (docs/conduct.md).

Shipped with the action, never a file of the repository under test; loaded with
``-p ledger_gate_conduct`` from ``PYTHONPATH`` (``ledger-gate conduct --pytest`` prints both).
At import, i.e. before collection, it installs a PEP 578 audit hook, which production code
cannot remove, and records what the run's code *does*: opens of paths in the repository (with
their mode), folder listings, code built at run time, frame and tracer access, processes
started, other audit hooks, ctypes and the garbage collector's object walks. Each event is
kept with its site, the nearest frame in a repository file (not site-packages, not this
file): the gate keeps only sites on lines an agent's commit wrote in production files.

The report (``LEDGER_GATE_CONDUCT``) is JSON lines: a header (version, the run's identity),
the events, then a ``complete`` record written after pytest wrote its JUnit report, holding
that report's sha256; events after it (a thread or exit hook still running) are appended as
they happen. A cut or foreign report, or a JUnit file changed after the record, is refused.
Nothing here may raise into the code under test: every failure is swallowed and counted.
"""

import hashlib
import json
import os
import sys

VERSION = 1
ENV_REPORT = "LEDGER_GATE_CONDUCT"
ENV_ROOT = "LEDGER_GATE_CONDUCT_ROOT"
ENV_NONCE = "LEDGER_GATE_CONDUCT_NONCE"
# Bounds: distinct sites recorded per kind and in all, targets kept per site.
MAX_SITES_PER_KIND = 2000
MAX_SITES = 10000
MAX_TARGETS_PER_SITE = 8
MAX_TARGET_CHARS = 300
MAX_AFTER = 200

# The audit events recorded, by kind. Anything else returns at the first test (cost).
KINDS = {
    "open": "open",
    "os.listdir": "listdir",
    "os.scandir": "listdir",
    "os.walk": "listdir",
    "glob.glob": "listdir",
    "glob.glob/2": "listdir",
    "os.remove": "write",
    "os.rename": "write",
    "os.truncate": "write",
    "os.utime": "write",
    "os.chmod": "write",
    "shutil.copyfile": "write",
    "shutil.move": "write",
    "shutil.rmtree": "write",
    "compile": "code",
    "exec": "code",
    "code.__new__": "code",
    "sys._getframe": "frame",
    "sys._current_frames": "frame",
    "object.__getattr__": "frame",
    "sys.settrace": "tracer",
    "sys.setprofile": "tracer",
    "subprocess.Popen": "process",
    "os.system": "process",
    "os.fork": "process",
    "os.forkpty": "process",
    "os.exec": "process",
    "os.posix_spawn": "process",
    "os.spawn": "process",
    "os.startfile": "process",
    "os.kill": "process",
    "os.killpg": "process",
    "pty.spawn": "process",
    "sys.addaudithook": "audithook",
    "ctypes.dlopen": "ctypes",
    "ctypes.dlsym": "ctypes",
    "ctypes.addressof": "ctypes",
    "ctypes.cdata": "ctypes",
    "ctypes.string_at": "ctypes",
    "ctypes.wstring_at": "ctypes",
    "atexit.register": "exit-hook",
    "signal.signal": "exit-hook",
    "gc.get_objects": "memory",
    "gc.get_referrers": "memory",
    "gc.get_referents": "memory",
}
# Frame attributes whose read is audited (object.__getattr__): the ways to another frame.
FRAME_ATTRS = frozenset(("tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_back"))
# Standard modules that read a frame for their own bookkeeping (logging's caller, namedtuple's
# module, typing's and enum's caller): a frame event whose immediate caller is one of them,
# and not a function that hands the frame out, is theirs, not the project's.
QUIET_FRAME_CALLERS = frozenset(
    ("logging/__init__.py", "collections/__init__.py", "typing.py", "enum.py", "dataclasses.py",
     "warnings.py", "abc.py", "functools.py", "threading.py", "unittest/mock.py")
)
HANDS_OUT_FRAMES = frozenset(("currentframe", "stack", "getouterframes", "getinnerframes", "trace"))

_here = os.path.abspath(__file__)
_state = {
    "root": None,
    "sites": {},
    "per_kind": {},
    "dropped": 0,
    "errors": 0,
    "complete": False,
    "after": 0,
    "file": None,
    "report": None,
    "junit": None,
}
_busy = set()


def _find_root():
    given = os.environ.get(ENV_ROOT)
    d = os.path.abspath(given or os.getcwd())
    if given:
        return d
    probe = d
    while True:
        if os.path.exists(os.path.join(probe, ".git")):
            return probe
        up = os.path.dirname(probe)
        if up == probe:
            return d
        probe = up


def _project_file(filename, root):
    """Repo-relative posix path of a code file the project holds, else None."""
    if not filename or filename.startswith("<") or filename == _here:
        return None
    if not filename.startswith(root + os.sep):
        return None
    rel = filename[len(root) + 1:]
    parts = rel.split(os.sep)
    if "site-packages" in parts or "dist-packages" in parts or parts[0] in (".venv", "venv", ".tox", ".nox"):
        return None
    return "/".join(parts)


def _shown(path, root):
    """A path as the gate reads it: repo-relative when inside, else absolute; None if unusable."""
    try:
        if isinstance(path, int):
            return None
        p = os.fsdecode(path)
        a = os.path.abspath(p)
    except Exception:
        return None
    if a == root or a.startswith(root + os.sep):
        return "/".join(a[len(root) + 1:].split(os.sep)) or "."
    return a[:MAX_TARGET_CHARS]


def _open_writes(args):
    mode, flags = args[1], args[2]
    if isinstance(mode, str):
        return any(c in mode for c in "wax+")
    if isinstance(flags, int):
        return bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND))
    return False


def _describe(event, kind, args, root):
    """(target, write, keep): what the event touched, and whether it is recorded at all."""
    if kind == "open":
        if not args:
            return None, False, False
        t = _shown(args[0], root)
        report = _state["report"]
        inside = t is not None and not t.startswith("/")
        if t is None or not (inside or t == report or t == _state["junit"]):
            return None, False, False
        if t.endswith(".pyc") or "/__pycache__/" in "/" + t:
            return None, False, False
        return t, _open_writes(args), True
    if kind == "write":
        ts = [_shown(a, root) for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
        ts = [t for t in ts if t is not None]
        return (" -> ".join(ts) or None), True, True
    if kind == "listdir":
        t = _shown(args[0], root) if args and isinstance(args[0], (str, bytes, os.PathLike)) else None
        return t or (repr(args[0])[:80] if args else None), False, True
    if kind == "frame":
        if event == "object.__getattr__":
            name = args[1] if len(args) > 1 else None
            if name not in FRAME_ATTRS:
                return None, False, False
            return name, False, True
        return event, False, True
    if kind == "code":
        if event == "compile":
            src = args[0] if args else None
            # A module compiled from its file by the import system passes its path.
            if isinstance(src, (bytes, bytearray)) or src is None:
                return None, False, False
            name = args[1] if len(args) > 1 else None
            return "compile " + str(name)[:80], False, True
        if event == "exec":
            code = args[0] if args else None
            fn = getattr(code, "co_filename", None)
            if isinstance(fn, str) and fn and not fn.startswith("<") and os.path.exists(fn):
                return None, False, False
            return "exec " + str(fn)[:80], False, True
        return event, False, True
    if kind == "process":
        a = args[0] if args else None
        if isinstance(a, (list, tuple)):
            a = " ".join(str(x) for x in a)
        return str(a)[:MAX_TARGET_CHARS] if a is not None else event, False, True
    if kind == "exit-hook":
        return "%s %s" % (event, args[0] if args else ""), False, True
    return event, False, True


def _site(frame, root, kind):
    """(file, line, via_import) of the nearest project frame above an event, else None."""
    via_import = False
    first = True
    while frame is not None:
        code = frame.f_code
        fn = code.co_filename
        if fn == _here:
            return None
        if first and kind in ("frame", "code"):
            first = False
            rel = _project_file(fn, root)
            if rel is None:
                # A standard module reading a frame for itself is not the project's doing.
                norm = fn.replace(os.sep, "/")
                if kind == "frame" and code.co_name not in HANDS_OUT_FRAMES and any(
                    norm.endswith("/" + q) for q in QUIET_FRAME_CALLERS
                ):
                    return None
                # Code built by a standard module (dataclasses, namedtuple) is theirs.
                if kind == "code" and not fn.startswith("<"):
                    return None
        if fn.startswith("<frozen importlib"):
            via_import = True
        rel = _project_file(fn, root)
        if rel is not None:
            return rel, frame.f_lineno, via_import
        frame = frame.f_back
    return None


def _record(kind, event, site, target, write):
    sites = _state["sites"]
    key = (kind, site[0], site[1], site[2])
    entry = sites.get(key)
    if entry is None:
        n = _state["per_kind"].get(kind, 0)
        if n >= MAX_SITES_PER_KIND or len(sites) >= MAX_SITES:
            _state["dropped"] += 1
            return None
        _state["per_kind"][kind] = n + 1
        entry = {"kind": kind, "file": site[0], "line": site[1], "events": [], "targets": [],
                 "writes": [], "count": 0, "cut": 0}
        if site[2]:
            entry["via"] = "import"
        sites[key] = entry
    entry["count"] += 1
    if event not in entry["events"] and len(entry["events"]) < 8:
        entry["events"].append(event)
    if target is not None:
        t = target[:MAX_TARGET_CHARS]
        if write:
            if t not in entry["writes"]:
                if len(entry["writes"]) < MAX_TARGETS_PER_SITE:
                    entry["writes"].append(t)
                else:
                    entry["cut"] += 1
        elif t not in entry["targets"] and t not in entry["writes"]:
            if len(entry["targets"]) < MAX_TARGETS_PER_SITE:
                entry["targets"].append(t)
            else:
                entry["cut"] += 1
    return entry


def _hook(event, args, depth=1):
    kind = KINDS.get(event)
    if kind is None:
        return
    me = _thread_id()
    if me in _busy:
        return
    _busy.add(me)
    try:
        root = _state["root"]
        target, write, keep = _describe(event, kind, args, root)
        if not keep:
            return
        site = _site(sys._getframe(depth), root, kind)
        if site is None:
            return
        entry = _record(kind, event, site, target, write)
        if _state["complete"] and entry is not None:
            _append_after(entry, event, target, write)
    except Exception:
        _state["errors"] += 1
    finally:
        _busy.discard(me)


def _thread_id():
    try:
        import _thread

        return _thread.get_ident()
    except Exception:
        return 0


def _line(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=True) + "\n"


def _append_after(entry, event, target, write):
    """An event after the complete record: appended at once, the process may end any moment."""
    f = _state["file"]
    if f is None or _state["after"] >= MAX_AFTER:
        return
    _state["after"] += 1
    rec = {"type": "after", "kind": entry["kind"], "event": event, "file": entry["file"],
           "line": entry["line"]}
    if target is not None:
        rec["writes" if write else "targets"] = [target[:MAX_TARGET_CHARS]]
    f.write(_line(rec))
    f.flush()


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _start():
    _state["root"] = _find_root()
    report = os.environ.get(ENV_REPORT)
    if report:
        _state["report_abs"] = os.path.abspath(report)
        _state["report"] = _shown(report, _state["root"])
    sys.addaudithook(_hook)
    _wrap_unaudited()


def _wrap_unaudited():
    """Exit hooks and signal handlers raise no audit event (3.11): their setters are wrapped,
    which code that calls ``_signal.signal`` or ``atexit`` through ctypes gets around (the
    ctypes use is recorded)."""
    import atexit
    import signal

    def wrap(mod, name, event):
        real = getattr(mod, name)

        def recorded(*a, **k):
            _hook(event, (getattr(a[0], "__qualname__", repr(a[0])[:80]) if a else None,), 2)
            return real(*a, **k)

        setattr(mod, name, recorded)

    wrap(atexit, "register", "atexit.register")
    wrap(signal, "signal", "signal.signal")


def pytest_configure(config):
    xml = getattr(config.option, "xmlpath", None)
    if xml:
        base = str(getattr(config.invocation_params, "dir", os.getcwd()))
        _state["junit_abs"] = os.path.normpath(os.path.join(base, os.path.expanduser(xml)))
        _state["junit"] = _shown(_state["junit_abs"], _state["root"])


def _header():
    env = os.environ
    return {
        "type": "header",
        "tool": "ledger-gate-conduct",
        "version": VERSION,
        "runner": "pytest",
        "python": "%d.%d.%d" % sys.version_info[:3],
        "run": {"id": env.get("GITHUB_RUN_ID"), "attempt": env.get("GITHUB_RUN_ATTEMPT")},
        "nonce": env.get(ENV_NONCE),
        "junit": _state["junit"],
        "report": _state["report"],
    }


_start()

import pytest  # noqa: E402  (after the hook: it goes in before anything else)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """After junitxml wrote its report (its sessionfinish): the events, then the complete record."""
    path = _state.get("report_abs")
    if not path or _state["complete"]:
        return
    me = _thread_id()
    _busy.add(me)
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        f = open(path, "w", encoding="ascii")
        f.write(_line(_header()))
        sites = list(_state["sites"].values())
        for e in sites:
            f.write(_line(dict(e, type="site")))
        junit = None
        if _state.get("junit_abs"):
            try:
                junit = {"path": _state["junit"], "sha256": _sha256(_state["junit_abs"])}
            except OSError as err:
                junit = {"path": _state["junit"], "problem": err.strerror or "unreadable"}
        f.write(_line({"type": "complete", "sites": len(sites), "dropped": _state["dropped"],
                       "errors": _state["errors"], "junit": junit}))
        f.flush()
        # Held open: what still runs after this point is appended as it happens.
        _state["file"] = f
        _state["complete"] = True
    finally:
        _busy.discard(me)
