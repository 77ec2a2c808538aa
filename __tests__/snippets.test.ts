// Every YAML snippet in README.md and docs/, and every workflow of this repository, read by
// GitHub's own workflow parser (@actions/workflow-parser, the one behind the Actions language
// service): a snippet GitHub would refuse fails here. A snippet that is a list of steps is
// parsed as the steps of a job; one without jobs or steps (a ledger) must be plain YAML. Then
// what a team copying a gate snippet relies on: every review event, the merge queue, one gate
// at a time per commit, nothing run after a cancel, and one `uses:` line.
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { workflowErrors } from './support/workflow-errors.js';

interface Snippet {
  /** `file:line` of the fence. */
  where: string;
  text: string;
}

const docs = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? docs(path.join(dir, d.name))
      : d.name.endsWith('.md')
        ? [path.join(dir, d.name)]
        : [],
  );

/** The ```yaml (or ```yml) fenced blocks of a Markdown file. */
function yamlBlocks(file: string): Snippet[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const out: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ya?ml\s*$/.test(lines[i])) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]);
    out.push({ where: `${file}:${start + 1}`, text: body.join('\n') + '\n' });
  }
  return out;
}

const SNIPPETS = ['README.md', ...docs('docs')].flatMap(yamlBlocks);
const WORKFLOWS = readdirSync('.github/workflows')
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => ({
    where: `.github/workflows/${f}`,
    text: readFileSync(`.github/workflows/${f}`, 'utf8'),
  }));

const isWorkflow = (s: Snippet) => /^jobs:/m.test(s.text);
const isSteps = (s: Snippet) => !isWorkflow(s) && /^\s*- (uses|run|name):/m.test(s.text);

/** A list of steps, as the steps of a job of a minimal workflow. */
function asWorkflow(s: Snippet): string {
  if (!isSteps(s)) return s.text;
  const lines = s.text.split('\n').filter((l) => l.trim() !== '');
  const indent = Math.min(...lines.map((l) => /^ */.exec(l)![0].length));
  const steps = lines.map((l) => '      ' + l.slice(indent)).join('\n');
  return `on: push\njobs:\n  job:\n    runs-on: ubuntu-latest\n    steps:\n${steps}\n`;
}

describe('GitHub’s workflow parser accepts every snippet and workflow', () => {
  test('the documents hold the snippets this test is about', () => {
    expect(SNIPPETS.filter(isWorkflow).length).toBeGreaterThanOrEqual(4);
    expect(SNIPPETS.filter(isSteps).length).toBeGreaterThanOrEqual(1);
    expect(WORKFLOWS.length).toBeGreaterThanOrEqual(2);
  });

  test.each([...SNIPPETS.filter((s) => isWorkflow(s) || isSteps(s)), ...WORKFLOWS])(
    '$where',
    async (s) => {
      expect(await workflowErrors(s.where, asWorkflow(s))).toEqual([]);
    },
  );

  test.each(SNIPPETS.filter((s) => !isWorkflow(s) && !isSteps(s)))('$where is plain YAML', (s) => {
    expect(() => parse(s.text, { strict: true, uniqueKeys: true })).not.toThrow();
  });

  test('the parser refuses what GitHub refuses (the check is not vacuous)', async () => {
    const gate = [
      'on: push',
      'jobs:',
      '  gate:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v5',
      '        wiht:',
      '          fetch-depth: 0',
      '',
    ].join('\n');
    const errors = await workflowErrors('bad.yml', gate);
    expect(errors).toEqual([expect.stringMatching(/Unexpected value 'wiht'/)]);
  });
});

interface Job {
  if?: string;
  concurrency?: { group?: string; 'cancel-in-progress'?: boolean };
  steps?: { uses?: string; if?: string }[];
}
interface Workflow {
  on: Record<string, { types?: string[] } | null>;
  jobs: Record<string, Job>;
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  repository: string;
  version: string;
};
const USES = `${pkg.repository.replace(/^github:/, '')}@v${pkg.version.split('.')[0]}`;
const runsGate = (j: Job) =>
  (j.steps ?? []).some((s) => s.uses === USES || s.uses === './.base-gate');
const GATES = [...SNIPPETS.filter(isWorkflow), ...WORKFLOWS]
  .map((s) => ({ where: s.where, w: parse(s.text) as Workflow }))
  .filter(({ w }) => Object.values(w.jobs).some(runsGate));

describe('the workflows that run the gate, as a team copies them', () => {
  test('there are the complete workflow, the fork pair and this repository’s CI', () => {
    expect(GATES.map((g) => g.where)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^README\.md:/),
        expect.stringMatching(/^docs\/action\.md:/),
        '.github/workflows/ci.yml',
      ]),
    );
    expect(GATES.filter((g) => g.where.startsWith('docs/action.md')).length).toBe(3);
  });

  test.each(GATES)(
    '$where: every review event re-judges and a merge queue gets the check',
    ({ w }) => {
      if (w.on.workflow_run) return; // judged from the pull request workflow's runs
      expect(Object.keys(w.on)).toContain('merge_group');
      expect(w.on.pull_request_review?.types).toEqual(['submitted', 'edited', 'dismissed']);
    },
  );

  test.each(GATES)('$where: one gate at a time per commit, never after a cancel', ({ w }) => {
    for (const job of Object.values(w.jobs).filter(runsGate)) {
      expect(job.concurrency?.group).toMatch(/sha/);
      expect(job.concurrency?.['cancel-in-progress']).toBe(false);
      expect(job.if).toBeDefined();
      expect(job.if).toMatch(/!cancelled\(\)|conclusion != 'cancelled'/);
    }
    // always() runs after a cancel too; no job or step of a gate workflow uses it.
    for (const job of Object.values(w.jobs)) {
      expect(String(job.if ?? '')).not.toContain('always()');
      for (const s of job.steps ?? []) expect(String(s.if ?? '')).not.toContain('always()');
    }
  });

  test('one `uses:` line for this action in every document: package.json’s repository and major', () => {
    const uses = ['README.md', ...docs('docs')].flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/uses: ([\w.<>-]+\/ledger-gate@[\w.-]+)/g)].map(
        (m) => m[1],
      ),
    );
    expect(uses.length).toBeGreaterThanOrEqual(5);
    expect(new Set(uses)).toEqual(new Set([USES]));
  });
});
