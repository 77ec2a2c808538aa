// `ledger-gate init`: freeze a suite into a new ledger, honestly. Every id of the run gets a
// row: a test that failed (or passed only after failing, or is an expected failure) is
// quarantined, as nobody can defend it; a skipped test's row says it is expected to skip,
// with the report's reason; the rest are classed by the first --rule whose pattern matches
// (property or locked_fixture, where `{file}` is the test's own file) or, matched by none,
// quarantined, dated today, with the owner given — nobody has defended them yet.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderRow, renderScalar } from '../ledger/render.js';
import {
  isoDate,
  ledgerFile,
  readRun,
  repoPath,
  runCommand,
  SCHEMA_URL,
  writeLedger,
} from './upkeep.js';
import { GateError } from '../types.js';
import { UsageError, placeOf, type CommandIO, type Place } from './io.js';
import { INIT } from './tables.js';
import { isFileRowId } from '../ledger/file-rows.js';
import { planRows } from './classing.js';
import { FROZEN } from './frozen.js';
import { canonicalPath } from '../ledger/pathRules.js';
import {
  DEFAULT_RULE,
  OWN_FILE,
  parseClassRule,
  RULE_SHAPE,
  type ClassRule,
} from '../ledger/rules.js';

export const DEFAULT_REASON = 'frozen by ledger-gate init';

/**
 * A `--rule` as given (paths relative to the working directory)
 * as the class rule the ledger's `rules:` keeps: its paths repository-relative and canonical.
 */
export function parseRule(text: string, at: Place): ClassRule {
  const m = /^(.+)=(property|locked_fixture):(.+)$/s.exec(text);
  if (!m) throw new UsageError(`--rule ${JSON.stringify(text)}: ${RULE_SHAPE}`);
  const [, glob, cls, rest] = m;
  const what = `--rule ${JSON.stringify(text)}`;
  let canonical: string;
  if (cls === 'property') {
    const colon = rest.indexOf(':');
    if (colon <= 0 || colon === rest.length - 1)
      throw new UsageError(`${what}: a property rule needs INVARIANT:SEEDS_DIR`);
    const seeds = canonicalPath(repoPath(at.root, rest.slice(colon + 1), `${what}: seeds`, at.cwd));
    canonical = `${glob}=property:${rest.slice(0, colon)}:${seeds}/`;
  } else {
    const artifact =
      rest === OWN_FILE ? OWN_FILE : repoPath(at.root, rest, `${what}: artifact`, at.cwd);
    canonical = `${glob}=locked_fixture:${artifact}`;
  }
  const rule = parseClassRule(canonical);
  if ('problem' in rule) throw new UsageError(`${what}: ${rule.problem}`);
  return rule;
}

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('init', io, async () => {
    const { values: v, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: INIT.options,
    });
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
    if (v.collected === undefined && v.junit === undefined) {
      throw new UsageError(
        'init needs --junit GLOB (and --collected FILE for pytest) or --collected FILE',
      );
    }
    if (v.owner === undefined || v.owner.trim() === '') {
      throw new UsageError('init needs --owner O (who answers for the quarantined rows)');
    }
    const reason = v.reason ?? DEFAULT_REASON;
    if (reason.trim() === '') throw new UsageError('--reason must not be empty');
    const at = placeOf(io);
    const root = at.root;
    const file = ledgerFile(at, v.ledger);
    if (existsSync(file.abs) && !v.force) {
      throw new GateError(
        'a ledger exists here; refusing to overwrite it (add --force to replace it)',
        file.shown,
      );
    }
    // The rules given, then the default: a passing test no rule classes is locked to its file.
    const given = (v.rule ?? []).map((r) => parseRule(r, at));
    const rules = given.some((r) => r.text === DEFAULT_RULE)
      ? given
      : [...given, parseClassRule(DEFAULT_RULE) as ClassRule];

    const testRun = (await readRun(at, v.junit, v.collected))!;
    // A module pytest could not import has no ids in the run: freezing without it would
    // leave its tests out silently. A module skipped at collection is said, not frozen.
    for (const c of testRun.collection) {
      if (c.kind === 'collection-error') {
        throw new GateError(
          `pytest could not collect ${c.module} (${c.detail}): fix the run before freezing it`,
          c.file ?? c.report,
        );
      }
      io.stderr(
        `note: ${c.module} was skipped at collection (${c.detail}): its tests get no rows\n`,
      );
    }
    const results = new Map(testRun.tests.map((t) => [t.id, t]));
    const ids = [...new Set([...(testRun.collected ?? []), ...results.keys()])];
    if (ids.length === 0)
      throw new GateError('no test ids found: nothing to freeze', testRun.source);

    const today = isoDate(io.now ?? new Date());
    const plan = await planRows(ids, testRun, {
      root,
      rules,
      owner: v.owner,
      reason,
      today,
      when: FROZEN,
      asFileRow: () => true,
    });
    for (const r of given)
      if (!plan.used.has(r))
        io.stderr(`note: --rule ${JSON.stringify(r.text)} matched no test id\n`);

    const counts = { file: 0, locked_fixture: 0, property: 0, quarantine: 0 };
    for (const how of plan.how.values()) counts[how]++;
    const { failing, skipping, undefended } = plan;
    const lines = [
      `# yaml-language-server: $schema=${v.schema ?? SCHEMA_URL}`,
      `# Written by \`ledger-gate init\` on ${today}. A row \`FILE::*\` locks every test of FILE to`,
      '# its bytes; after an honest change, `ledger-gate update --junit …` brings this file level.',
      'version: 1',
      'rules:',
      ...rules.map((r) => `  - ${renderScalar(r.text)}`),
      'rows:',
    ];
    // Sorted by id (code units), so a re-freeze diff shows only what changed.
    for (const id of [...plan.rows.keys()].sort(byCodeUnit))
      lines.push(...renderRow(id, plan.rows.get(id)!, 2));
    const dryRun = v['dry-run'];
    const before = dryRun && existsSync(file.abs) ? readFileSync(file.abs, 'utf8') : '';
    if (!dryRun) mkdirSync(path.dirname(file.abs), { recursive: true });
    if (!writeLedger(lines.join('\n') + '\n', file, io, { dryRun, before })) return 1;
    const fileRows = [...plan.rows.keys()].filter(isFileRowId).length;
    const statuses =
      testRun.tests.length > 0 ? `; ${failing} not passing, ${skipping} expected to skip` : '';
    (dryRun ? io.stderr : io.stdout)(
      `${file.shown}: ${dryRun ? 'would write' : 'wrote'} ${plural(plan.rows.size, 'row')} for ${plural(ids.length, 'test')} (` +
        (fileRows > 0 ? `${plural(fileRows, 'file row')} for ${counts.file}, ` : '') +
        `${counts.locked_fixture} locked_fixture, ${counts.property} property, ${counts.quarantine} quarantine${statuses}) from ${testRun.source}\n`,
    );
    // Results no row admits in this run, said rather than left for `check` to find: a pass
    // after a recorded failure (flaky-pass, or quarantine-pass once quarantined), and
    // same-named tests in one report with different results (one id for both).
    const flaky = testRun.tests.filter((t) => t.status === 'pass' && t.flaky);
    if (flaky.length > 0) {
      io.stderr(
        `note: ${plural(flaky.length, 'test')} passed only after failing and ${flaky.length === 1 ? 'is' : 'are'} quarantined; no row admits such a pass ` +
          `(first: ${JSON.stringify(flaky[0].id)})\n`,
      );
    }
    const twins = testRun.tests.filter((t) => (t.duplicates?.statuses.length ?? 0) > 1);
    if (twins.length > 0) {
      io.stderr(
        `note: ${plural(twins.length, 'id')} name${twins.length === 1 ? 's' : ''} same-named tests with different results, which no row admits; ` +
          `give them distinct names (first: ${JSON.stringify(twins[0].id)})\n`,
      );
    }
    if (undefended > 0) {
      io.stderr(
        `note: ${undefended} passing test${undefended === 1 ? '' : 's'} name${undefended === 1 ? 's' : ''} no file here and matched no --rule, so ${undefended === 1 ? 'is' : 'are'} quarantined: ` +
          '`check` rejects a quarantined pass until the test is classed (lock / property)\n',
      );
    }
    return 0;
  });
}

/** Code-unit order: the same on every machine and locale. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
