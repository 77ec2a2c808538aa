#!/usr/bin/env bash
# Freezes this repository's own test suite into tests/ledger.yaml (a human runs this, after
# `npm test && npm run test:e2e`, when tests are added or renamed; the gate then rejects any
# test left out). Both groups' JUnit files are read: build/junit.xml and build/junit-e2e.xml.
# Golden-file tests are locked fixtures of their goldens; the fast-check properties and the
# corpus-driven tests are properties over the folder they iterate; every other test is
# example-based and locked to its own test file ({file}), which holds its expectations.
# A test that fails or is skipped in either file is frozen as such (quarantine / skip:).
set -euo pipefail
cd "$(dirname "$0")/.."
node dist/cli/index.js init --junit build/junit.xml --junit build/junit-e2e.xml --owner ledger-gate-maintainers --force \
  --reason 'not yet classified' \
  --rule '__tests__/goldens.test.ts::*the demo summary matches its golden=locked_fixture:__fixtures__/goldens/demo-summary.md' \
  --rule '__tests__/goldens.test.ts::*the demo JSON report matches its golden=locked_fixture:__fixtures__/goldens/demo-report.json' \
  --rule '__tests__/properties.test.ts::*=property:gate-invariants-hold-for-generated-inputs:__fixtures__/properties/seeds/' \
  --rule '__tests__/hostile*=property:hostile-inputs-fail-closed:__fixtures__/hostile/' \
  --rule '__tests__/junit-corpus.test.ts::*=property:corpus-reports-parse-or-are-refused:__fixtures__/corpus/' \
  --rule '__tests__/*=locked_fixture:{file}'
node dist/cli/index.js lint
