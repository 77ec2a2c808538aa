// The CLI as a tool, through the built bundle spawned as a user runs it: --help on every
// command, --version, a suggestion for a mistyped flag, a short report by default (the
// Markdown only with --summary, `-` meaning stdout), colour only on a terminal and never with
// NO_COLOR, and a reader that goes away (`| head`) costing no stack trace and no exit status.
// LEDGER_GATE_CLI points at another build (`node scripts/build.mjs --cli-only --out DIR`).
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMANDS } from '../src/cli.js';
import { cliNode, nodeBinaries } from './support/fake-github-runner.js';
import { CLI, ROOT } from './support/hostile.js';
const tmp = mkdtempSync(path.join(tmpdir(), 'ledger-gate-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The demo (exit 1: three rejects) in a folder of its own. */
const demo = path.join(tmp, 'demo');
cpSync(path.join(ROOT, 'examples/demo'), demo, { recursive: true });

/** A suite the gate admits: the demo's locked fixture and property, and nothing else. */
const admit = path.join(tmp, 'admit');
cpSync(demo, admit, { recursive: true });
const demoLedger = readFileSync(path.join(demo, 'tests/ledger.yaml'), 'utf8').split('\n');
writeFileSync(path.join(admit, 'tests/ledger.yaml'), demoLedger.slice(0, 12).join('\n') + '\n');
writeFileSync(
  path.join(admit, 'reports/junit.xml'),
  readFileSync(path.join(demo, 'reports/junit.xml'), 'utf8')
    .split('\n')
    .filter((l) => !/<testcase/.test(l) || /test_header_roundtrip|test_length_never/.test(l))
    .join('\n')
    .replace(/<failure[\s\S]*?<\/testcase>/, '')
    // The suite's own count too: a report whose failures are gone but counted is refused.
    .replace('failures="1"', 'failures="0"'),
);

/** 3000 unclassified tests: a Markdown summary far larger than a pipe's buffer. */
const big = path.join(tmp, 'big');
cpSync(demo, big, { recursive: true });
writeFileSync(
  path.join(big, 'reports/junit.xml'),
  '<testsuites><testsuite name="pytest">\n' +
    Array.from(
      { length: 3000 },
      (_, i) =>
        `<testcase classname="tests.test_big" name="test_${i}_${'x'.repeat(60)}" file="tests/test_big.py" line="${i}"/>\n`,
    ).join('') +
    '</testsuite></testsuites>\n',
);

function cli(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cliNode(), [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A shell pipeline; prints the CLI's own exit status last (PIPESTATUS[0]). */
function shell(cwd: string, script: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync('bash', ['-c', script], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CLI, NODE: cliNode(), NO_COLOR: '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const STACK = /^\s+at |EPIPE|Error:/m;
const ESC = '\u001b[';
const golden = (name: string) =>
  readFileSync(path.join(ROOT, '__fixtures__/goldens', name), 'utf8');
const lastLine = (s: string) => s.trim().split('\n').at(-1);

describe('help, version and mistyped flags', () => {
  it('--version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const r = cli(tmp, [flag]);
      expect(r).toEqual({ code: 0, stdout: `ledger-gate ${pkg.version}\n`, stderr: '' });
    }
  });

  it('--help lists every command and the exit codes', () => {
    const r = cli(tmp, ['--help']);
    expect(r.code).toBe(0);
    for (const name of Object.keys(COMMANDS))
      expect(r.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(r.stdout).toContain('exit status: 0 admit · 1 reject');
    expect(r.stdout).toContain('3 review · 2 usage error');
  });

  it.each(Object.keys(COMMANDS))(
    '%s --help (and -h) prints its usage and every option, exit 0',
    (name) => {
      for (const flag of ['--help', '-h']) {
        const r = cli(tmp, [name, flag]);
        expect(r.code).toBe(0);
        expect(r.stderr).toBe('');
        expect(r.stdout.startsWith(`usage: ledger-gate ${name}`)).toBe(true);
        for (const opt of Object.keys(COMMANDS[name].options))
          expect(r.stdout).toContain(`--${opt}`);
        expect(r.stdout).toMatch(/\nexit status: 0 .*2 usage error\n$/);
      }
    },
  );

  it('no command prints the usage on stderr (exit 2); `help check` is `check --help`', () => {
    const none = cli(tmp, []);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^usage: ledger-gate <command>/);
    expect(cli(tmp, ['help', 'check'])).toEqual(cli(tmp, ['check', '--help']));
  });

  it('check --help says the exit codes, and wins over other arguments', () => {
    const r = cli(tmp, ['check', '--junit', 'nothing.xml', '--bogus', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'exit status: 0 admit · 1 reject (bad inputs included: fail closed) · 3 review · 2 usage error',
    );
    expect(r.stdout).toContain('--summary FILE');
  });

  it.each([
    [['check', '--junti', 'x.xml'], 'unknown option --junti (did you mean --junit?)'],
    [
      ['check', '--junit', 'x.xml', '--sumary', 's.md'],
      'unknown option --sumary (did you mean --summary?)',
    ],
    [['check', '--junit=x.xml', '--bsae=main'], 'unknown option --bsae (did you mean --base?)'],
    [['lock', 'id', '--artifcat', 'a'], 'unknown option --artifcat (did you mean --artifact?)'],
    [['check', '--zzzzzz'], 'unknown option --zzzzzz\n'],
    [['chek'], 'unknown command "chek" (did you mean check?)'],
  ])('%j is a usage error with a suggestion (exit 2)', (args, said) => {
    const r = cli(tmp, args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(said);
    expect(r.stderr).not.toMatch(STACK);
  });
});

describe('check prints a short report by default', () => {
  it('the decision and why, the commands, the counts and the reject findings; no Markdown, no colour in a pipe', () => {
    const r = cli(demo, ['check', '--junit', 'reports/*.xml']);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 8)).toEqual([
      'reject: 1 locked file or golden changed while its ledger row did not, and 2 more rules below.',
      '  These commands clear it, from the repository root; commit what they write:',
      '    ledger-gate relock tests/goldens/footer.txt',
      '    ledger-gate promote tests/test_parse.py::test_agent_added_prefix_strip   # or: ledger-gate drop tests/test_parse.py::test_agent_added_prefix_strip',
      "    ledger-gate lock tests/test_parse.py::test_new_helper --artifact {file} --junit 'reports/*.xml'",
      '  To fix: 1 golden, 1 test file (3 tests)',
      '  6 test cases by status: 5 pass · 1 fail',
      '  6 findings by result: 3 reject · 0 review · 2 admit · 1 info',
    ]);
    expect(r.stdout).toContain(
      "reject fixture-digest-mismatch · 1 — the golden's bytes changed but its row did not",
    );
    // Each command once: the block at the top holds them, no entry repeats one.
    expect(r.stdout.split('ledger-gate relock')).toHaveLength(2);
    expect(r.stdout).toContain('  golden tests/goldens/footer.txt: 1 test');
    expect(r.stdout).toContain(
      '    tests/test_parse.py::TestFooter::test_footer_golden  tests/ledger.yaml:23',
    );
    expect(r.stdout).toContain(
      '  tests/test_parse.py::test_new_helper (pass) tests/test_parse.py:61',
    );
    expect(r.stdout).toContain('note: no base given');
    // Admitted findings are counted, not listed; the Markdown is not printed.
    expect(r.stdout).not.toContain('test_header_roundtrip');
    expect(r.stdout).not.toMatch(/^\||^#|<details>/m);
    expect(r.stdout).not.toContain(ESC);
    expect(lastLine(r.stderr)).toBe('ledger-gate: reject');
  });

  it('--summary - writes the Markdown summary (the golden) to stdout, --json - the JSON report', () => {
    const md = cli(demo, ['check', '--junit', 'reports/*.xml', '--summary', '-']);
    expect(md.code).toBe(1);
    expect(md.stdout).toBe(golden('demo-summary.md'));
    const json = cli(demo, ['check', '--junit', 'reports/*.xml', '--json', '-']);
    expect(json.code).toBe(1);
    expect(json.stdout).toBe(golden('demo-report.json'));
    expect(existsSync(path.join(demo, '-'))).toBe(false);
    expect(lastLine(json.stderr)).toBe('ledger-gate: reject');
  });

  it('--summary FILE keeps the terminal short and writes the Markdown to the file', () => {
    const file = path.join(tmp, 'summary.md');
    const r = cli(demo, ['check', '--junit', 'reports/*.xml', '--summary', file]);
    expect(r.code).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(golden('demo-summary.md'));
    expect(r.stdout).not.toContain('| rule |');
    expect(r.stdout.length).toBeLessThan(2000);
  });

  it('--json - and --summary - together are a usage error', () => {
    const r = cli(demo, ['check', '--junit', 'reports/*.xml', '--json', '-', '--summary', '-']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('would both write to stdout');
  });

  it('a large run: 3000 new tests of one file are one entry, with the one command for all', () => {
    const r = cli(big, ['check', '--junit', 'reports/*.xml', '--ledger', 'tests/ledger.yaml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('  test file tests/test_big.py: 3000 tests\n');
    expect(r.stdout).toContain(
      '\n  These commands clear it, from the repository root; commit what they write:\n' +
        '    ledger-gate drop tests/test_parse.py::test_concurrent_reload\n' +
        "    ledger-gate update --junit 'reports/*.xml'\n",
    );
    expect(r.stdout).toContain('    … and 2997 more\n');
    expect(r.stdout.split('ledger-gate update')).toHaveLength(2);
    expect(r.stdout.length).toBeLessThan(20000);
  });
});

describe('colour only on a terminal, never with NO_COLOR', () => {
  // util-linux `script` runs the CLI on a pseudo-terminal, as an interactive shell would.
  const onTty = (env: NodeJS.ProcessEnv) =>
    shell(demo, `script -qec "node \\"$CLI\\" check --junit 'reports/*.xml'" /dev/null`, env);

  it('colours the decision and results on a terminal', () => {
    const r = onTty({});
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${ESC}31m${ESC}1mreject${ESC}0m${ESC}0m:`);
  });

  it('prints no escape sequence with NO_COLOR set, even on a terminal', () => {
    const r = onTty({ NO_COLOR: '1' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'reject: 1 locked file or golden changed while its ledger row did not, and 2 more rules below.',
    );
    expect(r.stdout).not.toContain(ESC);
  });
});

describe('a reader that goes away', () => {
  // A pipe whose read end is closed before the CLI starts: its first write fails with EPIPE.
  const closedPipe = (node: string, cwd: string, args: string) =>
    shell(
      cwd,
      `python3 -c 'import os, subprocess, sys
r, w = os.pipe(); os.close(r)
sys.exit(subprocess.call(sys.argv[1:], stdout=w))' "$NODE" "$CLI" ${args}`,
      { NODE: node },
    );

  describe.each(nodeBinaries())('under $label', ({ bin }) => {
    it.each([
      ['reject', demo, 1],
      ['admit', admit, 0],
    ])(
      'costs no stack trace, and the exit status stays the decision’s (%s)',
      (decision, cwd, code) => {
        for (const args of [
          "check --junit 'reports/*.xml'",
          "check --junit 'reports/*.xml' --summary -",
        ]) {
          const r = closedPipe(bin, cwd as string, args);
          expect(r.code).toBe(code);
          expect(r.stderr).not.toMatch(STACK);
          expect(lastLine(r.stderr)).toBe(`ledger-gate: ${decision}`);
        }
      },
    );
  });

  it('`| head -n 1` on a megabyte of Markdown: the first line, no stack trace, exit 1', () => {
    const r = shell(
      big,
      `"$NODE" "$CLI" check --junit 'reports/*.xml' --summary - | head -n 1; echo "status \${PIPESTATUS[0]}"`,
    );
    expect(r.stdout).toBe('## ❌ ledger-gate: reject\nstatus 1\n');
    expect(r.stderr).not.toMatch(STACK);
    expect(lastLine(r.stderr)).toBe('ledger-gate: reject');
  });
});
