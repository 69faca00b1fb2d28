// Jest with React Native's preset, as React Native libraries test. The component is the built file
// (`dist/react-native.js`, run `npm run build` first), under its public name. That file lives outside
// this package, so what it imports is pointed here: the root's own React would be a second copy, and
// react-native-webview is installed here only (the preset maps react-native itself).
module.exports = {
  preset: '@react-native/jest-preset',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.test.tsx'],
  // React Native's preset mocks Linking once for the whole file: each test starts with no calls.
  clearMocks: true,
  setupFiles: ['<rootDir>/webview-mock.ts'],
  moduleNameMapper: {
    '^onramp-checkout/react-native$': '<rootDir>/../../dist/react-native.js',
    '^react$': '<rootDir>/node_modules/react',
    '^react/(.*)$': '<rootDir>/node_modules/react/$1',
    '^react-native-webview$': '<rootDir>/node_modules/react-native-webview',
  },
};
