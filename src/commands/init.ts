// `ledger-gate init`: freeze a suite into a new ledger. Every collected id gets a row: the
// first --rule whose pattern matches classes it (property or locked_fixture); the rest go to
// quarantine, dated today, with the owner given — nobody has defended them yet.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { expandReports, LIMITS, readCapped } from '../adapters/files.js';
import { parseCollected } from '../junit/collected.js';
import { mapCases } from '../junit/map.js';
import { parseReport } from '../junit/parse.js';
import { renderRow, type RowFields } from '../ledger/render.js';
import {
  isoDate,
  ledgerFile,
  readFacts,
  repoPath,
  runCommand,
  SCHEMA_URL,
  writeLedger,
} from '../ledger/upkeep.js';
import { existsSync } from 'node:fs';
import { GateError, type ParsedReport } from '../types.js';
import { UsageError, type CommandIO } from './io.js';

export const DEFAULT_REASON = 'frozen by ledger-gate init';

interface Rule {
  text: string;
  match: (id: string) => boolean;
  fields:
    | { class: 'property'; invariant: string; seeds: string }
    | { class: 'locked_fixture'; artifact: string };
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

/** `ID_GLOB=property:INVARIANT:SEEDS_DIR` or `ID_GLOB=locked_fixture:ARTIFACT_PATH`. */
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
  const artifact = repoPath(root, rest, `--rule ${JSON.stringify(text)}: artifact`);
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
    if ((v.collected === undefined) === (v.junit === undefined)) {
      throw new UsageError('init needs exactly one of --collected FILE or --junit GLOB');
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

    const source = v.collected !== undefined ? v.collected : v.junit!.join(', ');
    const ids =
      v.collected !== undefined
        ? await idsFromCollected(root, v.collected)
        : await idsFromJunit(root, v.junit!);
    if (ids.length === 0) throw new GateError('no test ids found: nothing to freeze', source);

    // Classify, then read every artifact and seeds folder a rule names, once each.
    const classed = ids.map((id) => ({ id, rule: rules.find((r) => r.match(id)) }));
    const used = new Set(classed.map((c) => c.rule).filter((r) => r !== undefined));
    const artifacts = [...used].flatMap((r) =>
      r.fields.class === 'locked_fixture' ? [r.fields.artifact] : [],
    );
    const seeds = [...used].flatMap((r) => (r.fields.class === 'property' ? [r.fields.seeds] : []));
    const digests = await readFacts(root, [...new Set(artifacts)], [...new Set(seeds)]);
    for (const r of rules)
      if (!used.has(r)) io.stderr(`note: --rule ${JSON.stringify(r.text)} matched no test id\n`);

    const today = isoDate(io.now ?? new Date());
    const counts = { locked_fixture: 0, property: 0, quarantine: 0 };
    const lines = [
      `# yaml-language-server: $schema=${v.schema ?? SCHEMA_URL}`,
      `# Written by \`ledger-gate init\` on ${today}. Rows nobody has defended as a property or a`,
      '# locked fixture are quarantined: classify them (ledger-gate lock / property) or keep them failing.',
      'version: 1',
      'rows:',
    ];
    for (const { id, rule } of classed) {
      let fields: RowFields;
      if (rule?.fields.class === 'locked_fixture') {
        fields = {
          class: 'locked_fixture',
          digest: digests.get(rule.fields.artifact)!,
          artifact: rule.fields.artifact,
        };
      } else if (rule?.fields.class === 'property') {
        fields = { class: 'property', invariant: rule.fields.invariant, seeds: rule.fields.seeds };
      } else {
        fields = { class: 'quarantine', opened: today, reason, owner: v.owner };
      }
      counts[fields.class as keyof typeof counts]++;
      lines.push(...renderRow(id, fields, 2));
    }
    mkdirSync(path.dirname(file.abs), { recursive: true });
    if (!writeLedger(lines.join('\n') + '\n', file, root, io)) return 1;
    io.stdout(
      `${file.shown}: wrote ${ids.length} row${ids.length === 1 ? '' : 's'} ` +
        `(${counts.locked_fixture} locked_fixture, ${counts.property} property, ${counts.quarantine} quarantine) from ${source}\n`,
    );
    return 0;
  });
}

async function idsFromCollected(root: string, given: string): Promise<string[]> {
  const abs = path.resolve(root, given);
  return parseCollected(await readCapped(abs, LIMITS.collectedBytes, given), given);
}

async function idsFromJunit(root: string, globs: string[]): Promise<string[]> {
  const { files, problems } = await expandReports(root, globs);
  if (problems.length > 0) throw new GateError(problems[0].message, problems[0].file);
  const reports: ParsedReport[] = [];
  for (const f of files)
    reports.push(parseReport(await readCapped(f.path, LIMITS.reportBytes, f.shown), f.shown));
  const { tests, unmapped } = mapCases(reports, { repoRoot: root });
  if (unmapped.length > 0) {
    const u = unmapped[0];
    throw new GateError(
      `${unmapped.length} test case${unmapped.length === 1 ? '' : 's'} map to no single id ` +
        `(first: ${JSON.stringify(u.case.name)}: ${u.reason}); for pytest, use --collected with \`pytest --collect-only -q\` output`,
      u.case.report,
    );
  }
  const seen = new Set<string>();
  return tests.map((t) => t.id).filter((id) => !seen.has(id) && seen.add(id));
}
