#!/usr/bin/env bash
# docs/ledger.md's examples of every upkeep command, run for real in a throwaway pytest project
# (pytest from PATH, the built CLI as `ledger-gate`). Each `part NAME` starts the block
# `walkthrough:ledger#NAME` of docs/ledger.md.
source "$(dirname "${BASH_SOURCE[0]}")/pytest-prelude.sh"
python3() { command python3 "$@"; } # the pytest on PATH
part() { printf '\n#= %s\n' "$1"; }
# Refusals say why on stderr: the blocks show both streams.
show() { printf '\n$ %s\n' "$*"; eval "$*" 2>&1; echo "[exit $?]"; }
run_tests() {
  python3 -m pytest --collect-only -q -p no:cacheprovider | grep '::' > build/collected.txt
  python3 -m pytest -q -p no:cacheprovider -o junit_family=xunit1 --junitxml=build/junit.xml > /dev/null
}

git init -q -b main && mkdir -p tests/goldens tests/properties/seeds/length tests/properties/seeds/slash build
printf 'build/\n' > .gitignore
printf 'HDR\x01\x02' > tests/goldens/header.bin
printf 'reload v1\n' > tests/goldens/reload.bin
echo '""' > tests/properties/seeds/length/empty.json
echo '"a/"' > tests/properties/seeds/slash/one.json
cat > tests/test_parse.py <<'PY'
import pathlib
import pytest
HERE = pathlib.Path(__file__).parent
def test_header_roundtrip():
    assert (HERE / "goldens/header.bin").read_bytes().startswith(b"HDR")
def test_length_never_negative():
    assert all(len(s) >= 0 for s in ["", "a"])
def test_concurrent_reload():
    assert (HERE / "goldens/reload.bin").read_text() == "reload v2\n"
@pytest.mark.parametrize("path", ["a/"])
def test_trailing_slash(path):
    assert path.endswith("/")
@pytest.mark.parametrize("opt", ["-x: 1"])
def test_option(opt):
    assert ":" in opt
def test_render_c():
    assert (HERE / "goldens/header.bin").exists()
PY
run_tests

part init
show "ledger-gate init --junit build/junit.xml --collected build/collected.txt --owner alice --rule 'tests/test_parse.py::test_header_roundtrip=locked_fixture:tests/goldens/header.bin' --rule '*never_negative=property:non_negative_length:tests/properties/seeds/length/'"
show "cat tests/ledger.yaml"
show "ledger-gate init --junit build/junit.xml --owner alice"
git add -A && git commit -qm 'the ledger'

part update
printf 'def test_render_d():\n    assert True\n' >> tests/test_parse.py
run_tests
show "ledger-gate update --junit build/junit.xml --collected build/collected.txt"

part lock
show "ledger-gate lock 'tests/test_parse.py::test_trailing_slash[a/]' --artifact tests/goldens/reload.bin --collected build/collected.txt"

part typos
show "ledger-gate lock tests/test_parse.py::test_rendr_c --artifact tests/goldens/header.bin"
show "ledger-gate lock tests/test_parse.py::test_rendr_c --artifact tests/goldens/header.bin --collected build/collected.txt"
show "ledger-gate quarantine tests/test_parse.py::test_new_one --reason 'not written yet' --owner alice --new"

part relock
printf 'reload v2\n' > tests/goldens/reload.bin
show "ledger-gate relock tests/goldens/reload.bin"

part property
show "ledger-gate property 'tests/test_parse.py::test_option[-x: 1]' --invariant options_parse --seeds tests/properties/seeds/slash/ --collected build/collected.txt"
show "ledger-gate property tests/test_parse.py::test_new --invariant x --seeds tests/properties/seeds/empty/ --new"

part quarantine
show "ledger-gate quarantine tests/test_io.py::test_flaky_socket --reason 'times out on shared runners' --owner bob --new"
show "ledger-gate quarantine --list"

part promote
printf '  - id: tests/test_parse.py::test_agent_added_prefix_strip\n    class: draft\n    source: agent\n    proposed_class: property\n' >> tests/ledger.yaml
show "ledger-gate promote tests/test_parse.py::test_agent_added_prefix_strip"
show "ledger-gate promote tests/test_parse.py::test_agent_added_prefix_strip --invariant prefix_stripped --seeds tests/properties/seeds/length/"

part drop
show "ledger-gate drop tests/test_parse.py::test_new_one tests/test_io.py::test_flaky_socket"

part digest
show "ledger-gate digest tests/goldens/header.bin tests/goldens"

part lint
show "ledger-gate lint"
cp tests/ledger.yaml build/ledger.good
sed -i '0,/    digest: /s//    digets: /' tests/ledger.yaml
sed -i '0,/    opened: [0-9-]*/s//    opened: 2026-12-41/' tests/ledger.yaml
show "ledger-gate lint            # after a typo and a bad date"

part invalid
show "ledger-gate lock tests/x.py::test_y --artifact tests/goldens/header.bin --new"
cp build/ledger.good tests/ledger.yaml

part stale
show "ledger-gate lint --collected build/collected.txt"
show "ledger-gate drop tests/test_parse.py::test_agent_added_prefix_strip"
show "ledger-gate lint --collected build/collected.txt"
