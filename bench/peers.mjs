// The report actions teams use today, run beside ledger-gate's action by `npm run bench` on
// the same workloads, the same fake GitHub API and the same Node 24: their released bundles,
// vendored under bench/peers/ with their licences (bench/peers/README.md says from where).
// Each is started as the Actions runner starts a node24 action: `node dist/index.js` with one
// INPUT_* variable per input of its action.yml (the default, or what the workflow sets).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const here = import.meta.dirname;
const repo = path.resolve(here, '..');

/**
 * What the runner puts in the environment for an action's inputs: every input of action.yml
 * with its default (the `${{ github.* }}` ones this bench knows filled in), then `set`.
 */
export function inputEnv(actionYml, set, github) {
  const { inputs = {} } = parse(readFileSync(actionYml, 'utf8'));
  const env = {};
  const fill = (v) =>
    String(v).replace(/\$\{\{\s*github\.(\w+)\s*\}\}/g, (_, k) => {
      if (!(k in github)) throw new Error(`${actionYml}: no value for github.${k}`);
      return github[k];
    });
  for (const [k, spec] of Object.entries(inputs)) {
    if (spec?.default !== undefined) env[`INPUT_${k.toUpperCase()}`] = fill(spec.default);
  }
  for (const [k, v] of Object.entries(set)) env[`INPUT_${k.toUpperCase()}`] = v;
  return env;
}

/**
 * The actions compared. `inputs(reports)` is what a workflow would set for a glob of JUnit
 * files; `check` the check run's name each posts. dorny's `list-tests` is `failed`: with its
 * default (`all`) it stops at L with "RangeError: Maximum call stack size exceeded" (100 000
 * tests in one report), and listing only failed tests makes it faster, never slower. Its
 * `use-actions-summary` is `false`: with v3's default (`true`) it writes the job summary and
 * posts no check run at all.
 */
export const ACTIONS = [
  {
    name: 'ledger-gate',
    yml: path.join(repo, 'action.yml'),
    inputs: (reports) => ({ junit: reports, ledger: 'tests/ledger.yaml', 'agent-authors': '' }),
    check: 'ledger-gate',
  },
  {
    name: 'mikepenz/action-junit-report v6.4.2',
    short: 'mikepenz',
    entry: path.join(here, 'peers/action-junit-report/dist/index.js'),
    yml: path.join(here, 'peers/action-junit-report/action.yml'),
    inputs: (reports) => ({ report_paths: reports }),
    check: 'JUnit Test Report',
  },
  {
    name: 'dorny/test-reporter v3.0.0',
    short: 'dorny',
    entry: path.join(here, 'peers/test-reporter/dist/index.js'),
    yml: path.join(here, 'peers/test-reporter/action.yml'),
    inputs: (reports) => ({
      name: 'tests',
      path: reports,
      reporter: 'java-junit',
      'list-tests': 'failed',
      'use-actions-summary': 'false',
    }),
    check: 'tests',
  },
];

/** The check runs the fake API was asked to write, by id, each as its last write left it. */
export function checkRuns(logText) {
  const runs = new Map();
  for (const line of logText.split('\n')) {
    if (!line) continue;
    const w = JSON.parse(line);
    const prev = runs.get(w.id) ?? {};
    runs.set(w.id, {
      name: w.name ?? prev.name,
      status: w.status ?? prev.status,
      conclusion: w.conclusion ?? prev.conclusion,
    });
  }
  return [...runs.values()];
}
