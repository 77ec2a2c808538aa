#!/bin/bash
# The write boundary on a real history (issue 44): each of the last N first-parent commits of a
# project, replayed as a pull request of its own and judged by the built CLI. The base is the
# commit's parent plus a maintainer's commit adding a one-row ledger (so no ledger or report
# rule speaks), the head that commit cherry-picked on top with its author kept (a dependency
# bot stays itself); AUTHOR=agent judges every commit as an agent's (`--author agent`).
# Prints, per commit, the decision, the kinds of what the agent changed, and the agent-*,
# dependency-change and harness-change findings. Works in a clone in a temp folder.
#
#   bash bench/replay/boundary.sh GIT_DIR_OR_URL N            (CLI=… for another build)
#   AUTHOR=agent bash bench/replay/boundary.sh GIT_DIR N
set -u
SRC=$1
N=$2
AUTHOR=${AUTHOR:-auto}
HERE=$(cd "$(dirname "$0")" && pwd)
CLI=${CLI:-$HERE/../../dist/cli/index.js}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
git clone -q "$SRC" "$W/r" && cd "$W/r" || exit 1
MAINT=(-c user.name=Maintainer -c user.email=maintainer@example.com)
printf 'build/\n' >>.git/info/exclude
mkdir -p build
cat >build/junit.xml <<'X'
<?xml version="1.0"?><testsuites><testsuite name="s" tests="1"><testcase classname="gate_probe" name="test_q" file="gate_probe.py"><failure message="x">x</failure></testcase></testsuite></testsuites>
X
for C in $(git log --first-parent --format=%H -n "$N" HEAD); do
  title=$(git log -1 --format='%h %an | %s' "$C" | cut -c1-90)
  git checkout -q -f "$C^" && git checkout -q -B gate-base
  mkdir -p tests
  printf 'version: 1\nrows:\n  - id: "gate_probe.py::test_q"\n    class: "quarantine"\n    opened: "2026-01-01"\n    reason: "probe"\n    owner: "human"\n' >tests/ledger.yaml
  git add tests/ledger.yaml && git "${MAINT[@]}" commit -q -m ledger
  git checkout -q -B gate-head
  parents=$(git log -1 --format=%P "$C" | wc -w)
  pick=(cherry-pick --allow-empty)
  [ "$parents" -gt 1 ] && pick+=(-m 1)
  if ! git "${MAINT[@]}" "${pick[@]}" "$C" >/dev/null 2>&1; then
    git cherry-pick --abort >/dev/null 2>&1
    echo "$title :: not replayed (cherry-pick failed)"
    continue
  fi
  node "$CLI" check --base gate-base --junit 'build/*.xml' --author "$AUTHOR" --json "$W/r.json" >/dev/null 2>&1
  node -e '
    const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
    const kinds = {};
    for (const c of r.agent_changes ?? []) kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
    console.log(`${process.argv[2]} :: ${r.decision} :: ${JSON.stringify(kinds)}`);
    for (const f of r.findings)
      if (/^agent-|^dependency-change|^harness-change/.test(f.rule))
        console.log(`    ${f.rule} (${f.result}): ${f.message.slice(0, 240)}`);
  ' "$W/r.json" "$title"
done
