const { createWebpackConfig } = require('@pasar/shared/build/webpack');

module.exports = createWebpackConfig({ dir: __dirname, kind: 'host', port: 3100, title: 'Pasar' });
