// `ledger-gate init`: freeze a suite into a new ledger, honestly. Every id of the run gets a
// row: a test that failed (or passed only after failing, or is an expected failure) is
// quarantined, as nobody can defend it; a skipped test's row says it is expected to skip,
// with the report's reason; the rest are classed by the first --rule whose pattern matches
// (property or locked_fixture, where `{file}` is the test's own file) or, matched by none,
// quarantined, dated today, with the owner given — nobody has defended them yet.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readAs } from '../decision/skip-reason.js';
import { renderRow, type RowFields } from '../ledger/render.js';
import {
  isoDate,
  ledgerFile,
  readFacts,
  readRun,
  repoPath,
  runCommand,
  SCHEMA_URL,
  writeLedger,
} from './upkeep.js';
import { GateError, type TestResult } from '../types.js';
import { UsageError, type CommandIO } from './io.js';
import { OWN_FILE, ownFile } from './lock.js';

export const DEFAULT_REASON = 'frozen by ledger-gate init';

interface Rule {
  text: string;
  match: (id: string) => boolean;
  fields:
    | { class: 'property'; invariant: string; seeds: string }
    | { class: 'locked_fixture'; artifact: string };
}

const FROZEN = 'when frozen by ledger-gate init';

/**
 * How a test that did not simply pass is frozen: quarantined (nobody can defend it), or
 * expected to skip with the reason `check` compares (readAs: the report's, or the token for
 * a skip without one); undefined for a pass or a collected-only id.
 */
export function frozenAs(
  t: TestResult | undefined,
): { quarantine: string } | { skip: string } | undefined {
  if (t === undefined) return undefined;
  if (t.status === 'fail' || t.status === 'error')
    return { quarantine: `${t.status === 'fail' ? 'failing' : 'erroring'} ${FROZEN}` };
  if (t.flaky) return { quarantine: `passed only after failing ${FROZEN}` };
  if (t.status !== 'skip') return undefined;
  if (t.outcome === 'xfail') {
    const reason = t.skipReasons?.find((r) => r !== '');
    return { quarantine: `expected failure (xfail) ${FROZEN}${reason ? `: ${reason}` : ''}` };
  }
  return { skip: readAs(t)[0] };
}

/** `*` matches any run of characters (`/` and `:` included); every other character is literal. */
export function idPattern(glob: string): (id: string) => boolean {
  const re = new RegExp(
    '^' +
      glob
        .split('*')
        .map((s) => s.replace(/[\\^$.|?+()[\]{}]/g, '\\$&'))
        .join('.*') +
      '$',
    's',
  );
  return (id) => re.test(id);
}

/**
 * `ID_GLOB=property:INVARIANT:SEEDS_DIR` or `ID_GLOB=locked_fixture:ARTIFACT_PATH`, where the
 * artifact `{file}` stands for each test's own file (its id before the first `::`).
 */
export function parseRule(text: string, root: string): Rule {
  const m = /^(.+)=(property|locked_fixture):(.+)$/s.exec(text);
  if (!m) {
    throw new UsageError(
      `--rule ${JSON.stringify(text)}: expected 'ID_GLOB=property:INVARIANT:SEEDS_DIR' or 'ID_GLOB=locked_fixture:ARTIFACT_PATH'`,
    );
  }
  const [, glob, cls, rest] = m;
  if (cls === 'property') {
    const colon = rest.indexOf(':');
    if (colon <= 0 || colon === rest.length - 1) {
      throw new UsageError(
        `--rule ${JSON.stringify(text)}: a property rule needs INVARIANT:SEEDS_DIR`,
      );
    }
    const seeds = repoPath(root, rest.slice(colon + 1), `--rule ${JSON.stringify(text)}: seeds`);
    return {
      text,
      match: idPattern(glob),
      fields: { class: 'property', invariant: rest.slice(0, colon), seeds },
    };
  }
  const artifact =
    rest === OWN_FILE ? OWN_FILE : repoPath(root, rest, `--rule ${JSON.stringify(text)}: artifact`);
  return { text, match: idPattern(glob), fields: { class: 'locked_fixture', artifact } };
}

export async function run(argv: string[], io: CommandIO): Promise<number> {
  return runCommand('init', io, async () => {
    const { values: v, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        ledger: { type: 'string' },
        collected: { type: 'string' },
        junit: { type: 'string', multiple: true },
        owner: { type: 'string' },
        reason: { type: 'string' },
        rule: { type: 'string', multiple: true },
        force: { type: 'boolean' },
        schema: { type: 'string' },
      },
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
    const root = io.cwd;
    const file = ledgerFile(root, v.ledger);
    if (existsSync(file.abs) && !v.force) {
      throw new GateError(
        'a ledger exists here; refusing to overwrite it (add --force to replace it)',
        file.shown,
      );
    }
    const rules = (v.rule ?? []).map((r) => parseRule(r, root));

    const testRun = (await readRun(root, v.junit, v.collected))!;
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
    // The collected list's order, then any id only a report holds; each id once.
    const results = new Map(testRun.tests.map((t) => [t.id, t]));
    const ids = [...new Set([...(testRun.collected ?? []), ...results.keys()])];
    if (ids.length === 0)
      throw new GateError('no test ids found: nothing to freeze', testRun.source);

    // Class each id, then read every artifact and seeds folder a rule names, once each.
    const used = new Set<Rule>();
    const files = new Map<string, string>(); // `{file}` per id prefix, checked once
    const classed = ids.map((id) => {
      const frozen = frozenAs(results.get(id));
      const matched = rules.find((r) => r.match(id));
      if (matched) used.add(matched);
      const rule = frozen && 'quarantine' in frozen ? undefined : matched;
      let artifact: string | undefined;
      if (rule?.fields.class === 'locked_fixture') {
        artifact = rule.fields.artifact;
        if (artifact === OWN_FILE) {
          const prefix = id.slice(0, id.indexOf('::') + 1);
          artifact = files.get(prefix);
          if (artifact === undefined) {
            artifact = ownFile(root, id, `--rule ${JSON.stringify(rule.text)}: {file}`);
            files.set(prefix, artifact);
          }
        }
      }
      return { id, rule, artifact, frozen };
    });
    const artifacts = classed.flatMap((c) => (c.artifact !== undefined ? [c.artifact] : []));
    const seeds = classed.flatMap((c) =>
      c.rule?.fields.class === 'property' ? [c.rule.fields.seeds] : [],
    );
    const digests = await readFacts(root, [...new Set(artifacts)], [...new Set(seeds)]);
    for (const r of rules)
      if (!used.has(r)) io.stderr(`note: --rule ${JSON.stringify(r.text)} matched no test id\n`);

    const today = isoDate(io.now ?? new Date());
    const counts = { locked_fixture: 0, property: 0, quarantine: 0 };
    let failing = 0;
    let skipping = 0;
    let undefended = 0;
    const lines = [
      `# yaml-language-server: $schema=${v.schema ?? SCHEMA_URL}`,
      `# Written by \`ledger-gate init\` on ${today}. Rows nobody has defended as a property or a`,
      '# locked fixture are quarantined: classify them (ledger-gate lock / property) or keep them failing.',
      'version: 1',
      'rows:',
    ];
    for (const { id, rule, artifact, frozen } of classed) {
      let fields: RowFields;
      const quarantine = (why: string): RowFields => ({
        class: 'quarantine',
        opened: today,
        reason: why,
        owner: v.owner,
      });
      if (frozen && 'quarantine' in frozen) {
        fields = quarantine(frozen.quarantine);
        failing++;
      } else if (rule?.fields.class === 'locked_fixture') {
        fields = { class: 'locked_fixture', digest: digests.get(artifact!)!, artifact };
      } else if (rule?.fields.class === 'property') {
        fields = { class: 'property', invariant: rule.fields.invariant, seeds: rule.fields.seeds };
      } else {
        fields = quarantine(reason);
        if (results.get(id)?.status === 'pass') undefended++;
      }
      if (frozen && 'skip' in frozen) {
        fields.skip = frozen.skip;
        skipping++;
      }
      counts[fields.class as keyof typeof counts]++;
      lines.push(...renderRow(id, fields, 2));
    }
    mkdirSync(path.dirname(file.abs), { recursive: true });
    if (!writeLedger(lines.join('\n') + '\n', file, root, io)) return 1;
    const statuses =
      testRun.tests.length > 0 ? `; ${failing} not passing, ${skipping} expected to skip` : '';
    io.stdout(
      `${file.shown}: wrote ${ids.length} row${ids.length === 1 ? '' : 's'} ` +
        `(${counts.locked_fixture} locked_fixture, ${counts.property} property, ${counts.quarantine} quarantine${statuses}) from ${testRun.source}\n`,
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
        `note: ${undefended} passing test${undefended === 1 ? '' : 's'} matched no --rule and ${undefended === 1 ? 'is' : 'are'} quarantined: ` +
          '`check` rejects a quarantined pass until the test is classed (lock / property)\n',
      );
    }
    return 0;
  });
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
