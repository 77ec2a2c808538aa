// ESM + ts-jest, as in actions/typescript-action. Run with NODE_OPTIONS=--experimental-vm-modules.
// Two groups (jest projects), each with its own script and JUnit file:
// - unit (`npm test`, build/junit.xml): pure functions, adapters and run() in-process, real git
//   repos in temp folders; needs no build and takes well under two minutes on two cores.
// - e2e (`npm run test:e2e`, build/junit-e2e.xml): the built bundles in dist/ run as child
//   processes under the Nodes from npm (22 and 24; never the machine's own), the action's on
//   real repositories and a fake GitHub, the hostile corpus through the CLI bundle. Seconds
//   per test. `npm run test:e2e:node22` runs the CLI's files (CLI_E2E) with the CLI on Node 22.
// .ci/run runs both; the self-gate reads both JUnit files.

/** The end-to-end files: each spawns a built bundle (dist/) per test. */
export const E2E = [
  'action.test.ts',
  'action-approvals.test.ts',
  'action-check.test.ts',
  'action-authorship.test.ts',
  'action-change-source.test.ts',
  'action-workflow-run.test.ts',
  'action-start.test.ts',
  'cli.test.ts',
  'cli-dist.test.ts',
  'evidence-attacks.test.ts',
  'evidence-attacks-js.test.ts',
  'draft-run-plays.test.ts',
  'draft-junit-plays.test.ts',
  'indirection-attacks.test.ts',
  'allowlist-attacks.test.ts',
  'gaming-attacks.test.ts',
  'hostile.test.ts',
  'hostile-event-action.test.ts',
  'self-gate.test.ts',
  'replay.test.ts',
  'discriminate.test.ts',
  'setup-e2e.test.ts',
  'setup-real.test.ts',
  'mutation-stryker.test.ts',
  'mutation-workflow-run.test.ts',
  'hook-e2e.test.ts',
  'snapshot-plays.test.ts',
  'conduct-attacks.test.ts',
  'conduct-attacks-node.test.ts',
  'conduct-attacks-vitest.test.ts',
  'doctest-plays.test.ts',
  'issue44-plays.test.ts',
].map((f) => `<rootDir>/__tests__/${f}`);

/** The end-to-end files that run the CLI bundle (under LEDGER_GATE_CLI_NODE, default 24). */
export const CLI_E2E = ['cli.test.ts', 'cli-dist.test.ts', 'hostile.test.ts'];

const shared = {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  resolver: 'ts-jest-resolver',
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // The workflow parser's own JSON import, given its import attribute (see the file).
  moduleNameMapper: {
    '^\\.\\./workflow-v1\\.0\\.min\\.json$':
      '<rootDir>/__tests__/support/workflow-parser-schema.ts',
  },
};

export default {
  testTimeout: 60000,
  // Empties the group's OpenAPI validation counts (__tests__/support/openapi.ts).
  globalSetup: '<rootDir>/__tests__/support/global-setup.mjs',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, ...E2E.map((f) => `^${f}$`)],
    },
    { ...shared, displayName: 'e2e', testMatch: E2E },
  ],
  // The JUnit file is named by the script (JEST_JUNIT_OUTPUT_NAME), one per group.
  reporters: [
    'default',
    ['jest-junit', { outputDirectory: 'build', outputName: 'junit.xml', addFileAttribute: 'true' }],
  ],
};
