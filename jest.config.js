// Tests are compiled by `tsc -b` first; jest runs the emitted ES modules as they are.
const common = {
  testEnvironment: 'node',
  transform: {},
  moduleFileExtensions: ['js', 'json'],
};

export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/services/*/dist/test/**/*.spec.js', '<rootDir>/services/*/dist/src/**/*.spec.js'],
      testPathIgnorePatterns: ['/node_modules/', '\\.int-spec\\.js$'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/services/*/dist/test/**/*.int-spec.js'],
    },
  ],
};
