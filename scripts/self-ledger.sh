#!/usr/bin/env bash
# Freezes this repository's own test suite into tests/ledger.yaml (a human runs this, after
# `npm test`, when tests are added or renamed; the gate then rejects any test left out).
# Golden-file tests are locked fixtures; every other test is a property whose seed corpus is
# the fixture folder it reads (example-based tests: the demo repository they exercise).
# Nothing is left in quarantine: a quarantined pass rejects.
set -euo pipefail
cd "$(dirname "$0")/.."
node dist/cli/index.js init --junit build/junit.xml --owner ledger-gate-maintainers --force \
  --reason 'not yet classified' \
  --rule '__tests__/goldens.test.ts::*the demo summary matches its golden=locked_fixture:__fixtures__/goldens/demo-summary.md' \
  --rule '__tests__/goldens.test.ts::*the demo JSON report matches its golden=locked_fixture:__fixtures__/goldens/demo-report.json' \
  --rule '__tests__/properties.test.ts::*=property:gate-invariants-hold-for-generated-inputs:__fixtures__/properties/seeds/' \
  --rule '__tests__/hostile*=property:hostile-inputs-fail-closed:__fixtures__/hostile/' \
  --rule '__tests__/junit-corpus.test.ts::*=property:corpus-reports-parse-or-are-refused:__fixtures__/corpus/' \
  --rule '__tests__/junit-*=property:runner-ids-match-collected-ids:__fixtures__/junit/' \
  --rule '__tests__/ledger.*=property:ledger-validation-fails-closed:__fixtures__/ledger/' \
  --rule '__tests__/upkeep.*=property:upkeep-edits-keep-layout:__fixtures__/ledger/' \
  --rule '__tests__/action*=property:action-publishes-the-decision:examples/demo/' \
  --rule '__tests__/report*=property:summary-is-escaped-and-bounded:examples/demo/' \
  --rule '*=property:decision-table-holds:examples/demo/'
node dist/cli/index.js lint
