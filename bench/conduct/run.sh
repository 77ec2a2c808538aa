#!/usr/bin/env bash
# The conduct recorder's cost and honest events on a real suite (docs/conduct.md):
# andialbrecht/sqlparse (pure Python, runs with pytest here) at a few commits, from a bare git
# directory (the `fetch` tool's mirror, or any clone's .git). For each commit: the suite's
# time with and without the recorder (farm-bench, paired runs: the CPU ratio is the figure,
# the wall ratio too on a quiet machine), then every site the report holds on a production
# line (sqlparse/), which would be a production-conduct finding had an agent written that
# line: the false positives.
#   bash bench/conduct/run.sh GIT_DIR [RUNS] [COMMIT...]
set -euo pipefail
git_dir=${1:?usage: run.sh GIT_DIR [RUNS] [COMMIT...]}
runs=${2:-5}
shift $(( $# >= 2 ? 2 : 1 ))
commits=("$@")
[ ${#commits[@]} -gt 0 ] || commits=(HEAD)
here=$(cd "$(dirname "$0")/../.." && pwd)
plugin="$here/src/conduct/pytest"
work=$(mktemp -d "${TMPDIR:-/tmp}/ledger-gate-conduct-bench-XXXXXX")
trap 'rm -rf "$work"' EXIT
for c in "${commits[@]}"; do
  dir="$work/$c"
  mkdir -p "$dir"
  git --git-dir="$git_dir" archive "$c" | tar x -C "$dir"
  echo "== $(git --git-dir="$git_dir" log -1 --format='%h %ad %s' --date=short "$c")"
  cd "$dir"
  base=(python3 -m pytest -q -p no:cacheprovider -x --junitxml="$work/junit-$c.xml")
  # The recorder on, as `ledger-gate conduct --pytest` prints it.
  with="env PYTHONPATH=$plugin LEDGER_GATE_CONDUCT=$work/conduct-$c.jsonl ${base[*]} -p ledger_gate_conduct"
  if [ "$runs" -gt 0 ]; then
    farm-bench -n "$runs" --timeout 3000 --vs "${base[*]}" -- $with | grep -E 'ratio|wall|cpu|^A|^B' || true
  fi
  # One more run for the report: farm-bench ends what the command leaves in its process group,
  # the watcher included, before it writes (its tally and write are outside the figures).
  $with >/dev/null 2>&1 || true
  python3 - "$work/conduct-$c.jsonl" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
done = [l for l in lines if l.get("type") == "complete"]
sites = [l for l in lines if l.get("type") == "site"]
prod = [s for s in sites if s["file"].startswith("sqlparse/")]
# As the gate judges: the import system's reads and listings count only when they reach a test.
honest = [s for s in prod if s.get("via") != "import" or any(t.startswith("tests/") for t in s["targets"])]
print(f"report: {len(sites)} sites, complete={bool(done)}; on production lines: {len(honest)} (and {len(prod) - len(honest)} import-system reads, not judged)")
for s in honest:
    print(f"  {s['kind']:8} {s['file']}:{s['line']} {s['events']} read {s['targets'][:2]} wrote {s['writes'][:2]}")
PY
  cd - >/dev/null
done
