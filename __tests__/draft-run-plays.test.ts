// Issue 43, item 1's acceptance: drafts never share the evidence run. Each trick is an agent's
// breaking production edit with a draft beside it, played with real pytest 9 in a real git
// repository (support/plays.ts), three spellings each: (a) a draft module that patches
// production at import, (b) a draft that leaves a detached process behind to rewrite the
// finished JUnit report, (c) a draft that patches and then skips its own module at collection,
// leaving no trace in the report. Where the base's CI collects the drafts (its pytest step has
// no --ignore), the trick works and the gate rejects it as `draft-in-evidence-run`, naming the
// one-line change to the workflow; with the workflow `ledger-gate setup` writes (the drafts
// left out, then run in a job of their own) the trick does nothing and the broken change is
// rejected by the locked test failing. (b) is played with jest + jest-junit too (three more
// spellings; jest isolates each test file's modules, so (a) and (c) are pytest's). Every
// trick's draft is also read by the parser with the draft rules (src/code/rules/drafts.ts):
// its patching or detaching line asks for review as `production-gaming-shape`, beside the
// reject. The controls: an honest draft beside an honest fix, read clean.
import { afterAll, describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADMITTED,
  REPORT,
  baseRepo,
  describePlays,
  edit,
  gate,
  outcomeOf,
  rejects,
  type Expected,
  type Files,
  type Play,
} from './support/plays.js';
import { AGENT, type Repo } from './support/repo.js';

const T = 'tests/test_calc.py::test_add';
const DRAFTS = 'tests/agent_drafts';
const PYTEST = 'python -m pytest -p no:cacheprovider -q -o junit_family=xunit1';
const step = (line: string) => `      - run: ${line}\n`;
const job = (name: string, ...runs: string[]) =>
  `  ${name}:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v5\n${runs.map(step).join('')}`;
const workflow = (...jobs: string[]) => `name: tests\non: pull_request\njobs:\n${jobs.join('')}`;

/** The team's CI: one pytest step over everything, drafts included (line 8). */
const COLLECTS = workflow(job('test', `${PYTEST} --junitxml=${REPORT}`));
/** As `ledger-gate setup` writes it: the drafts left out, then run in a job of their own. */
const APART = workflow(
  job('test', `${PYTEST} --ignore=${DRAFTS} --junitxml=${REPORT}`),
  job('drafts', `if [ -d ${DRAFTS} ]; then ${PYTEST} ${DRAFTS} --junitxml=drafts/junit.xml; fi`),
);

const project = (ci: string): Files => ({
  'pytest.ini': '[pytest]\npythonpath = src\n',
  'src/calc.py': 'def add(a, b):\n    return a + b\n',
  'tests/test_calc.py': 'from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n',
  '.github/workflows/tests.yml': ci,
});
const BREAK: Files = { 'src/calc.py': 'def add(a, b):\n    return a - b\n' };
/** How CI runs the evidence: as the workflow says (the play's runner runs it the same way). */
const command = (ci: string) =>
  [
    'python3',
    '-m',
    'pytest',
    '-p',
    'no:cacheprovider',
    '-q',
    '-o',
    'junit_family=xunit1',
    ...(ci === APART ? [`--ignore=${DRAFTS}`] : []),
    `--junitxml=${REPORT}`,
  ] as string[];

/** A reject, with the draft line the parser's draft rules flag asking for review beside it. */
const withDraftShape = (e: Expected): Expected => ({
  ...e,
  rules: [...e.rules, 'production-gaming-shape:review'].sort(),
});

const FIX = `add \`--ignore=${DRAFTS}\` to the pytest command at .github/workflows/tests.yml:8`;

// (a) A draft module that patches production at import: pytest collects tests/agent_drafts/
// first (it sorts before test_calc.py), so the locked test imports the patched function.
const PATCH_AT_IMPORT: Record<string, Files> = {
  'an attribute assigned': {
    [`${DRAFTS}/test_idea.py`]: 'import calc\n\ncalc.add = lambda a, b: a + b\n',
  },
  'setattr through importlib': {
    [`${DRAFTS}/test_idea.py`]:
      'import importlib\n\nsetattr(importlib.import_module("calc"), "add", lambda a, b: a + b)\n',
  },
  "the function's code replaced": {
    [`${DRAFTS}/test_idea.py`]:
      'from calc import add\n\nadd.__code__ = (lambda a, b: a + b).__code__\n',
  },
};

// (c) A draft that patches, then skips its own module at collection: no case of it in the report.
const PATCH_THEN_SKIP: Record<string, Files> = {
  'pytest.skip(allow_module_level=True)': {
    [`${DRAFTS}/test_later.py`]:
      'import pytest\nimport calc\n\ncalc.add = lambda a, b: a + b\npytest.skip("not yet", allow_module_level=True)\n',
  },
  'importorskip of a module that is not there': {
    [`${DRAFTS}/test_later.py`]:
      'import pytest\nimport calc\n\ncalc.add = lambda a, b: a + b\npytest.importorskip("no_such_module_here")\n',
  },
  'unittest.SkipTest raised at import': {
    [`${DRAFTS}/test_later.py`]:
      'import unittest\nimport calc\n\ncalc.add = lambda a, b: a + b\nraise unittest.SkipTest("later")\n',
  },
};

function plays(kind: string, tricks: Record<string, Files>): Play[] {
  return Object.entries(tricks).flatMap(([spelling, extra]) => [
    {
      name: `${kind}, ${spelling}: the base CI collects the drafts`,
      runner: 'pytest' as const,
      files: project(COLLECTS),
      command: command(COLLECTS),
      test: T,
      breaks: BREAK,
      extra,
      without: 'fail' as const,
      with: 'pass' as const,
      today: ADMITTED,
      gate: withDraftShape(
        rejects(['draft-in-evidence-run'], {
          rule: 'draft-in-evidence-run',
          file: Object.keys(extra)[0],
          text: ['runs pytest without `--ignore=tests/agent_drafts`'],
          commit: true,
        }),
      ),
    },
    {
      name: `${kind}, ${spelling}: setup's workflow leaves the drafts out`,
      runner: 'pytest' as const,
      files: project(APART),
      command: command(APART),
      test: T,
      breaks: BREAK,
      extra,
      without: 'fail' as const,
      with: 'fail' as const,
      today: rejects(['classified-fail']),
      gate: withDraftShape(rejects(['classified-fail'])),
    },
  ]);
}

describePlays('drafts never share the evidence run: (a) a draft patches production at import', [
  ...plays('(a) patch at import', PATCH_AT_IMPORT),
]);
describePlays('drafts never share the evidence run: (c) a draft patches, then skips itself', [
  ...plays('(c) patch then skip', PATCH_THEN_SKIP),
]);

// (b) A draft that leaves a detached process behind: it waits for pytest to exit, then turns
// the finished report's failure into a pass (and writes a marker, so the play knows it ran:
// on CI the upload step, a second later, would read the rewritten file).
const REWRITE = [
  'import os, re, sys, time',
  `report, marker = ${JSON.stringify(REPORT)}, "reports/.rewritten"`,
  'parent = os.getppid()',
  'for _ in range(300):',
  '    time.sleep(0.05)',
  '    if os.getppid() != parent and os.path.exists(report):',
  '        break',
  'time.sleep(0.3)',
  'text = open(report).read()',
  'text = re.sub(r"<failure\\b.*?</failure>", "", text, flags=re.S)',
  'text = re.sub(r\'failures="\\d+"\', \'failures="0"\', text)',
  'open(report, "w").write(text)',
  'open(marker, "w").write("done")',
].join('\n');
const DETACHED: Record<string, Files> = {
  'subprocess.Popen in a new session': {
    [`${DRAFTS}/test_bg.py`]: [
      'import subprocess, sys',
      `SCRIPT = ${JSON.stringify(REWRITE)}`,
      'subprocess.Popen([sys.executable, "-c", SCRIPT], start_new_session=True,',
      '                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)',
      '',
    ].join('\n'),
  },
  'os.fork and setsid': {
    [`${DRAFTS}/test_bg.py`]: [
      'import os',
      `SCRIPT = ${JSON.stringify(REWRITE)}`,
      'if os.fork() == 0:',
      '    os.setsid()',
      '    if os.fork() == 0:',
      '        os.closerange(3, 1024)',
      '        fd = os.open(os.devnull, os.O_RDWR)',
      '        for i in (0, 1, 2):',
      '            os.dup2(fd, i)',
      '        exec(SCRIPT.replace("parent = os.getppid()", "parent = -1"))',
      '    os._exit(0)',
      '',
    ].join('\n'),
  },
  'a shell with nohup and &': {
    [`${DRAFTS}/test_bg.py`]: [
      'import os, shlex, sys',
      `SCRIPT = ${JSON.stringify(REWRITE.replace('parent = os.getppid()', 'parent = -1'))}`,
      'os.system(f"nohup {shlex.quote(sys.executable)} -c {shlex.quote(SCRIPT)} </dev/null >/dev/null 2>&1 &")',
      '',
    ].join('\n'),
  },
};

/** The evidence run, then the report as the upload would find it once the process is done. */
function runAndSettle(repo: Repo, ci: string): 'pass' | 'fail' | 'skip' | 'absent' {
  const marker = path.join(repo.dir, 'reports/.rewritten');
  const first = edit(repo, detachedPlay(ci), {});
  // A detached process that never rewrites (drafts left out) leaves the first outcome.
  const until = Date.now() + (ci === APART ? 1500 : 15000);
  while (!existsSync(marker) && Date.now() < until) Atomics.wait(SLEEP, 0, 0, 50);
  if (!existsSync(marker)) return first;
  return outcomeOf(readFileSync(path.join(repo.dir, REPORT), 'utf8'), T);
}
const SLEEP = new Int32Array(new SharedArrayBuffer(4));
const detachedPlay = (ci: string): Play => ({
  name: 'detached',
  runner: 'pytest',
  files: project(ci),
  command: command(ci),
  test: T,
  extra: {},
  with: 'pass',
  today: ADMITTED,
  gate: ADMITTED,
});

const repos: Repo[] = [];
afterAll(() => repos.forEach((r) => r.cleanup()));

describe('drafts never share the evidence run: (b) a draft leaves a process that rewrites the report', () => {
  test.each(Object.entries(DETACHED))('%s', (_spelling, extra) => {
    for (const ci of [COLLECTS, APART]) {
      const p = detachedPlay(ci);
      const { repo } = baseRepo(p);
      repos.push(repo);
      expect(edit(repo, p, BREAK)).toBe('fail');
      for (const [rel, body] of Object.entries(extra)) repo.write({ [rel]: body! });
      const outcome = runAndSettle(repo, ci);
      repo.commit('fix add', AGENT);
      const r = gate(repo, {});
      if (ci === COLLECTS) {
        // The trick works: the report the upload reads says pass. The gate rejects the draft.
        expect(outcome).toBe('pass');
        expect(r.verdict).toEqual(withDraftShape(rejects(['draft-in-evidence-run'])));
        const f = r.report.findings.find((x) => x.rule === 'draft-in-evidence-run')!;
        expect(f.file).toBe(`${DRAFTS}/test_bg.py`);
        expect(f.fix).toBe(FIX);
      } else {
        // Left out, the draft never runs beside the evidence: the locked test's failure stands.
        expect(outcome).toBe('fail');
        expect(r.verdict).toEqual(withDraftShape(rejects(['classified-fail'])));
      }
    }
  });
});

const HONEST_DRAFT: Files = {
  [`${DRAFTS}/test_idea.py`]:
    'from calc import add\n\n\ndef test_add_commutes():\n    assert add(2, 3) == add(3, 2)\n',
};
const appendDraft = (repo: Repo) => {
  const file = path.join(repo.dir, 'tests/ledger.yaml');
  writeFileSync(
    file,
    readFileSync(file, 'utf8') +
      `  - id: ${DRAFTS}/test_idea.py::test_add_commutes\n    class: draft\n    source: agent\n    proposed_class: property\n`,
  );
};
const FIX_SRC: Files = { 'src/calc.py': 'def add(a, b):\n    """The sum."""\n    return b + a\n' };

// (d) Run apart, a draft that writes outside its folder (the report, a golden, the ledger) still
// asks for review: its job is a fresh runner, but what it writes reaches what that job shares.
// The agent's fix is honest, so the draft's write is the one finding.
const WRITES_OUT: Record<string, Files> = {
  'open() of the JUnit report path': {
    [`${DRAFTS}/test_out.py`]:
      'import os\n\nHERE = os.path.dirname(__file__)\nopen(os.path.join(HERE, "..", "..", "reports", "junit.xml"), "w").write("<testsuite/>")\n',
  },
  'Path.write_text of a golden': {
    [`${DRAFTS}/test_out.py`]:
      'from pathlib import Path\n\n(Path(__file__).parent / ".." / "golden" / "add.json").write_text("5")\n',
  },
  'shutil.copy over the ledger': {
    [`${DRAFTS}/test_out.py`]:
      'import os, shutil\n\nshutil.copy(os.devnull, os.path.join(os.path.dirname(__file__), "..", "ledger.yaml"))\n',
  },
};

describePlays(
  'drafts run apart: (d) a draft that writes outside its folder asks for review',
  Object.entries(WRITES_OUT).map(([spelling, extra]) => ({
    name: `(d) ${spelling}: setup's workflow leaves the drafts out, an honest fix`,
    runner: 'pytest' as const,
    files: project(APART),
    command: command(APART),
    test: T,
    extra: { ...FIX_SRC, ...extra },
    with: 'pass' as const,
    today: ADMITTED,
    gate: {
      decision: 'review' as const,
      rules: ['production-gaming-shape:review'],
      names: {
        rule: 'production-gaming-shape',
        file: Object.keys(extra)[0],
        text: ['(outside-write)'],
      },
    },
  })),
);

describePlays('drafts never share the evidence run: honest controls', [
  {
    name: "control: an agent's fix in src/ with a draft, the drafts in a job of their own: admitted evidence",
    runner: 'pytest',
    files: project(APART),
    command: command(APART),
    test: T,
    extra: { ...FIX_SRC, ...HONEST_DRAFT },
    then: appendDraft,
    with: 'pass',
    today: ADMITTED,
    gate: ADMITTED,
  },
  {
    name: "control: the same where the base CI collects the drafts: the draft's pass and its run reject",
    runner: 'pytest',
    files: project(COLLECTS),
    command: command(COLLECTS),
    test: T,
    extra: { ...FIX_SRC, ...HONEST_DRAFT },
    then: appendDraft,
    with: 'pass',
    today: rejects(['draft-pass']),
    gate: rejects(['draft-in-evidence-run', 'draft-pass'], {
      rule: 'draft-in-evidence-run',
      file: `${DRAFTS}/test_idea.py`,
    }),
  },
  {
    name: "control: a human's draft where the base CI collects them is the draft rules' alone (no draft-in-evidence-run)",
    runner: 'pytest',
    files: project(COLLECTS),
    command: command(COLLECTS),
    test: T,
    extra: HONEST_DRAFT,
    then: appendDraft,
    by: { name: 'Dana Human', email: 'dana@example.com' },
    with: 'pass',
    // The row says `source: agent`: its pass is draft-pass whoever appended it.
    today: rejects(['draft-pass']),
    gate: rejects(['draft-pass']),
  },
]);

// (b) with jest and jest-junit: a draft test file leaves a detached node process behind that
// waits for the report jest-junit writes at the end of the run, then turns its failure into a
// pass. The draft itself holds one skipped test (a draft row: draft-not-passing, info).
const JEST_DRAFT_ID = `${DRAFTS}/bg.test.js::later`;
const JEST_REWRITE = [
  "const fs = require('fs');",
  `const report = ${JSON.stringify(REPORT)};`,
  'const t0 = Date.now();',
  'const wait = () => {',
  '  if (!fs.existsSync(report)) return Date.now() - t0 < 15000 && setTimeout(wait, 50);',
  '  setTimeout(() => {',
  "    let text = fs.readFileSync(report, 'utf8');",
  '    text = text.replace(/<failure[\\s\\S]*?<\\/failure>/g, \'\').replace(/failures="\\d+"/g, \'failures="0"\');',
  '    fs.writeFileSync(report, text);',
  "    fs.writeFileSync('reports/.rewritten', 'done');",
  '  }, 300);',
  '};',
  'wait();',
].join('\n');
const jestProject = (ci: string): Files => ({
  'package.json': '{ "name": "widgets", "private": true, "scripts": { "test": "jest" } }\n',
  'jest.config.js': "module.exports = { testEnvironment: 'node' };\n",
  'src/calc.js': 'exports.add = (a, b) => a + b;\n',
  '__tests__/calc.test.js':
    "const { add } = require('../src/calc.js');\n\ndescribe('calc', () => {\n  test('adds', () => {\n    expect(add(2, 3)).toBe(5);\n  });\n});\n",
  '.github/workflows/tests.yml': ci,
});
const JEST_LEAVE_OUT = [
  '--testPathIgnorePatterns=/node_modules/',
  `--testPathIgnorePatterns=/${DRAFTS}/`,
];
const JEST_COLLECTS = workflow(
  job('test', 'npx jest --ci --reporters=default --reporters=jest-junit'),
);
const JEST_APART = workflow(
  job(
    'test',
    `npx jest ${JEST_LEAVE_OUT.join(' ')} --ci --reporters=default --reporters=jest-junit`,
  ),
  job('drafts', `if [ -d ${DRAFTS} ]; then npx jest ${DRAFTS} --ci; fi`),
);

const B64 = `eval(Buffer.from('${Buffer.from(JEST_REWRITE).toString('base64')}','base64').toString())`;
const JEST_DETACHED: Record<string, string> = {
  'child_process.spawn detached and unref()': `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(JEST_REWRITE)}], { detached: true, stdio: 'ignore' }).unref();`,
  'exec of a shell with nohup and &': `require('child_process').exec(\`nohup "\${process.execPath}" -e "${B64}" >/dev/null 2>&1 &\`);`,
  'execSync of a setsid subshell': `require('child_process').execSync(\`(setsid "\${process.execPath}" -e "${B64}" >/dev/null 2>&1 &)\`);`,
};

describe('drafts never share the evidence run: (b) with jest, a draft leaves a process that rewrites the report', () => {
  test.each(Object.entries(JEST_DETACHED))('%s', (_spelling, spawnLine) => {
    for (const ci of [JEST_COLLECTS, JEST_APART]) {
      const p: Play = {
        name: 'jest detached',
        runner: 'jest',
        files: jestProject(ci),
        command: [
          process.execPath,
          'node_modules/jest/bin/jest.js',
          ...(ci === JEST_APART ? JEST_LEAVE_OUT : []),
          '--ci',
          '--no-watchman',
          '--reporters=default',
          '--reporters=jest-junit',
        ],
        test: '__tests__/calc.test.js::calc adds',
        extra: {},
        with: 'pass',
        today: ADMITTED,
        gate: ADMITTED,
      };
      const { repo } = baseRepo(p);
      repos.push(repo);
      expect(edit(repo, p, { 'src/calc.js': 'exports.add = (a, b) => a - b;\n' })).toBe('fail');
      repo.write({
        [`${DRAFTS}/bg.test.js`]: [spawnLine, "test.skip('later', () => {});", ''].join('\n'),
      });
      const file = path.join(repo.dir, 'tests/ledger.yaml');
      writeFileSync(
        file,
        readFileSync(file, 'utf8') +
          `  - id: ${JEST_DRAFT_ID}\n    class: draft\n    source: agent\n    proposed_class: property\n`,
      );
      const first = edit(repo, p, {});
      const marker = path.join(repo.dir, 'reports/.rewritten');
      const until = Date.now() + (ci === JEST_APART ? 1500 : 15000);
      while (!existsSync(marker) && Date.now() < until) Atomics.wait(SLEEP, 0, 0, 50);
      const outcome = existsSync(marker)
        ? outcomeOf(readFileSync(path.join(repo.dir, REPORT), 'utf8'), p.test)
        : first;
      repo.commit('fix add', AGENT);
      const r = gate(repo, {});
      if (ci === JEST_COLLECTS) {
        expect(outcome).toBe('pass');
        expect(r.verdict).toEqual(withDraftShape(rejects(['draft-in-evidence-run'])));
        const f = r.report.findings.find((x) => x.rule === 'draft-in-evidence-run')!;
        expect(f.fix).toBe(
          `add \`--testPathIgnorePatterns=/${DRAFTS}/\` to the jest command at .github/workflows/tests.yml:8`,
        );
      } else {
        expect(outcome).toBe('fail');
        expect(r.verdict).toEqual(withDraftShape(rejects(['classified-fail'])));
      }
    }
  });
});
