// Jest's global setup: the OpenAPI validation counts (support/openapi.ts) start from nothing
// in each run of a test group (npm test: unit; npm run test:e2e: e2e).
import { rmSync } from 'node:fs';
import { openapiLedgers } from './openapi-files.mjs';

export default function setup() {
  for (const f of openapiLedgers()) rmSync(f, { force: true });
}
