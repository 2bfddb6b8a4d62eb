// The shell's build: the shared factory's host configuration, extended here (the factory stays
// untouched) with the files of public/ (manifest, icons) copied into dist/ and, for `webpack
// serve`, the registry, remotes and API proxied to the Pasar server.
const fs = require('node:fs');
const path = require('node:path');
const { Compilation, sources } = require('webpack');
const { createWebpackConfig } = require('@pasar/shared/build/webpack');

const PUBLIC_DIR = path.join(__dirname, 'public');
/** HtmlWebpackPlugin renders index.html itself. */
const NOT_COPIED = new Set(['index.html']);
/** Where `webpack serve` finds /remotes.json, /remotes/… and /api/… */
const SERVER_ORIGIN = process.env.PASAR_SERVER_ORIGIN || 'http://localhost:3000';

/** Emits every file of public/ (but the HTML template) at the root of the build. */
class CopyPublicFilesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CopyPublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const name of fs.readdirSync(PUBLIC_DIR)) {
            const file = path.join(PUBLIC_DIR, name);
            if (NOT_COPIED.has(name) || !fs.statSync(file).isFile()) continue;
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

const base = createWebpackConfig({ dir: __dirname, kind: 'host', port: 3100, title: 'Pasar' });

module.exports = (env, argv) => {
  const config = base(env, argv);
  return {
    ...config,
    plugins: [...config.plugins, new CopyPublicFilesPlugin()],
    devServer: {
      ...config.devServer,
      proxy: [{ context: ['/api', '/remotes', '/remotes.json'], target: SERVER_ORIGIN }],
    },
  };
};
