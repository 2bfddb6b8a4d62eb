module.exports = require('./build/jest.cjs').createJestConfig(__dirname);
