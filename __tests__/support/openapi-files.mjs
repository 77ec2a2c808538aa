// Where the OpenAPI validation counts of a test group go: build/openapi-validated-<group>.json
// (and its .jsonl of per-file lines), the group named by the JUnit file the script names.
import path from 'node:path';

const root = path.join(import.meta.dirname, '../..');

/** `unit`, `e2e` or `e2e-node22`, from JEST_JUNIT_OUTPUT_NAME (package.json's scripts). */
export function group() {
  const name = process.env.JEST_JUNIT_OUTPUT_NAME ?? 'junit.xml';
  return name.replace(/\.xml$/, '').replace(/^junit-?/, '') || 'unit';
}

/** The per-file lines and the sum of this group. */
export function openapiLedgers() {
  const base = path.join(root, 'build', `openapi-validated-${group()}`);
  return [`${base}.jsonl`, `${base}.json`];
}
