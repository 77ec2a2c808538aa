#!/usr/bin/env bash
# The gaming-shape false-positive measure of docs/gaming-shapes.md, every set in one run.
# The histories are read from bare clones (the project's mirrors, or `git clone --bare URL`):
#   SQLPARSE=/path/sqlparse.git UFO=/path/ufo.git HTTPX=/path/httpx.git AXIOS=/path/axios.git \
#     bash bench/gaming/measure.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# FP_ARGS passes more flags to each run (--json).
fp() { node --import ./scripts/worker-ts-hooks.mjs bench/gaming/false-positives.mjs "$@" ${FP_ARGS:-}; }
fp --repo "$SQLPARSE" --head 60cdc64 --commits 32 --production 'sqlparse/**' --tests 'tests/**' --label 'sqlparse window 1 (replay)'
fp --repo "$SQLPARSE" --head 40ed3aa --commits 32 --production 'sqlparse/**' --tests 'tests/**' --label 'sqlparse window 2 (replay)'
fp --repo "$UFO" --head 11308c0 --commits 32 --production 'src/**' --tests 'test/**' --label 'ufo (replay)'
fp --walkthrough docs/walkthroughs/pytest.sh --walkthrough docs/walkthroughs/pytest-prelude.sh \
  --walkthrough docs/walkthroughs/jest.sh --walkthrough docs/walkthroughs/vitest.sh \
  --walkthrough docs/walkthroughs/keeping.sh --production 'src/**' --label 'the walkthroughs'
fp --repo "$SQLPARSE" --head "${SQLPARSE_HEAD:-HEAD}" --commits 100000 --production 'sqlparse/**' --tests 'tests/**' --label 'sqlparse, whole first-parent history'
fp --repo "$UFO" --head "${UFO_HEAD:-HEAD}" --commits 100000 --production 'src/**' --tests 'test/**' --label 'ufo, whole first-parent history'
if [ -n "${HTTPX:-}" ]; then
  fp --repo "$HTTPX" --head "${HTTPX_HEAD:-HEAD}" --commits 300 --production 'httpx/**' --tests 'tests/**' --label 'httpx, last 300 (out of sample)'
fi
if [ -n "${AXIOS:-}" ]; then
  fp --repo "$AXIOS" --head "${AXIOS_HEAD:-HEAD}" --commits 300 --production 'lib/**' --tests 'test/**' --label 'axios, last 300 (out of sample)'
fi
