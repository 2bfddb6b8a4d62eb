// The shell's build: the shared factory's host configuration, plus the files of public/ (manifest,
// icons) copied into dist/ as they are. The factory stays untouched; this only extends its result.
const fs = require('node:fs');
const path = require('node:path');
const { sources } = require('webpack');
const { createWebpackConfig } = require('@pasar/shared/build/webpack');

const PUBLIC_DIR = path.join(__dirname, 'public');
/** HtmlWebpackPlugin renders index.html itself. */
const NOT_COPIED = new Set(['index.html']);

/** Emits every file of public/ (but the HTML template) at the root of the build. */
class CopyPublicFilesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CopyPublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFilesPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const name of fs.readdirSync(PUBLIC_DIR)) {
            if (NOT_COPIED.has(name)) continue;
            const file = path.join(PUBLIC_DIR, name);
            if (!fs.statSync(file).isFile()) continue;
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
  return { ...config, plugins: [...config.plugins, new CopyPublicFilesPlugin()] };
};
