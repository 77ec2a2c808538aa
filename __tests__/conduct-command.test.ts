// `ledger-gate conduct --pytest` (src/commands/conduct.ts): the environment it prints loads the
// shipped recorder, and real pytest run with it writes a report the gate reads.
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nodeEnv, nodePreload, pluginDir, pytestEnv, run } from '../src/commands/conduct.js';
import { parseConductReport } from '../src/conduct/report.js';
import { workflowFiles } from '../src/setup/workflows.js';
import { parse } from 'yaml';
import { workflowErrors } from './support/workflow-errors.js';

const io = (cwd: string) => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { cwd, stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) },
    out,
    err,
  };
};

describe('conduct --pytest', () => {
  test('prints PYTHONPATH, PYTEST_ADDOPTS and the report, keeping what was set', async () => {
    const { io: i, out } = io('/w');
    const env = { PYTHONPATH: '/x', PYTEST_ADDOPTS: '-q', RUNNER_TEMP: '/t' };
    expect(await run(['--pytest'], i, env)).toBe(0);
    expect(out.join('')).toBe(
      `PYTHONPATH=${pluginDir()}:/x\nPYTEST_ADDOPTS=-p ledger_gate_conduct -q\nLEDGER_GATE_CONDUCT=/t/reports/conduct.jsonl\n`,
    );
    expect(pytestEnv('r.jsonl', {}, '/p')).toEqual([
      'PYTHONPATH=/p',
      'PYTEST_ADDOPTS=-p ledger_gate_conduct',
      'LEDGER_GATE_CONDUCT=r.jsonl',
    ]);
  });

  test('--node prints NODE_OPTIONS requiring the shipped preload first, keeping what was set', async () => {
    const { io: i, out } = io('/w');
    expect(
      await run(['--node', '--report', 'c.jsonl'], i, { NODE_OPTIONS: '--max-old-space-size=900' }),
    ).toBe(0);
    expect(out.join('')).toBe(
      `NODE_OPTIONS=--require ${nodePreload()} --max-old-space-size=900\nLEDGER_GATE_CONDUCT=/w/c.jsonl\n`,
    );
    expect(nodePreload()).toMatch(/ledger_gate_conduct\.cjs$/);
    expect(nodeEnv('r', {}, '/a b/p.cjs')).toEqual([
      'NODE_OPTIONS=--require "/a b/p.cjs"',
      'LEDGER_GATE_CONDUCT=r',
    ]);
    expect(() => nodeEnv('r', {}, '/a"b/p.cjs')).toThrow('cannot be quoted');
  });

  test('without --pytest or --node, with both, or with an unknown flag, it is a usage error', async () => {
    const a = io('/w');
    expect(await run([], a.io, {})).toBe(2);
    expect(a.err.join('')).toContain('--pytest');
    const c = io('/w');
    expect(await run(['--pytest', '--node'], c.io, {})).toBe(2);
    const b = io('/w');
    expect(await run(['--pytest', '--nope'], b.io, {})).toBe(2);
  });

  test('real pytest with that environment writes a complete report tied to its JUnit report', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-conduct-cmd-'));
    try {
      mkdirSync(path.join(dir, '.git'));
      mkdirSync(path.join(dir, 'tests'));
      writeFileSync(
        path.join(dir, 'calc.py'),
        'import os\n\n\ndef add(a, b):\n    os.listdir(".")\n    return a + b\n',
      );
      writeFileSync(
        path.join(dir, 'tests/test_calc.py'),
        'from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n',
      );
      const { io: i, out } = io(dir);
      await run(['--pytest', '--report', 'out/conduct.jsonl'], i, {});
      const vars = Object.fromEntries(
        out
          .join('')
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      const r = spawnSync(
        'sh',
        [
          '-c',
          `python3 -m pytest $PYTEST_ADDOPTS -q -p no:cacheprovider --rootdir=. --junitxml=out/junit.xml tests`,
        ],
        {
          cwd: dir,
          env: {
            ...process.env,
            PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1',
            PYTHONDONTWRITEBYTECODE: '1',
            ...vars,
            PYTHONPATH: `${vars.PYTHONPATH}:.`,
          },
          encoding: 'utf8',
        },
      );
      expect(r.status).toBe(0);
      const report = parseConductReport(readFileSync(path.join(dir, 'out/conduct.jsonl'), 'utf8'));
      if ('error' in report) throw new Error(report.error);
      expect(report.junitPath).toBe('out/junit.xml');
      expect(report.tampered).toBeUndefined();
      expect(report.sites).toContainEqual(
        expect.objectContaining({ kind: 'listdir', file: 'calc.py', line: 5, targets: ['.'] }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('setup --conduct', () => {
  const o = {
    runner: 'pytest' as const,
    shards: 1,
    forks: false,
    uses: 'o/ledger-gate@v1',
    branch: 'main',
    conduct: 'npx --yes --package T ledger-gate',
  };
  const p = { files: new Set(['pytest.ini']), packages: new Set<string>() };

  test('the test job loads the recorder before pytest runs; the gate reads its report from the artifact', async () => {
    const [f] = workflowFiles(p, o);
    expect(await workflowErrors(f.path, f.text)).toEqual([]);
    const w = parse(f.text) as {
      jobs: Record<string, { steps: { run?: string; with?: Record<string, string> }[] }>;
    };
    const runs = w.jobs.test.steps.map((s) => s.run ?? '');
    const at = runs.findIndex((r) => r.includes('conduct --pytest'));
    expect(runs[at]).toBe('npx --yes --package T ledger-gate conduct --pytest >> "$GITHUB_ENV"');
    expect(runs.findIndex((r) => r.includes('python -m pytest'))).toBeGreaterThan(at);
    const gate = w.jobs.gate.steps.find((s) => s.with?.junit)!;
    expect(gate.with!.conduct).toBe('${{ runner.temp }}/junit/conduct.jsonl');
  });

  test('one pytest or jest run only: with shards, forks or another runner it refuses', () => {
    expect(() => workflowFiles(p, { ...o, shards: 2 })).toThrow(/one pytest or jest run/);
    expect(() => workflowFiles(p, { ...o, forks: true })).toThrow(/one pytest or jest run/);
    expect(() => workflowFiles(p, { ...o, runner: 'vitest' })).toThrow(/one pytest or jest run/);
  });

  const jest = {
    files: new Set(['package.json']),
    packages: new Set(['jest', 'jest-junit']),
    scripts: { test: 'jest' },
  };
  type Job = {
    steps: {
      id?: string;
      run?: string;
      env?: Record<string, string>;
      with?: Record<string, string>;
    }[];
  };

  test('jest: the Node recorder goes in the test step’s NODE_OPTIONS only, through the conduct step’s outputs', async () => {
    const [f] = workflowFiles(jest, { ...o, runner: 'jest' });
    expect(await workflowErrors(f.path, f.text)).toEqual([]);
    const w = parse(f.text) as { jobs: Record<string, Job> };
    const steps = w.jobs.test.steps;
    const at = steps.findIndex((s) => s.id === 'conduct');
    expect(steps[at].run).toBe(
      'npx --yes --package T ledger-gate conduct --node >> "$GITHUB_OUTPUT"',
    );
    const run = steps.findIndex((s) => s.run?.startsWith('npm test -- '));
    expect(run).toBeGreaterThan(at);
    expect(steps[run].env).toMatchObject({
      NODE_OPTIONS: '${{ steps.conduct.outputs.NODE_OPTIONS }}',
      LEDGER_GATE_CONDUCT: '${{ steps.conduct.outputs.LEDGER_GATE_CONDUCT }}',
      JEST_JUNIT_OUTPUT_DIR: '${{ runner.temp }}/reports',
    });
    // Nowhere else: not in $GITHUB_ENV, not in the drafts' job, not on any other step.
    expect(f.text).not.toContain('GITHUB_ENV');
    const withRecorder = Object.values(w.jobs).flatMap((j) =>
      j.steps.filter((s) => s.env?.NODE_OPTIONS !== undefined),
    );
    expect(withRecorder).toEqual([steps[run]]);
    const gate = w.jobs.gate.steps.find((s) => s.with?.junit)!;
    expect(gate.with!.conduct).toBe('${{ runner.temp }}/junit/conduct.jsonl');
  });

  test('jest: a test script that runs jest twice is refused (the recorder reports one run)', () => {
    const twice = {
      ...jest,
      scripts: { 'test:a': 'jest a', 'test:b': 'jest b', test: 'npm run test:a && npm run test:b' },
    };
    expect(() => workflowFiles(twice, { ...o, runner: 'jest' })).toThrow(
      /one jest run: the test script runs jest 2 times/,
    );
    expect(workflowFiles(twice, { ...o, runner: 'jest', conduct: undefined })).toHaveLength(1);
  });
});

describe('conduct --node: the preload in a real node process', () => {
  /** Runs `main` with the environment `conduct --node` prints; the report, once the watcher wrote it. */
  async function recorded(files: Record<string, string>, main: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-conduct-node-'));
    try {
      mkdirSync(path.join(dir, '.git'));
      for (const [f, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
        writeFileSync(path.join(dir, f), text);
      }
      const { io: i, out } = io(dir);
      expect(await run(['--node', '--report', 'reports/conduct.jsonl'], i, {})).toBe(0);
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LEDGER_GATE_CONDUCT_JUNIT: 'j.xml' };
      for (const l of out.join('').trim().split('\n')) {
        const at = l.indexOf('=');
        env[l.slice(0, at)] = l.slice(at + 1);
      }
      const r = spawnSync(process.execPath, [main], { cwd: dir, env, encoding: 'utf8' });
      const report = path.join(dir, 'reports/conduct.jsonl');
      for (let t = 0; t < 100 && !existsSync(report); t++)
        await new Promise((ok) => setTimeout(ok, 50));
      return { status: r.status, parsed: parseConductReport(readFileSync(report, 'utf8')) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('records a shell, an assembled read, an exit hook and an ESM named import, on their lines', async () => {
    const { status, parsed } = await recorded(
      {
        'j.xml': '<testsuites/>\n',
        'src/prod.js': [
          "const cp = require('child_process');",
          "const { readFileSync } = require('fs');",
          'exports.go = () => {',
          "  cp.execSync('tr' + 'ue');",
          "  readFileSync(['tests', 't.mjs'].join('/'));",
          "  process.on('ex' + 'it', () => {});",
          '};',
          '',
        ].join('\n'),
        'tests/t.mjs': [
          "import { readdirSync } from 'node:fs';",
          "import prod from '../src/prod.js';",
          'prod.go();',
          "readdirSync('src');",
          '',
        ].join('\n'),
      },
      'tests/t.mjs',
    );
    expect(status).toBe(0);
    if ('error' in parsed) throw new Error(parsed.error);
    const at = (f: string, line: number) =>
      parsed.sites.filter((s) => s.file === f && s.line === line).map((s) => [s.kind, s.targets]);
    expect(at('src/prod.js', 4)).toEqual([['process', ['true']]]);
    expect(at('src/prod.js', 5)).toEqual([['open', ['tests/t.mjs']]]);
    expect(at('src/prod.js', 6)).toEqual([['exit-hook', ['exit']]]);
    expect(at('tests/t.mjs', 4)).toEqual([['listdir', ['src']]]);
    expect(parsed.junitSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(parsed.tampered).toBeUndefined();
  });

  // vitest's way (item 3): a module's transformed code through vm.runInThisContext, named by
  // its file, vite's inline map at its end and a comment of vitest's after it. The read is on
  // the transformed line 4, the source's line 3 (the map: `;;;AAEA`).
  const MAP = Buffer.from(
    JSON.stringify({ version: 3, sources: ['x.js'], names: [], mappings: ';;;AAEA' }),
  ).toString('base64');
  const viaVm = [
    "const vm = require('vm');",
    "const file = require('path').join(__dirname, '..', 'src', 'x.js');",
    `const code = "\\n\\n\\nrequire('fs').readdirSync('src');\\n//# sourceMappingURL=data:application/json;base64,${MAP}\\n//# vitestCache=e30=\\n";`,
    'vm.runInThisContext(`(function (require) {${code}})`, { filename: file })(require);',
    '',
  ].join('\n');
  const listed = (sites: { kind: string; file: string; line: number }[]) =>
    sites.filter((x) => x.kind === 'listdir' && x.file === 'src/x.js').map((x) => x.line);

  test('code run through vm with an inline source map is recorded on its source line', async () => {
    const { status, parsed } = await recorded(
      {
        'j.xml': '<testsuites/>\n',
        'src/x.js': "// the source\nconst fs = require('fs');\nfs.readdirSync('src');\n",
        'tests/t.cjs': viaVm,
      },
      'tests/t.cjs',
    );
    expect(status).toBe(0);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(listed(parsed.sites)).toEqual([3]);
  });

  test('a source that carries a source map of its own is not mapped: the executed line stands', async () => {
    const { parsed } = await recorded(
      {
        'j.xml': '<testsuites/>\n',
        'src/x.js': `// the source\nconst fs = require('fs');\nfs.readdirSync('src');\n//# sourceMappingURL=data:application/json;base64,${MAP}\n`,
        'tests/t.cjs': viaVm,
      },
      'tests/t.cjs',
    );
    if ('error' in parsed) throw new Error(parsed.error);
    expect(listed(parsed.sites)).toEqual([4]);
  });

  test('a process that dies before its exit leaves no complete record: the report is refused', async () => {
    const { parsed } = await recorded(
      { 'main.js': "require('fs').readdirSync('.');\nprocess.kill(process.pid, 'SIGKILL');\n" },
      'main.js',
    );
    expect(parsed).toEqual({ error: 'it has no complete record: the test session did not end' });
  });

  test('an exit listener that rewrites the JUnit report after the end is seen: junit changed, the write after', async () => {
    const { parsed } = await recorded(
      {
        'j.xml': '<testsuites failures="1"/>\n',
        'main.js':
          "const fs = require('fs');\nprocess.on('exit', () => fs.writeFileSync('j' + '.xml', '<testsuites/>'));\n",
      },
      'main.js',
    );
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.tampered).toBe(
      'the JUnit report changed after the test session ended, before the process did',
    );
    expect(parsed.sites.filter((s) => s.after).map((s) => [s.file, s.line, s.writes])).toEqual([
      ['main.js', 2, ['j.xml']],
    ]);
  });
});
