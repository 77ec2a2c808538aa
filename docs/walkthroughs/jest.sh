#!/usr/bin/env bash
# Adopting ledger-gate in a jest repository, from zero: every command of the README's jest
# walkthrough, run for real in a throwaway folder (jest and jest-junit are taken from this
# repository's node_modules instead of `npm install --save-dev jest jest-junit`).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cli="node $root/dist/cli/index.js"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT && cd "$work"
show() { printf '\n$ %s\n' "$*"; eval "$*"; echo "[exit $?]"; }
export GIT_AUTHOR_NAME=Bo GIT_AUTHOR_EMAIL=bo@example.com GIT_COMMITTER_NAME=Bo GIT_COMMITTER_EMAIL=bo@example.com

git init -q -b main && mkdir -p src __tests__/goldens __tests__/seeds/slug
ln -s "$root/node_modules" node_modules
cat > package.json <<'JSON'
{ "name": "slugs", "private": true, "type": "commonjs",
  "jest": { "reporters": ["default", ["jest-junit", { "outputDirectory": "build", "addFileAttribute": "true" }]] } }
JSON
cat > src/slug.js <<'JS'
exports.slug = (s) => s.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
JS
cat > __tests__/slug.test.js <<'JS'
const fs = require('fs');
const path = require('path');
const { slug } = require('../src/slug');
describe('slug', () => {
  test('matches the golden list', () => {
    const titles = ['Hello World', '  Ledger Gate  ', 'Ünïcode?'];
    expect(titles.map(slug).join('\n') + '\n').toBe(fs.readFileSync(path.join(__dirname, 'goldens/slugs.txt'), 'utf8'));
  });
  test('never starts or ends with a dash', () => {
    for (const f of fs.readdirSync(path.join(__dirname, 'seeds/slug'))) {
      const s = slug(fs.readFileSync(path.join(__dirname, 'seeds/slug', f), 'utf8'));
      expect(s).not.toMatch(/^-|-$/);
    }
  });
});
JS
printf 'hello-world\nledger-gate\nn-code\n' > __tests__/goldens/slugs.txt
printf -- '--dash--' > __tests__/seeds/slug/dashes.txt
printf '   ' > __tests__/seeds/slug/blank.txt
git add -A && git commit -qm "slugs with tests"

show "node node_modules/jest/bin/jest.js 2>&1 | tail -4"
show "grep -o '<testcase [^>]*>' build/junit.xml"
show "$cli init --junit build/junit.xml --owner bo --rule '__tests__/slug.test.js::slug never*=property:slug_has_no_edge_dash:__tests__/seeds/slug/' --rule '__tests__/slug.test.js::slug matches the golden list=locked_fixture:__tests__/goldens/slugs.txt'"
show "$cli lint"
git add -A && git commit -qm "Freeze the suite into tests/ledger.yaml"
show "$cli check --junit build/junit.xml | head -5"
