#!/usr/bin/env bash
# The CLI's short report on the bundled example (examples/demo), as docs/cli.md shows it.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cli="$root/dist/cli/index.js"
ledger-gate() { node "$cli" "$@"; } # the bundle, under the name the docs show
show() { printf '\n$ %s\n' "$*"; eval "$*"; echo "[exit $?]"; }
cd "$root/examples/demo"
show "ledger-gate check --junit 'reports/*.xml' 2>&1"
show "ledger-gate check --junit 'reports/*.xml' --json - 2>/dev/null | node -e 'process.stdin.on(\"data\", (d) => (globalThis.t = (globalThis.t ?? \"\") + d)).on(\"end\", () => console.log(JSON.parse(globalThis.t).counts))'"
show "ledger-gate check --junti 'reports/*.xml' 2>&1"
