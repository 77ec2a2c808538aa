#!/usr/bin/env bash
# Adopting ledger-gate in a vitest repository, from zero: every command of the README's vitest
# walkthrough, run for real in a throwaway folder, with vitest installed there from the npm
# registry (the versions scripts/fixtures/vitest pins).
set -uo pipefail
cli="$(cd "$(dirname "$0")/../.." && pwd)/dist/cli/index.js"
ledger-gate() { node "$cli" "$@"; } # the bundle, under the name the README shows
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT && cd "$work"
show() { printf '\n$ %s\n' "$*"; eval "$*"; echo "[exit $?]"; }
export GIT_AUTHOR_NAME=Cy GIT_AUTHOR_EMAIL=cy@example.com GIT_COMMITTER_NAME=Cy GIT_COMMITTER_EMAIL=cy@example.com
# Fixed dates, so the commit ids the report names are the same on every run.
export GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z'

git init -q -b main && mkdir -p src test/goldens
printf 'node_modules/\nbuild/\n' > .gitignore
echo '{ "name": "urls", "private": true, "type": "module" }' > package.json
npm install --silent --no-audit --no-fund --save-dev vitest@4.1.12 vite@8.3.8 || exit 1
cat > src/url.js <<'JS'
export const normalize = (u) => {
  const url = new URL(u);
  url.hostname = url.hostname.toLowerCase();
  url.hash = '';
  return url.href;
};
JS
# Example-based tests: expectations in the test file, or in a golden two tests share; one
# skipped on purpose, one a known bug written as vitest's expected failure (test.fails).
cat > test/url.test.js <<'JS'
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { normalize } from '../src/url.js';
const golden = JSON.parse(readFileSync(new URL('./goldens/urls.json', import.meta.url), 'utf8'));
describe('normalize', () => {
  test('golden: every input maps to its expected URL', () => {
    for (const [input, want] of Object.entries(golden)) expect(normalize(input)).toBe(want);
  });
  test('golden: is idempotent', () => {
    for (const want of Object.values(golden)) expect(normalize(want)).toBe(want);
  });
  test('drops the fragment', () => {
    expect(normalize('https://a.example/x#top')).toBe('https://a.example/x');
  });
  test.skipIf(process.platform !== 'win32')('reads file: URLs with drive letters', () => {
    expect(normalize('file:///C:/x')).toBe('file:///C:/x');
  });
  test.fails('sorts query parameters (not yet)', () => {
    expect(normalize('https://a.example/?b=1&a=2')).toBe('https://a.example/?a=2&b=1');
  });
});
JS
cat > test/goldens/urls.json <<'JSON'
{ "HTTPS://Example.COM/a#x": "https://example.com/a", "http://a.example": "http://a.example/" }
JSON
git add -A && git commit -qm "urls with tests"

show "NO_COLOR=1 npx vitest run --reporter=default --reporter=junit --outputFile.junit=build/junit.xml 2>&1 | grep -E '(Test Files|Tests) '"
show "grep -o '<testcase [^>]*>' build/junit.xml"
show "ledger-gate init --junit build/junit.xml --owner cy --rule 'test/url.test.js::normalize > golden:*=locked_fixture:test/goldens/urls.json' --rule 'test/*=locked_fixture:{file}'"
show "cat test/ledger.yaml"
show "ledger-gate lint --junit build/junit.xml"
git add -A && git commit -qm "Freeze the suite into test/ledger.yaml"
show "ledger-gate check --junit build/junit.xml 2>&1"
