#!/usr/bin/env bash
# dist/ is committed: rebuild it from the sources and fail if anything differs.
set -euo pipefail
npm run build --silent
if [ -n "$(git status --porcelain -- dist)" ]; then
  echo "dist/ does not match the sources; run npm run build and commit dist/:" >&2
  git status --porcelain -- dist >&2
  exit 1
fi
echo "dist/ matches the sources"
