#!/usr/bin/env bash
# Issue 44 item 4 on a real history: jest-community/snapshot-diff's commits that rewrite jest
# snapshots, replayed through `ledger-gate check` (the built CLI, dist/). For COMMIT: its parent's
# tree is installed (npm, the parent's package.json, plus jest-junit 17), run with `jest --ci`,
# frozen with `init` (file rows locked to each test file and its __snapshots__/*.snap) and
# committed; then COMMIT's diff is applied (its own install when it changes package.json), run
# again, committed as VARIANT says, and judged with --production 'src/**':
#   asis      the commit as its author made it (no ledger change)
#   update    the author ran `ledger-gate update --junit …` first (the honest re-lock)
#   agent     the same, committed as an agent
#   snaponly  only src/ and the snapshot files (a jest -u after a production change)
#
#   bash bench/snapshot-replay/replay.sh COMMIT VARIANT     (CLI=… TAG=… to judge with another build)
#
# Needs the npm registry, and the repository's snapshot at $MIRROR (the fetch tool's bare copy,
# or a clone: MIRROR=path/to/snapshot-diff/.git). Works under $WORK (default /tmp/snapreplay).
WORK=${WORK:-/tmp/snapreplay}
set -u
C=$1; V=$2
MIRROR=${MIRROR:-/work/.mirror/jest-community+snapshot-diff/repo}
CLI=${CLI:-$(cd "$(dirname "$0")/../.." && pwd)/dist/cli/index.js}
W=$WORK/$C-$V-${TAG:-new}; rm -rf $W; mkdir -p $W; cd $W
export JEST_JUNIT_OUTPUT_DIR=reports JEST_JUNIT_OUTPUT_NAME=junit.xml JEST_JUNIT_ADD_FILE_ATTRIBUTE=true
g() { git -c user.name="$1" -c user.email="$2" "${@:3}"; }
git init -q -b main
git --git-dir=$MIRROR archive $C^ | tar -x
printf 'node_modules\nreports\nbuild\n' >> .gitignore
MODS=$WORK/mods-$(git --git-dir=$MIRROR rev-parse --short $C^)
if [ ! -d $MODS/node_modules ]; then
  mkdir -p $MODS && cp package.json $MODS/ && (cd $MODS && npm install --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null 2>&1 && npm install --no-save --no-audit --no-fund --ignore-scripts --loglevel=error jest-junit@17 >/dev/null 2>&1)
fi
ln -s $MODS/node_modules node_modules
node node_modules/jest/bin/jest.js --ci --reporters=default --reporters=jest-junit >/dev/null 2>&1; echo "base jest exit $?"
node $CLI init --junit reports/junit.xml --owner dana | tail -1
grep -n "artifact" tests/ledger.yaml
git add -A; g Dana dana@example.com commit -qm base
git checkout -qb change
if [ $V = snaponly ]; then git --git-dir=$MIRROR diff --binary $C^ $C -- src "*/__snapshots__/*" | git apply; else git --git-dir=$MIRROR diff --binary $C^ $C | git apply; fi
if ! git --git-dir=$MIRROR diff --quiet $C^ $C -- package.json; then
  MODS2=$WORK/mods-$(git --git-dir=$MIRROR rev-parse --short $C)
  if [ ! -d $MODS2/node_modules ]; then mkdir -p $MODS2 && cp package.json $MODS2/ && (cd $MODS2 && npm install --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null 2>&1 && npm install --no-save --no-audit --no-fund --ignore-scripts --loglevel=error jest-junit@17 >/dev/null 2>&1); fi
  rm node_modules; ln -s $MODS2/node_modules node_modules; echo "change installs its own package.json"
fi
node node_modules/jest/bin/jest.js --ci --reporters=default --reporters=jest-junit >/dev/null 2>&1; echo "change jest exit $?"
case $V in
  update) node $CLI update --junit reports/junit.xml | tail -1;;
  agent) node $CLI update --junit reports/junit.xml | tail -1;;
esac
if [ $V = agent ]; then A="copilot-swe-agent[bot]"; E="198982749+Copilot@users.noreply.github.com"; else A=$(git --git-dir=$MIRROR log -1 --format=%an $C); E=$(git --git-dir=$MIRROR log -1 --format=%ae $C); fi
git add -A; g "$A" "$E" commit -q --author="$A <$E>" -m "replay $C"
node $CLI check --junit 'reports/*.xml' --base main --production 'src/**' --json r.json >/dev/null 2>&1; echo "check exit $?"
node -e 'const r=require("./r.json");const s=new Set(r.findings.filter(f=>f.result!=="admit"&&f.result!=="info").map(f=>f.rule+":"+f.result));console.log("decision",r.decision,[...s].join(" "))'
