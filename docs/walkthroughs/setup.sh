#!/usr/bin/env bash
# The README's first hour: `ledger-gate setup` in a small pytest project, from zero, run for
# real in a throwaway folder (pytest from PATH, the built CLI as `ledger-gate`).
source "$(dirname "${BASH_SOURCE[0]}")/pytest-prelude.sh"
python3() { command python3 "$@"; } # the pytest on PATH

git init -q -b main && shop_with_receipts
cat > tests/test_shop.py <<'PY'
from shop import discount
def test_discount_of_ten_percent():
    assert discount(10.0, 10) == 9.0
def test_discount_never_below_zero():
    assert discount(1.0, 150) == 0
PY
printf 'pytest\n' > requirements.txt

show "python3 -m pytest -q -p no:cacheprovider -o junit_family=xunit1 --junitxml=build/junit.xml | tail -1"
show "ledger-gate setup --junit build/junit.xml --owner alice --code-owner @acme/test-owners --rule 'tests/test_receipt.py::*=locked_fixture:tests/goldens/receipt.txt'"
show "cat .github/CODEOWNERS"
show "ledger-gate check --junit build/junit.xml 2>&1 | tail -2"
show "ledger-gate setup 2>&1"
