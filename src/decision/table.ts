// The decision table of CONTRACT.md §3, as data. decide() takes each rule's result from here,
// and the job summary and the README render their table from the same rows.
import type { Result, RuleKey } from '../types.js';

export interface Rule {
  key: RuleKey;
  signal: string;
  class: string;
  result: Result;
  action: string;
}

export const RULES: readonly Rule[] = [
  {
    key: 'fixture-unchanged',
    signal: 'pass, artifact digest matches, golden not touched in this change',
    class: 'locked_fixture',
    result: 'admit',
    action: 'none',
  },
  {
    key: 'fixture-digest-mismatch',
    signal: 'artifact bytes no longer match the digest',
    class: 'locked_fixture',
    result: 'reject',
    action: 'inspect bytes or revert',
  },
  {
    key: 'fixture-contract-change',
    signal: 'golden bytes changed and the digest bumped in the same change',
    class: 'locked_fixture',
    result: 'review',
    action: 'treat as a contract change',
  },
  {
    key: 'fixture-missing',
    signal: 'artifact file absent or unreadable',
    class: 'locked_fixture',
    result: 'reject',
    action: 'restore the fixture',
  },
  {
    key: 'property-seeded',
    signal: 'pass, seeds folder present and non-empty',
    class: 'property',
    result: 'admit',
    action: 'optional seed growth review',
  },
  {
    key: 'property-seeds-empty',
    signal: 'seeds folder missing or empty',
    class: 'property',
    result: 'reject',
    action: 'restore seeds',
  },
  {
    key: 'property-seeds-shrunk',
    signal: 'seed files deleted or rewritten in this change (seeds may only grow)',
    class: 'property',
    result: 'review',
    action: 'review the corpus change',
  },
  {
    key: 'quarantine-pass',
    signal: 'pass on a quarantined id (pytest writes a non-strict XPASS as a pass)',
    class: 'quarantine',
    result: 'reject',
    action: 'keep failing or unfreeze manually',
  },
  {
    key: 'quarantine-fail',
    signal: 'fail or error on a quarantined id (expected), a pytest xfail included',
    class: 'quarantine',
    result: 'info',
    action: 'none',
  },
  {
    key: 'quarantine-removed',
    signal:
      "quarantined id skipped with a reason other than its row's `skip:` (or none on the row), or missing from the reports (deleting or re-classing the row is a ledger edit: `ledger-contract-change`)",
    class: 'quarantine',
    result: 'reject',
    action: 'restore the test, or drop or re-class its row in a reviewed change',
  },
  {
    key: 'draft-pass',
    signal: 'pass on an agent-added draft',
    class: 'draft',
    result: 'reject',
    action: 'promote or drop',
  },
  {
    key: 'draft-not-passing',
    signal: 'fail, error or skip on a draft',
    class: 'draft',
    result: 'info',
    action: 'none',
  },
  {
    key: 'unclassified',
    signal: 'any result on an id missing from the ledger',
    class: 'none',
    result: 'reject',
    action: 'classify before merge',
  },
  {
    key: 'classified-fail',
    signal: 'fail or error on a locked_fixture / property test',
    class: 'any',
    result: 'reject',
    action: 'fix the code or the test',
  },
  {
    key: 'classified-skip',
    signal:
      "skip on a locked_fixture / property test whose row gives no `skip:` reason, or another reason than the report's (a pytest xfail, a jest todo and a module skipped at collection are skips)",
    class: 'any',
    result: 'reject',
    action: 'fix the test, or a human adds `skip: <reason>` to its row',
  },
  {
    key: 'expected-skip',
    signal:
      "skip on a locked_fixture / property / quarantine test whose row's `skip:` is the reason the report gives (§2: compared after normalising; a skip without one reads as `skipped when frozen by ledger-gate init`)",
    class: 'any but draft',
    result: 'info',
    action: 'none',
  },
  {
    key: 'classified-missing',
    signal:
      'a locked_fixture / property row with no result in any report (see `expect`; a collected id always needs one)',
    class: 'any',
    result: 'reject',
    action: 'restore the test or remove the row in a reviewed change',
  },
  {
    key: 'flaky-pass',
    signal:
      'passed only after a recorded rerun (Surefire flakyFailure / rerunFailure, gotestsum reruns, jest --json invocations) or with a failure of the same id in another report file',
    class: 'any but quarantine',
    result: 'reject',
    action: 'quarantine it or fix it',
  },
  {
    key: 'production-golden-no-bump',
    signal:
      'production paths and golden paths changed together, with no digest bump for those goldens',
    class: '—',
    result: 'reject',
    action: 'a contract change needs a digest bump and review',
  },
  {
    key: 'ledger-contract-change',
    signal:
      "an existing row's class, digest, invariant, seeds or expected skip changed, a row deleted, or a non-draft row added, by a human's commit (a draft's promotion included; §3: the commit that last touched the row)",
    class: '—',
    result: 'review',
    action: 'review the contract change',
  },
  {
    key: 'ledger-agent-edit',
    signal:
      "the same, when the commit that last touched the row is an agent's (agents may only append draft rows)",
    class: '—',
    result: 'reject',
    action: 'a human makes that edit',
  },
  {
    key: 'ledger-invalid',
    signal: 'the ledger fails validation (§2)',
    class: '—',
    result: 'reject',
    action: 'fix the ledger',
  },
  {
    key: 'collection-skipped',
    signal:
      'a pytest module skipped at collection (importorskip, skip(allow_module_level=True)): not a test; its rows are judged as skipped',
    class: '—',
    result: 'info',
    action: 'none',
  },
  {
    key: 'collection-error',
    signal: 'a pytest module that could not be collected (an import or syntax error)',
    class: '—',
    result: 'reject',
    action: 'fix the module',
  },
  {
    key: 'report-unmapped',
    signal: 'a test case that maps to no collected id, or to several',
    class: 'none',
    result: 'reject',
    action: 'collect ids from the same run',
  },
  {
    key: 'report-invalid',
    signal: 'a JUnit file is unreadable, malformed, hostile, or no report holds any test case',
    class: '—',
    result: 'reject',
    action: 'fix the test run',
  },
  {
    key: 'report-in-change',
    signal:
      'a report file (a `junit` match or the `collected` list) that the change ships: tracked at the head and added or modified by the change, or with the bytes of a file the change adds; none of it is read',
    class: '—',
    result: 'reject',
    action:
      'commit no reports; upload only what the runner wrote, from a folder the job creates ($RUNNER_TEMP/reports)',
  },
];

const BY_KEY = new Map(RULES.map((r, i) => [r.key, { rule: r, order: i }]));

export function rule(key: RuleKey): Rule {
  return BY_KEY.get(key)!.rule;
}

/** The table's order: ties between rules of the same severity go to the earlier row. */
export function ruleOrder(key: RuleKey): number {
  return BY_KEY.get(key)!.order;
}

export const SEVERITY: Record<Result, number> = { reject: 3, review: 2, admit: 1, info: 0 };
