// The summary is sized for people (CONTRACT §7): whatever the number of tests, the job
// summary and the check run stay under SUMMARY_MAX_BYTES, name every reject entry while they
// fit and, past that, say how many more and where they all are (the JSON report). Judged by
// the real gate on generated runs of 100,000 tests.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { rmSync } from 'node:fs';
import type { GateOutcome } from '../src/gather/gate.js';
import { toJson } from '../src/report/json.js';
import { SUMMARY_MAX_BYTES, renderSummary, summaryRenderer } from '../src/report/summary.js';
import type { Finding } from '../src/types.js';
import {
  PER_FILE,
  caseId,
  fileOf,
  judgeRun,
  writeBigRun,
  type BigRunOptions,
} from './support/big-run.js';
import { summaryProblems } from './support/hostile-markdown.js';

const SHA = 'a'.repeat(40);
const LINKS = { server: 'https://github.com', repository: 'octo/repo', sha: SHA };
const PREFIX = `https://github.com/octo/repo/blob/${SHA}/`;
const RUN = 'https://github.com/octo/repo/actions/runs/42';

async function judge(o: BigRunOptions): Promise<GateOutcome> {
  const dir = writeBigRun(o);
  try {
    return await judgeRun(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fullListing = { runUrl: RUN };
const checkRun = { name: 'ledger-gate', url: 'https://github.com/octo/repo/runs/7' };

/**
 * The three summaries a decision gets: the job summary and the check run's, rendered by one
 * renderer as the action does (publish.ts), and the CLI's.
 */
function summaries(outcome: GateOutcome): Record<string, string> {
  const render = summaryRenderer(outcome);
  return {
    check: render({ links: LINKS, fullListing }),
    job: render({ links: LINKS, checkRun, fullListing }),
    cli: renderSummary(outcome),
  };
}

function expectBounded(md: string) {
  expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
  expect(
    summaryProblems(md, { linkPrefix: PREFIX, runUrl: RUN }).filter(
      // The job summary's link to its check run is the API's own URL.
      (p) => !p.includes('https://github.com/octo/repo/runs/7'),
    ),
  ).toEqual([]);
}

/** A reject row names `file` (as code, linked or not) in its second cell. */
const entryOf = (md: string, file: string): boolean =>
  md
    .split('\n')
    .some(
      (l) => l.startsWith(`| reject | \`${file}\``) || l.startsWith(`| reject | [\`${file}\`]`),
    );

const rejects = (o: GateOutcome): Finding[] =>
  o.report.findings.filter((f) => f.result === 'reject');

describe('a 100,000-test admit', () => {
  let outcome: GateOutcome;
  beforeAll(async () => {
    outcome = await judge({ cases: 100_000 });
  });

  it('is a page: the verdict, the counts, the admits counted, and where every finding is', () => {
    expect(outcome.report.decision).toBe('admit');
    expect(outcome.report.counts.cases).toBe(100_000);
    for (const md of Object.values(summaries(outcome))) {
      expectBounded(md);
      // The old bound (GitHub's 1 MiB) made this about 1 MiB; now it is the head and counts.
      expect(Buffer.byteLength(md)).toBeLessThan(4096);
      expect(md).toContain('- **100000 test cases by status: 100000 pass**');
      expect(md).toContain('- ✅ `fixture-unchanged` — admit · 100000\n');
      expect(md).not.toMatch(/^\| admit \|/m);
      expect(md).not.toContain('Cut to stay under');
    }
    const { job, cli } = summaries(outcome);
    expect(job).toContain(
      `the documented workflows upload it as the artifact \`ledger-gate-report\` of [this workflow run](${RUN}).`,
    );
    expect(cli).toContain('Every finding, one per test, is in the JSON report (`--json FILE`).');
    expect(JSON.parse(toJson(outcome.report)).findings).toHaveLength(100_000);
  });
});

describe('a 100,000-test reject with a realistic number of rejects', () => {
  const unrowed = [7, 300];
  const failing = [5, 4242, 77777];
  const mismatched = [10, 20, 30];
  const drafts = [99];
  let outcome: GateOutcome;
  beforeAll(async () => {
    outcome = await judge({ cases: 100_000, unrowed, failing, mismatched, drafts });
  });

  it("one renderer for both of the action's summaries renders each as renderSummary alone does", () => {
    const { job, check } = summaries(outcome);
    expect(job).toBe(renderSummary(outcome, { links: LINKS, checkRun, fullListing }));
    expect(check).toBe(renderSummary(outcome, { links: LINKS, fullListing }));
    expect(job).not.toBe(check); // the job summary links the check run
  });

  it('names every reject entry, within the bound, with nothing cut', () => {
    expect(outcome.report.decision).toBe('reject');
    expect(rejects(outcome)).toHaveLength(unrowed.length * PER_FILE + 3 + 3 + 1);
    for (const [name, md] of Object.entries(summaries(outcome))) {
      expectBounded(md);
      expect([name, md.includes('Cut to stay under')]).toEqual([name, false]);
      expect(md).not.toContain('more entries');
      // Each unclassified test file is one entry; each other reject is its own.
      for (const f of unrowed) expect(entryOf(md, fileOf(f))).toBe(true);
      for (const i of [...failing, ...drafts]) expect(md).toContain(`\`${caseId(i)}\``);
      for (const i of mismatched)
        expect(md).toContain(`\`tests/goldens/g${String(i).padStart(6, '0')}.txt\``);
      expect(md).toContain('- **100000 test cases by status: 99997 pass · 3 fail**');
      expect(md).toContain(`- ✅ \`fixture-unchanged\` — admit · ${100_000 - 207}\n`);
    }
  });
});

describe('a 100,000-test reject with thousands of rejects', () => {
  const unrowed = Array.from({ length: 30 }, (_, i) => i * 10);
  const failing = Array.from({ length: 2000 }, (_, i) => 50_000 + i * 7);
  let outcome: GateOutcome;
  beforeAll(async () => {
    outcome = await judge({ cases: 100_000, unrowed, failing });
  });

  it('lists what fits, shared among the rules, and says how many more and where', () => {
    expect(rejects(outcome)).toHaveLength(5000);
    for (const md of Object.values(summaries(outcome))) {
      expectBounded(md);
      const fileRows = unrowed.filter((f) => entryOf(md, fileOf(f))).length;
      const failRows = failing.filter((i) => md.includes(`| \`${caseId(i)}\` | fail |`)).length;
      // Both rules get entries: one rule's thousands do not crowd out the other's first.
      expect(fileRows).toBeGreaterThan(0);
      expect(failRows).toBeGreaterThan(0);
      // The 30 file entries are short rows (no command in a cell): they may all fit.
      if (fileRows < 30)
        expect(md).toContain(
          `_… and ${30 - fileRows} more entries (${(30 - fileRows) * PER_FILE} findings) of \`unclassified\` not shown here: the JSON report lists every one._`,
        );
      else expect(md).not.toContain('of `unclassified` not shown here');
      expect(md).toContain(
        `_… and ${2000 - failRows} more entries (${2000 - failRows} findings) of \`classified-fail\` not shown here: the JSON report lists every one._`,
      );
      const cut = 5000 - fileRows * PER_FILE - failRows;
      expect(md).toContain(
        `> **Cut to stay under ${SUMMARY_MAX_BYTES} bytes:** ${cut} of 5000 reject and review findings not shown here. The JSON report holds every finding.`,
      );
    }
    const json = JSON.parse(toJson(outcome.report)) as { findings: Finding[] };
    expect(json.findings.filter((f) => f.result === 'reject')).toHaveLength(5000);
  });

  it('under json-report never, what was cut names no JSON report, and the bound holds', () => {
    const md = renderSummary(outcome, {
      links: LINKS,
      fullListing: { runUrl: RUN, notWritten: true },
    });
    expectBounded(md);
    expect(md).toContain('No JSON report was written this run');
    expect(md).toContain('no JSON report was written to list them (`json-report`)._');
    expect(md).toMatch(
      /> \*\*Cut to stay under \d+ bytes:\*\* \d+ of 5000 reject and review findings not shown here\. No JSON report was written to hold them \(`json-report`\)\./,
    );
    expect(md).not.toContain('the JSON report lists every one');
    expect(md).not.toContain('The JSON report holds every finding');
  });
});
