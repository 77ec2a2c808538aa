// The docs' decision table is the one decide() uses, the README's quick start is the real one,
// and the README is a page for the first hour that leads to every other page.
import { expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { REPOSITORY } from '../src/project.js';
import { RULES } from '../src/decision/table.js';
import { REPORT_ARTIFACT } from '../src/report/summary-fit.js';
import {
  renderEvidencePaths,
  renderRulesTable,
  renderThreatModel,
} from '../src/report/table-md.js';

const readme = readFileSync('README.md', 'utf8');
const doc = (name: string) => readFileSync(`docs/${name}`, 'utf8');

test('docs/decision-table.md carries the decision table rendered from src/decision/table.ts', () => {
  const m = /<!-- rules:start -->\n([\s\S]*?)<!-- rules:end -->/.exec(doc('decision-table.md'));
  expect(m).not.toBeNull();
  expect(m![1]).toBe(renderRulesTable());
});

test('docs/CONTRACT.md §3 carries the same decision table', () => {
  const contract = readFileSync('docs/CONTRACT.md', 'utf8');
  const m = /\| rule \| signal \| class \| result \| human action \|\n(?:\|.*\n)+/.exec(contract);
  expect(m).not.toBeNull();
  expect(m![0]).toBe(renderRulesTable());
});

test('docs/threat-model.md is rendered from the same rows: each rule’s trick, what it trusts and cannot stop', () => {
  const m = /<!-- threats:start -->\n([\s\S]*?)<!-- threats:end -->/.exec(doc('threat-model.md'));
  expect(m).not.toBeNull();
  expect(m![1]).toBe(renderThreatModel());
  // Every rule that stops something is in it, by its key.
  for (const r of RULES.filter((x) => !x.stops.startsWith('nothing')))
    expect(m![1]).toContain(`| \`${r.key}\` | ${r.result} |`);
  expect(m![1]).toContain('**What it cannot stop:**');
});

test('docs/evidence-paths.md lists the default path sets the gate uses, with their sources', () => {
  const doc = readFileSync('docs/evidence-paths.md', 'utf8');
  const m = /<!-- paths:start -->\n([\s\S]*?)<!-- paths:end -->/.exec(doc);
  expect(m).not.toBeNull();
  expect(m![1]).toBe(renderEvidencePaths());
  expect(m![1]).toContain('| `**/conftest.py` | pytest |');
  expect(m![1]).toContain('- `tests/agent_drafts/**`');
});

test('the README starts with the two commands a newcomer needs', () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1].split('\n');
  expect(firstBlock[0]).toMatch(
    /^cd examples\/demo && node \.\.\/\.\.\/dist\/cli\/index\.js check /,
  );
  expect(firstBlock[1]).toMatch(/^npm ci && npm test && npm run test:e2e\b/);
});

// The generated parts: scripts/sync-readme.mjs writes them; these tests keep them current.
const sync = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.resolve('scripts/sync-readme.mjs'), ...args], {
    cwd,
    encoding: 'utf8',
  });

/** A throwaway copy of what sync-readme reads and writes. */
function copy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledger-gate-readme-'));
  for (const f of [
    'README.md',
    'docs',
    'action.yml',
    'package.json',
    'schema',
    'src/ledger/schema.ts',
    '.prettierrc.json',
    'dist',
  ]) {
    cpSync(f, path.join(dir, f), { recursive: true, verbatimSymlinks: true });
  }
  // The scripts only import packages from it: a link, not a copy of its 1 GB.
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

test('the README is in sync with action.yml, package.json and the rules (sync-readme --check)', () => {
  const r = sync(process.cwd(), '--check');
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

test('the inputs and outputs tables have one row per input and output of action.yml', () => {
  const action = parse(readFileSync('action.yml', 'utf8'));
  const page = doc('inputs-outputs.md');
  const block = (name: string) =>
    new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(page)![1];
  const names = (name: string) =>
    block(name)
      .split('\n')
      .slice(2, -1)
      .map((row) => /^\| `([^`]+)`/.exec(row)![1]);
  expect(names('inputs')).toEqual(Object.keys(action.inputs));
  expect(names('outputs')).toEqual(Object.keys(action.outputs));
  expect(block('inputs')).toContain('| `ledger` | (empty) | Path of the ledger');
});

test('an input added to action.yml makes docs/inputs-outputs.md stale until sync-readme runs', () => {
  const dir = copy();
  try {
    const action = readFileSync(path.join(dir, 'action.yml'), 'utf8');
    writeFileSync(
      path.join(dir, 'action.yml'),
      action.replace('inputs:\n', 'inputs:\n  shiny:\n    description: A | new input.\n'),
    );
    const stale = sync(dir, '--check');
    expect(stale.status).toBe(1);
    expect(stale.stderr).toBe(
      'docs/inputs-outputs.md is out of date: run node scripts/sync-readme.mjs\n',
    );
    expect(sync(dir).status).toBe(0);
    expect(readFileSync(path.join(dir, 'docs/inputs-outputs.md'), 'utf8')).toContain(
      '| `shiny` |  | A \\| new input. |',
    );
    expect(sync(dir, '--check').status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a fork renames the project in package.json's repository; sync-readme carries it to the README and the schema", () => {
  const dir = copy();
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ ...pkg, repository: 'github:forker/gate-fork' }),
    );
    expect(sync(dir).status).toBe(0);
    const out = readFileSync(path.join(dir, 'README.md'), 'utf8');
    expect(out).toContain('- uses: forker/gate-fork@v1\n');
    expect(out).not.toContain(`${REPOSITORY}@v1`);
    expect(out).toContain('$schema=https://raw.githubusercontent.com/forker/gate-fork/v1/schema/');
    expect(out).toContain('- uses: actions/checkout@v5\n'); // other actions are left alone
    expect(readFileSync(path.join(dir, 'docs/ledger.md'), 'utf8')).toContain(
      '$schema=https://raw.githubusercontent.com/forker/gate-fork/v1/schema/',
    );
    const schema = JSON.parse(readFileSync(path.join(dir, 'schema/ledger.schema.json'), 'utf8'));
    expect(schema.$id).toBe(
      'https://raw.githubusercontent.com/forker/gate-fork/v1/schema/ledger.schema.json',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('after the two commands, the README shows a copy-paste workflow and the picture of the result', () => {
  const afterCommands = readme.slice(readme.indexOf('```', readme.indexOf('```sh') + 5) + 3);
  // The first section after the introduction holds the workflow.
  const headings = [...afterCommands.matchAll(/^## (.*)$/gm)];
  expect(headings[0][1]).toBe('Add it to a workflow');
  const section = afterCommands.slice(headings[0].index, headings[1].index);
  const workflow = /```yaml\n([\s\S]*?)```/.exec(section)![1];
  const wf = parse(workflow);
  const gate = wf.jobs.gate;
  expect(gate.needs).toBe('test');
  expect(wf.jobs.test.strategy.matrix.shard.length).toBeGreaterThan(1);
  expect(gate.permissions).toEqual({
    checks: 'write',
    contents: 'read',
    'pull-requests': 'read',
  });
  expect(gate.steps.at(-1).uses).toBe(`${REPOSITORY}@v1`);
  expectRunnersReportsOnly(wf);
  const image = /!\[[^\]]+\]\((docs\/[\w-]+\.png)\)/.exec(section)![1];
  expect(readFileSync(image).subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  expect(readme.indexOf(image)).toBeLessThan(readme.indexOf('## Documentation'));
});

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}

/**
 * Only what the runner wrote reaches the gate (report-in-change): every upload of reports is
 * of a folder under $RUNNER_TEMP that a step of the job creates, and every gate step reads
 * the downloaded folder (or, on workflow_run, the artifact's root), never the checkout.
 */
function expectRunnersReportsOnly(wf: { on: unknown; jobs: Record<string, { steps: Step[] }> }) {
  const workflowRun = typeof wf.on === 'object' && wf.on !== null && 'workflow_run' in wf.on;
  for (const job of Object.values(wf.jobs)) {
    for (const step of job.steps) {
      // The gate's own JSON report (its output, not evidence) is the one other upload.
      if (step.uses?.startsWith('actions/upload-artifact') && step.with?.path === REPORT_PATH) {
        expect(step.with.name).toBe(REPORT_ARTIFACT);
      } else if (step.uses?.startsWith('actions/upload-artifact')) {
        expect(step.with!.path).toBe('${{ runner.temp }}/reports/');
        expect(job.steps.some((s) => s.run?.startsWith('mkdir "$RUNNER_TEMP/reports"'))).toBe(true);
      }
      if (step.uses?.includes('ledger-gate@')) {
        for (const glob of step.with!.junit.trim().split('\n')) {
          if (workflowRun) expect(glob).not.toMatch(/^\/|\.\./);
          else expect(glob).toMatch(/^\$\{\{ runner\.temp \}\}\/junit\//);
        }
      }
    }
  }
}

const REPORT_PATH = '${{ steps.gate.outputs.report-path }}';

test('docs/action.md: the pull request gates upload the JSON report the summary links to', () => {
  const doc = readFileSync('docs/action.md', 'utf8');
  const gates = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((m) => parse(m[1]) as { jobs?: Record<string, { steps: Step[] }> })
    .flatMap((w) => Object.values(w?.jobs ?? {}))
    .filter((j) => j.steps.some((s) => s.uses?.includes('ledger-gate@')));
  const uploading = gates.filter((j) => {
    const at = j.steps.findIndex((s) => s.uses?.includes('ledger-gate@'));
    const up = j.steps.findIndex(
      (s) => s.uses?.startsWith('actions/upload-artifact') && s.with?.path === REPORT_PATH,
    );
    // After the gate, and even when the gate step failed (a reject), never after a cancel.
    const step = j.steps[up] as Step & { if?: string };
    return up > at && step.with!.name === REPORT_ARTIFACT && step.if?.includes('!cancelled()');
  });
  // The single-workflow gate and the workflow_run gate (the two that judge pull requests).
  expect(uploading.length).toBeGreaterThanOrEqual(2);
});

test('docs/action.md: each workflow uploads and reads only what the runner wrote', () => {
  const doc = readFileSync('docs/action.md', 'utf8');
  const workflows = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((m) => parse(m[1]) as { on?: unknown; jobs?: Record<string, { steps: Step[] }> })
    .filter((w) => w?.jobs !== undefined);
  expect(workflows.length).toBeGreaterThanOrEqual(3);
  const uploads = workflows.flatMap((w) =>
    Object.values(w.jobs!).flatMap((j) =>
      j.steps.filter((s) => s.uses?.startsWith('actions/upload-artifact')),
    ),
  );
  expect(uploads.length).toBeGreaterThanOrEqual(2);
  for (const w of workflows)
    expectRunnersReportsOnly(w as { on: unknown; jobs: Record<string, { steps: Step[] }> });
});

// Issue 27: the README is read in minutes; the rest is one page a topic, reachable from it.
const pages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? pages(path.join(dir, d.name))
      : d.name.endsWith('.md')
        ? [path.join(dir, d.name).split(path.sep).join('/')]
        : [],
  );

/** The Markdown files a page links to (relative links, anchors dropped), as repository paths. */
function linked(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\]\(([^)\s#]+\.md)(?:#[^)\s]*)?\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^[a-z]+:/.test(t))
    .map((t) => path.posix.normalize(path.posix.join(path.posix.dirname(file), t)));
}

test('README.md is at most 400 lines', () => {
  expect(readme.split('\n').length - 1).toBeLessThanOrEqual(400);
});

test('every page under docs/ is reachable from the README, and each links back to it', () => {
  const seen = new Set<string>(['README.md']);
  const queue = ['README.md'];
  while (queue.length) {
    for (const t of linked(queue.shift()!)) {
      if (seen.has(t) || !existsSync(t) || !t.startsWith('docs/')) continue;
      seen.add(t);
      queue.push(t);
    }
  }
  const all = pages('docs');
  expect(all.length).toBeGreaterThanOrEqual(15);
  expect(all.filter((p) => !seen.has(p))).toEqual([]);
  for (const p of all) expect([p, linked(p).includes('README.md')]).toEqual([p, true]);
});

test('the README maps docs/ with a link to every page directly', () => {
  const map = readme.slice(readme.indexOf('## Documentation'));
  const direct = new Set(linked('README.md'));
  const inMap = new Set([...map.matchAll(/\]\((docs\/[^)#\s]+\.md)\)/g)].map((m) => m[1]));
  for (const p of pages('docs').filter((f) => !f.includes('/walkthroughs/')))
    expect([p, inMap.has(p) && direct.has(p)]).toEqual([p, true]);
});

test('the README’s speed table is docs/performance.md’s, as the bench wrote it: ledger-gate beside both peers per workload', () => {
  const block = (t: string) =>
    /<!-- bench:peers:start -->\n([\s\S]*?)<!-- bench:peers:end -->/.exec(t)?.[1];
  const table = block(readme);
  expect(table).toBe(block(doc('performance.md')));
  const rows = table!.split('\n').filter((l) => /^\| (S|L|XL) \|/.test(l));
  for (const w of ['S', 'L']) {
    const mine = rows.filter((l) => l.startsWith(`| ${w} |`)).map((l) => l.split(' | ')[1]);
    expect(mine).toEqual([
      '**ledger-gate**',
      'mikepenz/action-junit-report v6.4.2',
      'dorny/test-reporter v3.0.0',
    ]);
  }
  // The machine and the load it was measured under are named.
  expect(table).toMatch(/ on \d+ × .+, \d+ GiB; .*load average \(1 min\) [\d.]+/);
});
