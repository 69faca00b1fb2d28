// React Native's own Babel preset (what Metro uses), for Jest's transform of the tests, the built
// dist/react-native.js and react-native's sources.
module.exports = {
  presets: ['module:@react-native/babel-preset'],
};
