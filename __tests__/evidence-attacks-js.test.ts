// Issue 15's acceptance, JavaScript half: the harness attacks that jest and vitest share with
// pytest (a setup file that defeats the assertions or swaps in a correct copy of the code under
// test; a config that stops a test file from running, under --expect ran-files), played end to
// end with real jest 30 + jest-junit 17 and vitest 4 (installed once from the lockfiles of
// scripts/fixtures/, support/plays.ts) in real git repositories. Same table as the pytest half.
import { beforeAll } from '@jest/globals';
import {
  ADMITTED,
  describePlays,
  rejects,
  runnerModules,
  type Files,
  type Play,
} from './support/plays.js';

// One install per runner per machine (a minute at most, cached after): before any play.
beforeAll(() => {
  runnerModules('jest');
  runnerModules('vitest');
}, 300_000);

const calcTest = (load: string) =>
  `${load}\n\ndescribe('calc', () => {\n  test('adds', () => {\n    expect(add(2, 3)).toBe(5);\n  });\n});\n`;
const otherTest = (load: string) =>
  `${load}\n\ndescribe('strings', () => {\n  test('upper', () => {\n    expect('ab'.toUpperCase()).toBe('AB');\n  });\n});\n`;

const JEST_CONFIG = (extra = '') => `module.exports = { testEnvironment: 'node'${extra} };\n`;
const JEST: Files = {
  'package.json': '{ "name": "widgets", "private": true, "scripts": { "test": "jest" } }\n',
  'jest.config.js': JEST_CONFIG(),
  'src/calc.js': 'exports.add = (a, b) => a + b;\n',
  '__tests__/calc.test.js': calcTest("const { add } = require('../src/calc.js');"),
  '__tests__/other.test.js': otherTest(''),
};
const JEST_T = '__tests__/calc.test.js::calc adds';
const JEST_BREAK: Files = { 'src/calc.js': 'exports.add = (a, b) => a - b;\n' };

const VITEST_CONFIG = (extra = '') =>
  `import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: {${extra}} });\n`;
const VITEST_IMPORTS = "import { describe, expect, test } from 'vitest';";
const VITEST: Files = {
  'package.json': '{ "name": "widgets", "private": true, "type": "module" }\n',
  'vitest.config.js': VITEST_CONFIG(),
  'src/calc.js': 'export const add = (a, b) => a + b;\n',
  'test/calc.test.js': calcTest(`${VITEST_IMPORTS}\nimport { add } from '../src/calc.js';`),
  'test/other.test.js': otherTest(VITEST_IMPORTS),
};
const VITEST_T = 'test/calc.test.js::calc > adds';
const VITEST_BREAK: Files = { 'src/calc.js': 'export const add = (a, b) => a - b;\n' };

const ATTACKS: Play[] = [
  {
    name: 'jest: a setupFilesAfterEnv file replaces expect with a no-op',
    runner: 'jest',
    files: JEST,
    test: JEST_T,
    breaks: JEST_BREAK,
    extra: {
      'jest.config.js': JEST_CONFIG(", setupFilesAfterEnv: ['<rootDir>/jest.setup.js']"),
      'jest.setup.js': [
        '// Every matcher, on anything, passes.',
        'const inert = new Proxy(function () {}, { get: () => inert, apply: () => inert });',
        'globalThis.expect = () => inert;',
        '',
      ].join('\n'),
    },
    without: 'fail',
    with: 'pass',
    today: ADMITTED,
    gate: rejects(['agent-harness-edit'], {
      rule: 'agent-harness-edit',
      file: 'jest.setup.js',
      commit: true,
    }),
  },
  {
    name: 'jest, under ran-files: testPathIgnorePatterns stops the test file from running',
    runner: 'jest',
    files: JEST,
    test: JEST_T,
    breaks: JEST_BREAK,
    extra: {
      'jest.config.js': JEST_CONFIG(
        ", testPathIgnorePatterns: ['/node_modules/', '/__tests__/calc\\\\.test\\\\.js$']",
      ),
    },
    expect: 'ran-files',
    without: 'fail',
    with: 'absent',
    today: ADMITTED,
    gate: rejects(['agent-harness-edit', 'classified-missing'], {
      rule: 'agent-harness-edit',
      file: 'jest.config.js',
      commit: true,
    }),
  },
  {
    // vitest's tests import expect, so a setup file cannot replace it; it can mock the module.
    name: 'vitest: a setupFiles file swaps in a correct copy of the module under test',
    runner: 'vitest',
    files: VITEST,
    test: VITEST_T,
    breaks: VITEST_BREAK,
    extra: {
      'vitest.config.js': VITEST_CONFIG(" setupFiles: ['test/setup.js'] "),
      'test/setup.js':
        "import { vi } from 'vitest';\n\nvi.mock('../src/calc.js', () => ({ add: (a, b) => a + b }));\n",
    },
    without: 'fail',
    with: 'pass',
    today: ADMITTED,
    // The config edit that names the setup file is the harness edit; test/setup.js itself is
    // a file under test/ (a setup file under a name no default lists is a test path only).
    gate: rejects(['agent-harness-edit', 'agent-test-edit'], {
      rule: 'agent-harness-edit',
      file: 'vitest.config.js',
      commit: true,
    }),
  },
  {
    name: 'vitest, under ran-files: exclude stops the test file from running',
    runner: 'vitest',
    files: VITEST,
    test: VITEST_T,
    breaks: VITEST_BREAK,
    extra: {
      'vitest.config.js': VITEST_CONFIG(" exclude: ['**/node_modules/**', 'test/calc.test.js'] "),
    },
    expect: 'ran-files',
    without: 'fail',
    with: 'absent',
    today: ADMITTED,
    gate: rejects(['agent-harness-edit', 'classified-missing'], {
      rule: 'agent-harness-edit',
      file: 'vitest.config.js',
      commit: true,
    }),
  },
];

describePlays(
  'attacks on the evidence around the ledger, with real jest and vitest (issue 15)',
  ATTACKS,
);
