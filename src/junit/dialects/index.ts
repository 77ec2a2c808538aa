// The one registry of report readers. A JUnit report's dialect comes from what it holds
// (Evidence), the first reader in this order that claims it; other formats (.NET's TRX,
// NUnit and xUnit.net XML, jest's JSON) are told apart by their root.

import type { Dialect } from '../../types.js';
import { bats } from './bats.js';
import { ctest } from './ctest.js';
import type { DialectReader, Evidence } from './dialect.js';
import { generic } from './generic.js';
import { gotestsum } from './gotestsum.js';
import { jestJunit } from './jest-junit.js';
import { mocha } from './mocha.js';
import { node } from './node.js';
import { phpunit } from './phpunit.js';
import { playwright } from './playwright.js';
import { pytest } from './pytest.js';
import { rspec } from './rspec.js';
import { surefire } from './surefire.js';
import { vitest } from './vitest.js';

/** Strongest marks first; `generic` claims what no other reader does. */
export const JUNIT_DIALECTS: readonly DialectReader[] = [
  pytest,
  surefire,
  gotestsum,
  node,
  phpunit,
  rspec,
  ctest,
  bats,
  playwright,
  vitest,
  jestJunit,
  mocha,
  generic,
];

const BY_NAME = new Map<Dialect, DialectReader>(JUNIT_DIALECTS.map((d) => [d.name, d]));

export function detectDialect(e: Evidence): DialectReader {
  for (const d of JUNIT_DIALECTS) if (d.claims(e)) return d;
  return generic;
}

/** The reader of a dialect; readers of other formats (TRX, NUnit, …) id like generic. */
export function readerOf(dialect: Dialect): DialectReader {
  return BY_NAME.get(dialect) ?? generic;
}
