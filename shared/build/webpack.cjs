// One webpack configuration for every Pasar app (the shell and each remote), so the
// Module Federation shared map, the loaders and the minifier are declared exactly once.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');

const sharedPkg = require('../package.json');

/**
 * Packages every app shares as runtime singletons; versions come from @pasar/shared.
 * `react-router-dom` is not one of them: the apps use the router through `@pasar/shared`
 * (src/platform/router.ts), so it lives once, inside that singleton, tree-shaken (decision 0006).
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  'i18next',
  '@emotion/react',
  '@emotion/styled',
  'axios',
  'dayjs',
];

function packageNameOf(request) {
  return request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
}

/** The shared map: `{ [module]: { singleton, requiredVersion, version } }`. */
function sharedMap() {
  const map = {};
  for (const request of SINGLETONS) {
    const version = sharedPkg.dependencies[packageNameOf(request)];
    if (!version) throw new Error(`@pasar/shared does not pin ${request}`);
    map[request] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  map['@pasar/shared'] = {
    singleton: true,
    requiredVersion: `^${sharedPkg.version}`,
    version: sharedPkg.version,
  };
  return map;
}

/**
 * `provideExternalRuntime` adds a runtime plugin by the path of its CommonJS build, which pulls in
 * the CommonJS build of the whole federation runtime: a second copy beside the ES module one the
 * host already runs (24 KB gzipped). Its ES module build puts the host's own runtime on the page.
 */
function externalRuntimeProviderAsEsm() {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [enhanced] });
  const esm = cjs.replace(/\.cjs$/, '.js');
  if (!fs.existsSync(esm)) throw new Error(`No ES module build of the external runtime provider beside ${cjs}`);
  return new webpack.NormalModuleReplacementPlugin(new RegExp(`^${escapeRegExp(cjs)}$`), esm);
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Federation name for a folder: `mf-trade` -> `mf_trade`. */
function federationName(folder) {
  return folder.replace(/-/g, '_');
}

/**
 * @param {object} options
 * @param {string} options.dir      the app's folder (use __dirname)
 * @param {'host'|'remote'} options.kind
 * @param {number} options.port     dev-server port
 * @param {string} [options.title]  HTML title
 */
function createWebpackConfig({ dir, kind, port, title = 'Pasar' }) {
  const folder = path.basename(dir);
  const name = federationName(folder);
  const isHost = kind === 'host';
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // One federation runtime per page. The host always puts its runtime on the page for the remotes
    // (its dev server loads the published, production remotes too); a production remote leaves the
    // runtime out and uses the host's. A remote's development build keeps its own runtime, so its
    // standalone page (`webpack serve --mode development`) still runs without the shell.
    const externalRuntime = !isHost && production;
    // An app may bring its own page (the shell does); a remote's standalone page uses the kit's.
    const ownTemplate = path.join(dir, 'public/index.html');
    const template = fs.existsSync(ownTemplate) ? ownTemplate : path.join(__dirname, 'standalone.html');
    // A production remote cannot run without a host (it has no runtime), so it gets no page of its own.
    const standalonePage = !externalRuntime;
    return {
      mode: production ? 'production' : 'development',
      entry: { main: path.join(dir, 'src/index.ts') },
      context: dir,
      // No eval-based source maps: the site runs under a CSP without 'unsafe-eval'.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        // The entry keeps a plain name: the federation runtime cannot template [contenthash] into it.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2020',
                  transform: { react: { runtime: 'automatic', development: !production } },
                },
              },
            },
          },
        ],
      },
      plugins: [
        // A release manager can label a build (PASAR_BUILD_LABEL) to tell versions apart on screen.
        new webpack.DefinePlugin({
          'process.env.PASAR_BUILD_LABEL': JSON.stringify(process.env.PASAR_BUILD_LABEL || ''),
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          ...(isHost ? { remotes: {} } : { exposes: { './Module': './src/module.tsx' } }),
          shared: sharedMap(),
          manifest: true,
          dts: false,
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : externalRuntime ? { externalRuntime: true } : {}),
            // A browser runtime only: its Node loading paths are left out (1.8 KB; decision 0033).
            // Not `disableSnapshot`: the registry names remotes by mf-manifest.json, which needs it.
            optimization: { target: 'web' },
          },
        }),
        ...(isHost ? [externalRuntimeProviderAsEsm()] : []),
        ...(standalonePage
          ? [new HtmlWebpackPlugin({ template, title, publicPath: '/', scriptLoading: 'defer' })]
          : []),
        ...(production ? precompressed() : []),
      ],
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
        splitChunks: {
          cacheGroups: {
            // @emotion/react and @emotion/styled are two shared modules; each chunk of its own
            // carried a copy of the helpers they both use (serialize, hash, unitless, utils):
            // one chunk holds both, one copy of those and what only emotion uses (decision 0033).
            emotion: {
              test: /[\\/]node_modules[\\/]\.pnpm[\\/](@emotion\+|stylis@|hoist-non-react-statics@|react-is@)/,
              name: 'emotion',
              chunks: 'all',
              enforce: true,
            },
          },
        },
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // A standalone remote talks to a running Pasar server (`npm start`), REST and WebSocket alike.
        proxy: [{ context: ['/api', '/dev'], target: process.env.PASAR_API ?? 'http://127.0.0.1:3000', ws: true, changeOrigin: true }],
      },
    };
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies beside each text file of a production build, made
 * once at build time, so the server sends them as they are instead of compressing every response
 * (issue 17). They are part of the build, so a release's content hash covers them. Files under
 * 1 KB, and files that shrink by less than 20 %, get no copy; source maps get none either.
 */
function precompressed() {
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test,
      threshold: 1024,
      minRatio: 0.8,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test, threshold: 1024, minRatio: 0.8, compressionOptions: { level: 9 } }),
  ];
}

module.exports = { createWebpackConfig, sharedMap, federationName, SINGLETONS };
