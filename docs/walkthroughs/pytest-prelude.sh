# Sourced by the pytest walkthroughs (pytest.sh, keeping.sh): the same names, identity and
# throwaway folder for both, so their transcripts read alike.
set -uo pipefail
cli="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/dist/cli/index.js"
# The names the README shows: the bundle as `ledger-gate`, Debian's pytest as `python3`.
ledger-gate() { node "$cli" "$@"; }
python3() { /usr/bin/python3 "$@"; }
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT && cd "$work"
show() { printf '\n$ %s\n' "$*"; eval "$*"; echo "[exit $?]"; }
export GIT_AUTHOR_NAME=Alice GIT_AUTHOR_EMAIL=alice@example.com GIT_COMMITTER_NAME=Alice GIT_COMMITTER_EMAIL=alice@example.com
export PYTHONDONTWRITEBYTECODE=1
# Fixed dates, so the commit ids the report names are the same on every run.
export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'

# The shop both walkthroughs start from: its code, and two tests that share one golden.
shop_with_receipts() {
  mkdir -p shop tests/goldens build && printf 'build/\n' > .gitignore
  cat > shop/__init__.py <<'PY'
def discount(price, percent):
    return max(0, round(price * (100 - percent) / 100, 2))
def receipt(items):
    return "".join(f"{name:<10}{price:>8.2f}\n" for name, price in items)
PY
  cat > tests/test_receipt.py <<'PY'
import pathlib
from shop import receipt
GOLDEN = (pathlib.Path(__file__).parent / "goldens/receipt.txt").read_text()
def test_receipt_matches_golden():
    assert receipt([("tea", 3.5), ("cake", 4.25)]) == GOLDEN
def test_receipt_lines_are_18_wide():
    assert {len(line) for line in GOLDEN.splitlines()} == {18}
PY
  write_receipt_golden
}
# The golden as the code writes it today.
write_receipt_golden() {
  python3 -c 'from shop import receipt; print(receipt([("tea", 3.5), ("cake", 4.25)]), end="")' > tests/goldens/receipt.txt
}
