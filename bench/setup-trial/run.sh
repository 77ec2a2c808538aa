#!/usr/bin/env bash
# issue 27's acceptance, on real projects: for each (a pytest, a jest and a vitest library at a
# pinned commit) clone it fresh, run `ledger-gate setup` (the built CLI, dist/), run the test job
# of the workflow it wrote as written (bench/setup-trial/job.mjs: install, the runner writing its
# reports into $RUNNER_TEMP/reports), freeze the ledger from those reports with `init`, keep the
# reports and test folders (capture.mjs), then judge them with the gate job's step against the
# fake GitHub (__tests__/setup-real.test.ts, the action bundle under Node 24): it must admit.
#
#   bash bench/setup-trial/run.sh [--capture] [NAME…]     NAME: sqlparse tiny-invariant ufo ms iniconfig defu
#
# --capture writes the kept folders to __fixtures__/setup-real/ (what CI replays); without it
# they go to the work folder. Needs git, the npm registry (the JS projects' installs) and pytest
# on PATH; the pytest project's `pip install` step is skipped (PyPI is not needed: `python -m
# pytest` at the root imports the package from the checkout). Clones come from
# $LEDGER_GATE_TRIAL_MIRROR/OWNER+NAME/repo when present, else from github.com.
# Prints, per project, the seconds from clone to admit and each command the job ran.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CLI="$ROOT/dist/cli/index.js"
MIRROR=${LEDGER_GATE_TRIAL_MIRROR:-/work/.mirror}
capture=0
if [[ "${1:-}" == --capture ]]; then capture=1; shift; fi

declare -A REPO=(
  [sqlparse]=andialbrecht/sqlparse
  [tiny-invariant]=alexreardon/tiny-invariant
  [ufo]=unjs/ufo
  [ms]=vercel/ms
  [iniconfig]=pytest-dev/iniconfig
  [defu]=unjs/defu
)
declare -A SHA=(
  [sqlparse]=60cdc649726bf1bc4f1b336050560b336da715ec
  [tiny-invariant]=b5587cf4ba45e257bce49053c3345b6614324252
  [ufo]=11308c0bb5cb4a4bc3bfcbdc5c03177b097423e6
  [ms]=4b85938394832e62e6e25cca5c151bbc97fe26e2
  [iniconfig]=71901257f6cbf660e77b1077e00f11a0f440be1e
  [defu]=80c0146afb11ebd86183a579ec469f3abd976695
)
# A src-layout package run from the checkout (pip install skipped: PyPI is not reachable here).
declare -A PYPATH=([iniconfig]=src)
names=("$@")
[[ ${#names[@]} -gt 0 ]] || names=(sqlparse tiny-invariant ufo)

work=$(mktemp -d "${TMPDIR:-/tmp}/ledger-gate-setup-trial-XXXXXX")
kept=$work/captured
[[ $capture == 0 ]] || kept=$ROOT/__fixtures__/setup-real
echo "work folder: $work"

# What GitHub's images have that this machine may not: `python` (setup-python) and yarn 1.
bin=$work/bin
mkdir -p "$bin"
ln -s "$(command -v python3)" "$bin/python"
command -v yarn >/dev/null || printf '#!/bin/sh\nexec npx --yes yarn@1 "$@"\n' >"$bin/yarn"
chmod +x "$bin"/*
export PATH="$bin:$PATH" NO_COLOR=1

for name in "${names[@]}"; do
  repo=${REPO[$name]:?unknown project $name}
  sha=${SHA[$name]}
  dir=$work/$name temp=$work/$name.temp
  start=$(date +%s.%N)
  src=https://github.com/$repo.git
  [[ ! -d "$MIRROR/${repo/\//+}/repo" ]] || src=$MIRROR/${repo/\//+}/repo
  git clone -q "$src" "$dir"
  git -C "$dir" checkout -q "$sha"
  echo "== $name ($repo@$sha)"
  # With the project's own workflows, setup prints the lines that extend them (shown); the
  # trial then removes them, as for a project that has none, so setup writes its own to run.
  if [[ -d "$dir/.github/workflows" ]]; then
    echo "\$ ledger-gate setup --dry-run   # with the project's workflows"
    (cd "$dir" && node "$CLI" setup --dry-run 2>&1) | sed -n '1,/^next:/p' | sed 's/^/  /'
    git -C "$dir" rm -rq .github/workflows && git -C "$dir" -c user.name=trial -c user.email=t@t commit -qm 'trial: no workflows'
  fi
  echo "\$ ledger-gate setup"
  (cd "$dir" && node "$CLI" setup) | sed 's/^/  /'
  PYTHONPATH="$dir/${PYPATH[$name]:-.}" node "$ROOT/bench/setup-trial/job.mjs" "$dir" "$temp" --skip '^pip '
  # init on the reports the gate will read: the gate step's globs, its folder being the reports'.
  mapfile -t globs < <(node --input-type=module -e "
    import { parse } from '$ROOT/node_modules/yaml/dist/index.js';
    import { readFileSync } from 'node:fs';
    const w = parse(readFileSync('$dir/.github/workflows/tests.yml', 'utf8'));
    const step = w.jobs.gate.steps.find((s) => s.with?.junit);
    for (const g of step.with.junit.trim().split('\n'))
      console.log(g.trim().replace('\${{ runner.temp }}/junit', '$temp/reports'));")
  args=()
  for g in "${globs[@]}"; do args+=(--junit "$g"); done
  echo "\$ ledger-gate init ${args[*]} --owner trial"
  (cd "$dir" && node "$CLI" init "${args[@]}" --owner trial) | sed 's/^/  /'
  branch=$(git -C "$dir" symbolic-ref --short refs/remotes/origin/HEAD)
  node "$ROOT/bench/setup-trial/capture.mjs" "$dir" "$temp" "$kept/$name" \
    "{\"repository\":\"$repo\",\"commit\":\"$sha\",\"branch\":\"${branch#origin/}\"}"
  echo "\$ the gate job on the kept reports (jest: __tests__/setup-real.test.ts)"
  (cd "$ROOT" && LEDGER_GATE_SETUP_REAL="$kept" LEDGER_GATE_SETUP_REAL_ONLY="$name" \
    NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects e2e \
    --testPathPatterns 'setup-real' --silent 2>&1 | grep -E '✓|✕|Tests:' | sed 's/^/  /')
  end=$(date +%s.%N)
  printf '%s: clone to admit %.0f s\n' "$name" "$(echo "$end - $start" | bc)"
done
[[ $capture == 1 ]] || echo "kept: $kept (bash $0 --capture to replace __fixtures__/setup-real/)"
