// ESM + ts-jest, as in actions/typescript-action. Run with NODE_OPTIONS=--experimental-vm-modules.
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  resolver: 'ts-jest-resolver',
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testMatch: ['**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 60000,
  reporters: [
    'default',
    ['jest-junit', { outputDirectory: 'build', outputName: 'junit.xml', addFileAttribute: 'true' }],
  ],
};
