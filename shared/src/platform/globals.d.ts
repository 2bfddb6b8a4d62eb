// Build-time constants replaced by webpack's DefinePlugin (see shared/build/webpack.cjs).
declare const process: { env: { PASAR_BUILD_LABEL?: string; NODE_ENV?: string } };
