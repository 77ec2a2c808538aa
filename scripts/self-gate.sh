#!/usr/bin/env bash
# Eat our own cooking: the gate judges this repository's own test run against its own ledger.
set -euo pipefail
node dist/cli/index.js check --junit build/junit.xml --ledger tests/ledger.yaml \
  --goldens '__fixtures__/goldens/**' --json build/self-gate.json --summary build/self-gate.md >/dev/null
