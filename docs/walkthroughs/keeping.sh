#!/usr/bin/env bash
# Keeping the ledger in a pytest repository: a maintainer's day after the freeze, run for real
# in a throwaway folder. Each honest commit is followed by the one `ledger-gate update` it
# needs (its printed diff) and the check of that commit against its parent; then one agent
# trick. Usage: bash docs/walkthroughs/keeping.sh
source "$(dirname "$0")/pytest-prelude.sh"
# The run every step starts from: the collected ids and the report of the same tests. Quiet,
# since the transcript is about the ledger; a failing run would show in update's refusal.
run() {
  python3 -m pytest --collect-only -q > build/collected.txt
  python3 -m pytest -q -p no:cacheprovider --junitxml=build/junit.xml > /dev/null
}
update="ledger-gate update --junit build/junit.xml --collected build/collected.txt"
check="ledger-gate check --junit build/junit.xml --collected build/collected.txt --base HEAD~1 --production 'shop/**'"
human="$check --author human"

git init -q -b main && shop_with_receipts
cat > tests/test_shop.py <<'PY'
import pytest
from shop import discount
@pytest.mark.parametrize("price,percent,expected", [(10, 10, 9), (10, 50, 5)])
def test_discount(price, percent, expected):
    assert discount(price, percent) == expected
def test_discount_never_below_zero():
    assert discount(10, 150) == 0
def test_discount_of_nothing():
    assert discount(0, 10) == 0
PY
git add -A && git commit -qm "shop with tests"

# The freeze, as "Adopting it" shows it: the receipt tests share a golden; every other test is
# locked to its own file by init's default rule.
run
show "ledger-gate init --junit build/junit.xml --collected build/collected.txt --owner alice --rule 'tests/test_receipt.py::*=locked_fixture:tests/goldens/receipt.txt'"
git add -A && git commit -qm "Freeze the suite into tests/ledger.yaml"

# (1) An edited test file: a clearer assertion message.
sed -i 's/assert discount(10, 150) == 0/assert discount(10, 150) == 0, "a discount never pays out"/' tests/test_shop.py
run
show "$update"
git commit -qam "test_shop: say why a discount stops at zero"
show "$human 2>&1"

# (2) A new parametrized case in a locked file: no new row, the file's one digest line.
sed -i 's/(10, 50, 5)\]/(10, 50, 5), (10, 100, 0)]/' tests/test_shop.py
run
show "$update"
git commit -qam "test_shop: a full discount is free"
show "$human 2>&1"

# (2b) A production change alone: nothing to do, and check admits.
sed -i 's/return max(0, round(/return max(0.0, round(/' shop/__init__.py
run
show "$update"
git commit -qam "discount: always a float"
show "$human 2>&1"

# (3) A new test file.
cat > tests/test_tax.py <<'PY'
from shop import discount
def test_discount_keeps_cents():
    assert discount(9.99, 10) == 8.99
PY
run
show "$update"
git add -A && git commit -qm "test_tax: cents survive a discount"
show "$human 2>&1"

# (4) The golden the two receipt tests share, edited with the code that writes it.
sed -i 's/>8.2f/>9.2f/' shop/__init__.py
sed -i 's/{18}/{19}/' tests/test_receipt.py
write_receipt_golden
run
show "$update"
git commit -qam "Receipts one column wider"
show "$human 2>&1"

# (5) A deleted test.
sed -i '/def test_discount_of_nothing/,$d' tests/test_shop.py
run
show "$update"
git commit -qam "test_shop: drop a test the parametrized one covers"
show "$human 2>&1"

# (6) A renamed test file, committed before the ledger is touched: the check names the one
# command; after it, the commit is amended and checked again.
git mv tests/test_tax.py tests/test_cents.py
git commit -qm "Rename test_tax to test_cents"
run
show "$human 2>&1"
show "$update"
git commit -q --amend -a --no-edit
show "$human 2>&1"

# An agent "fixes" a failing test by gutting its assertion, then re-locks it with update.
sed -i 's/assert discount(10, 150) == 0, "a discount never pays out"/assert discount(10, 150) is not None/' tests/test_shop.py
run
show "$update"
GIT_AUTHOR_NAME='copilot-swe-agent[bot]' git commit -qam "Fix flaky discount test"
show "$check --author agent 2>&1"
