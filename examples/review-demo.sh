#!/usr/bin/env bash
# The demo as a change against a base branch: a human rewrites a golden and bumps its digest
# in the same change, so the gate asks for review (exit 3). Needs only git and node.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli="$here/../dist/cli/index.js"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$here/demo/." "$work"
cd "$work"
# The report is the run's, not the repository's (a committed one is report-in-change).
printf 'reports/\n' > .gitignore
git init -q -b main
git -c user.name=Dana -c user.email=dana@example.com add -A
git -c user.name=Dana -c user.email=dana@example.com commit -qm base
git checkout -q -b change
printf 'LGv2\x00\x01header-golden\n' > tests/goldens/header.bin
new=$(node "$cli" digest tests/goldens/header.bin | cut -d' ' -f1)
old=$(grep -m1 -o 'sha256:[0-9a-f]*' tests/ledger.yaml)
sed -i "s/$old/$new/" tests/ledger.yaml
# The demo's rejects are fixed in this change, so only the review remains.
fix=$(node "$cli" digest tests/goldens/footer.txt | cut -d' ' -f1)
sed -i "s/sha256:0\{64\}/$fix/" tests/ledger.yaml
sed -i '/test_agent_added_prefix_strip\|test_new_helper/d' reports/junit.xml
git -c user.name=Dana -c user.email=dana@example.com commit -qam "Header format v2"
set +e
node "$cli" check --junit reports/junit.xml --base main
code=$?
echo "exit status: $code"
exit $code
