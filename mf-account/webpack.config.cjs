const { createWebpackConfig } = require('@pasar/shared/build/webpack');

module.exports = createWebpackConfig({ dir: __dirname, kind: 'remote', port: 3103, title: 'Pasar · Account' });
