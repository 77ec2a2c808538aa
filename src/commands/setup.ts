// `ledger-gate setup`: what a team needs to make the gate required, written in one command.
// The text comes from src/setup/workflows.ts (pure); this module reads the repository's root,
// refuses to replace anything without --force (checked for every file before any is written),
// freezes the run it is given with `init`, and prints what it wrote and the clicks left to do.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAJOR_TAG, REPOSITORY, releaseTarball } from '../project.js';
import { defaultBranch, workingFiles } from '../adapters/git/git.js';
import { buildFolder } from '../setup/build-folder.js';
import {
  extension,
  extensionText,
  findTestStep,
  OURS,
  type WorkflowText,
} from '../setup/existing-workflow.js';
import { productionPaths } from '../setup/production-paths.js';
import {
  branchProblem,
  CI_REPORTS,
  codeownersLines,
  detectRunners,
  localCommand,
  protectionSteps,
  RUNNER_NAMES,
  runnerSpec,
  workflowFiles,
  type Project,
  type RunnerName,
  type WrittenFile,
} from '../setup/workflows.js';
import { GateError } from '../types.js';
import { placeOf, printDryRun, refuseOutside, UsageError, type CommandIO } from './io.js';
import { SETUP } from './tables.js';
import { defaultLedger, TEST_FOLDERS } from '../adapters/fs/default-ledger.js';
import { ledgerFile, ledgerRows, runCommand } from './upkeep.js';

/** Where GitHub looks for CODEOWNERS, in its order; a new one goes to the first. */
const CODEOWNERS_AT = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'];

/** A GitHub user or team (@name, @org/team) or an e-mail address: nothing else reaches the file. */
const OWNER = /^(@[A-Za-z0-9](?:[A-Za-z0-9-]*)(?:\/[A-Za-z0-9._-]+)?|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/** Root files whose text setup reads (the version plugin, the test tool, the ignored folders). */
const TEXTS = [
  'pyproject.toml',
  'setup.cfg',
  'setup.py',
  'versioneer.py',
  'tox.ini',
  'Makefile',
  '.gitignore',
];

async function readProject(root: string): Promise<{ project: Project; workflows: WorkflowText[] }> {
  const files = new Set(readdirSync(root));
  const packages = new Set<string>();
  let packageManager: string | undefined;
  let scripts: Record<string, string> | undefined;
  if (files.has('package.json')) {
    let pkg: Record<string, unknown>;
    try {
      pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
        string,
        unknown
      >;
    } catch (e) {
      throw new GateError(`is not valid JSON (${(e as Error).message})`, 'package.json');
    }
    for (const k of ['dependencies', 'devDependencies', 'peerDependencies']) {
      const deps = pkg?.[k];
      if (deps && typeof deps === 'object') for (const d of Object.keys(deps)) packages.add(d);
    }
    if (typeof pkg?.packageManager === 'string') packageManager = pkg.packageManager;
    const s = pkg?.scripts;
    if (s && typeof s === 'object')
      scripts = Object.fromEntries(
        Object.entries(s).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
  }
  const texts: Record<string, string> = {};
  for (const f of TEXTS) if (files.has(f)) texts[f] = readText(path.join(root, f));
  const wfDir = path.join(root, '.github', 'workflows');
  const workflows: WorkflowText[] = existsSync(wfDir)
    ? readdirSync(wfDir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => ({ path: `.github/workflows/${f}`, text: readText(path.join(wfDir, f)) }))
    : [];
  const ci = workflows
    .filter((w) => !OURS.test(w.text))
    .map((w) => w.text)
    .join('\n');
  const tracked = await workingFiles(root);
  return {
    project: {
      files,
      packages,
      ...(packageManager ? { packageManager } : {}),
      ...(scripts ? { scripts } : {}),
      tracked,
      texts,
      ci,
    },
    workflows,
  };
}

function readText(abs: string): string {
  try {
    return readFileSync(abs, 'utf8');
  } catch {
    return '';
  }
}

function chooseRunner(given: string | undefined, p: Project): RunnerName {
  if (given !== undefined) {
    if (!(RUNNER_NAMES as readonly string[]).includes(given))
      throw new UsageError(`--runner ${JSON.stringify(given)}: one of ${RUNNER_NAMES.join(', ')}`);
    return given as RunnerName;
  }
  const found = detectRunners(p);
  if (found.length === 1) return found[0];
  if (found.length === 0)
    throw new GateError(
      `no test runner found at the root (looked for ${RUNNER_NAMES.join(', ')}): name it with --runner`,
    );
  throw new GateError(`found ${found.join(' and ')}: name the one the gate judges with --runner`);
}

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('setup', io, async () => {
    const { values: v, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: SETUP.options,
    });
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    const shards = v.shards === undefined ? 1 : Number(v.shards);
    if (!/^\d+$/.test(v.shards ?? '1') || shards < 1 || shards > 64)
      throw new UsageError('--shards must be a whole number from 1 to 64');
    if ((v.collected !== undefined || v.rule !== undefined) && v.junit === undefined)
      throw new UsageError('--collected and --rule go with --junit (the run to freeze)');
    if (v.junit !== undefined && (v.owner === undefined || v.owner.trim() === ''))
      throw new UsageError('--junit needs --owner O (who answers for the quarantined rows)');
    for (const o of v['code-owner'] ?? [])
      if (!OWNER.test(o))
        throw new UsageError(
          `--code-owner ${JSON.stringify(o)}: give @user, @org/team or an e-mail`,
        );

    const at = placeOf(io);
    const root = at.root;
    const { project, workflows } = await readProject(root);
    const runner = chooseRunner(v.runner, project);
    const spec = runnerSpec(runner);
    if (shards > 1 && !spec.shards)
      throw new UsageError(`${runner} cannot split its tests across jobs: leave out --shards`);
    const branch = v.branch ?? (await defaultBranch(root));
    if (branch === null)
      throw new GateError(
        'cannot tell the default branch (no origin/HEAD, no branch checked out): name it with --branch',
      );
    const bad = branchProblem(branch);
    if (bad) throw new UsageError(`--branch ${JSON.stringify(branch)}: ${bad}`);
    const ledger = ledgerFile(at, v.ledger);
    const ledgerRel = path.relative(root, ledger.abs).split(path.sep).join('/');
    const force = v.force === true;
    const dryRun = v['dry-run'] === true;

    const production = productionPaths(project.tracked ?? []);
    const options = {
      runner,
      shards,
      forks: v.forks === true,
      uses: `${REPOSITORY}@${MAJOR_TAG}`,
      branch,
      // The action finds the default itself, in the checkout's test folder.
      ledger: ledgerRel === defaultLedger(root) ? undefined : ledgerRel,
      productionPaths: production,
      trial: v.trial === true,
      // The CLI from this release's tarball: the recorder ships inside it (docs/conduct.md).
      conduct:
        v.conduct === true ? `npx --yes --package ${releaseTarball()} ledger-gate` : undefined,
    };
    // A workflow of the project's own that runs the tests is extended, not doubled (one test
    // job, sharded or forked, is setup's own workflow's to write).
    const step = findTestStep(workflows, runner, project);
    const extend = step !== undefined && shards === 1 && v.forks !== true;
    const files: WrittenFile[] = extend ? [] : workflowFiles(project, options);
    const testRun = spec.run(project, CI_REPORTS(''));

    // Every refusal before anything is written: setup writes all of it or nothing.
    const exists = files.filter((f) => existsSync(path.join(root, f.path))).map((f) => f.path);
    const freeze = v.junit !== undefined;
    if (freeze && existsSync(ledger.abs)) exists.push(ledger.shown);
    const codeowners =
      CODEOWNERS_AT.find((f) => existsSync(path.join(root, f))) ?? CODEOWNERS_AT[0];
    const owners = (v['code-owner'] ?? []).join(' ');
    if (owners && existsSync(path.join(root, codeowners))) exists.push(codeowners);
    if (exists.length > 0 && !force)
      throw new GateError(
        `${exists.join(', ')} ${exists.length === 1 ? 'exists' : 'exist'}: refusing to overwrite (add --force to replace; CODEOWNERS is appended to)`,
      );
    for (const f of files) refuseOutside(root, path.join(root, f.path), f.path);

    for (const f of files) {
      const abs = path.join(root, f.path);
      const before = existsSync(abs) ? readFileSync(abs, 'utf8') : '';
      if (dryRun) printDryRun(io, f.path, before, f.text);
      else {
        mkdirSync(path.dirname(abs), { recursive: true });
        writeFileSync(abs, f.text);
        io.stdout(`${f.path}: wrote ${describe(f, runner, shards)}\n`);
      }
    }

    const notes: string[] = [];
    if (extend) {
      const ext = extension(step, project, options);
      io.stdout(`${extensionText(step, ext, workflows, project).join('\n')}\n`);
      if (ext.test.note) notes.push(`note: ${ext.test.note}`);
      // The lines above extend the project's step; the recorder's is not among them.
      if (options.conduct)
        notes.push(
          `note: --conduct is not written into ${step.path}: add the recorder's step before its test step and conduct: to the gate step (docs/conduct.md), or let setup write its own workflow`,
        );
    } else {
      if (testRun.note) notes.push(`note: ${testRun.note}`);
      if (step)
        notes.push(
          `note: ${step.path} runs your tests too (job ${step.job}): drop that step, or they run twice per pull request`,
        );
    }
    if (production.length === 0)
      notes.push(
        'note: no production code found (no source folder outside tests, docs and build): add production-paths and agent-write-paths to the gate step',
      );
    if (notes.length) io.stdout(`${notes.join('\n')}\n`);

    // The ledger: frozen from the run given, or the commands that freeze one.
    const next: string[] = [];
    if (freeze) {
      const { run: init } = await import('./init.js');
      const args = ['--owner', v.owner!, ...v.junit!.flatMap((g) => ['--junit', g])];
      if (v.collected !== undefined) args.push('--collected', v.collected);
      for (const r of v.rule ?? []) args.push('--rule', r);
      if (v.ledger !== undefined) args.push('--ledger', v.ledger);
      if (force) args.push('--force');
      if (dryRun) args.push('--dry-run');
      const code = await init(args, io);
      if (code !== 0) return code;
    } else if (existsSync(ledger.abs)) {
      io.stdout(`${ledger.shown}: kept (it exists)\n`);
    } else {
      const ledgerArg = v.ledger === undefined ? '' : ` --ledger ${v.ledger}`;
      const build = buildFolder(project.texts?.['.gitignore']);
      next.push(
        `Freeze your suite into the ledger (run the tests once, then init on their report; the reports go to ${build.folder}/, ${build.ignored ? 'which .gitignore ignores' : `which you add to .gitignore`}):`,
        `  ${localCommand(spec, project, build.folder)}`,
        `  ledger-gate init${spec
          .localReports(build.folder)
          .map((g) => ` --junit '${g}'`)
          .join('')} --owner YOUR-NAME${ledgerArg}`,
      );
      if (!existsSync(path.dirname(ledger.abs)))
        next.push(
          `  (the ledger goes to ${ledger.shown}, a new folder: your tests are not in ${TEST_FOLDERS.join('/, ')}/; --ledger puts it elsewhere)`,
        );
    }

    // CODEOWNERS: the ledger, its goldens' and seeds' folders, the workflows.
    const rows = existsSync(ledger.abs) ? ledgerRows(readFileSync(ledger.abs, 'utf8'), ledger) : [];
    const owned = rows.flatMap((r) => [r.artifact, r.seeds]).filter((x): x is string => !!x);
    const lines = codeownersLines(
      ledgerRel,
      owned,
      owners || '@your-org/test-owners',
      project.tracked,
    );
    if (owners) {
      const abs = path.join(root, codeowners);
      const before = existsSync(abs) ? readFileSync(abs, 'utf8') : '';
      const have = new Set(before.split('\n').map((l) => l.trim().split(/\s+/)[0]));
      const add = lines.filter((l) => !have.has(l.split(/\s+/)[0]));
      const after =
        before === ''
          ? `# Written by \`ledger-gate setup\`: who must approve a change to the evidence.\n${add.join('\n')}\n`
          : `${before}${before.endsWith('\n') ? '' : '\n'}${add.join('\n')}${add.length ? '\n' : ''}`;
      if (dryRun) printDryRun(io, codeowners, before, after);
      else if (add.length === 0) io.stdout(`${codeowners}: no change\n`);
      else {
        mkdirSync(path.dirname(abs), { recursive: true });
        writeFileSync(abs, after);
        io.stdout(`${codeowners}: ${before ? 'appended' : 'wrote'} ${add.length} lines\n`);
      }
    } else {
      next.push(
        `Give the evidence a code owner: add these lines to ${codeowners} (or run setup with --code-owner @WHO):`,
        ...lines.map((l) => `  ${l}`),
      );
    }

    next.push(
      `Commit and push${dryRun ? '' : ` ${[...(extend ? [step.path] : files.map((f) => f.path)), ...(owners ? [codeowners] : []), ledger.shown].join(' ')}`}, then open a pull request.`,
      ...protectionSteps(v.forks === true, branch, v.trial === true),
    );
    io.stdout(`\nnext:\n${next.join('\n')}\n`);
    return 0;
  });
}

function describe(f: WrittenFile, runner: RunnerName, shards: number): string {
  const lines = f.text.split('\n').length - 1;
  return f.path.endsWith('ledger-gate.yml')
    ? `the workflow_run gate for pull requests from forks (${lines} lines)`
    : `${runner}${shards > 1 ? ` in ${shards} shards` : ''}, then the gate (${lines} lines)`;
}
