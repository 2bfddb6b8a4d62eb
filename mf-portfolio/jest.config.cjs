module.exports = require('@pasar/shared/build/jest').createJestConfig(__dirname);
