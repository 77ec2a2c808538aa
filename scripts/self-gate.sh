#!/usr/bin/env bash
# Eat our own cooking: the gate judges this repository's own test run against its own ledger:
# both groups, `npm test` (build/junit.xml) and `npm run test:e2e` (build/junit-e2e.xml).
set -euo pipefail
node dist/cli/index.js check --junit build/junit.xml --junit build/junit-e2e.xml --ledger tests/ledger.yaml \
  --goldens '__fixtures__/goldens/**' --json build/self-gate.json --summary build/self-gate.md >/dev/null
