// The shared map is the contract between the shell and every remote: if an app pins a
// different version of a singleton than @pasar/shared, federation would load two copies.
const fs = require('node:fs');
const path = require('node:path');
const { sharedMap, SINGLETONS, federationName } = require('./webpack.cjs');

const repo = path.resolve(__dirname, '../..');
const apps = ['shell', 'mf-trade', 'mf-portfolio', 'mf-account', 'mf-wallet', 'mf-reports'];
const packageNameOf = (r) => (r.startsWith('@') ? r.split('/').slice(0, 2).join('/') : r.split('/')[0]);

describe('module federation shared map', () => {
  it('declares every runtime singleton the architecture names, and @pasar/shared', () => {
    const map = sharedMap();
    for (const name of ['react', 'react-dom', 'zustand', 'i18next',
      '@emotion/react', 'axios', 'dayjs', '@pasar/shared']) {
      expect({ name, singleton: map[name] && map[name].singleton }).toEqual({ name, singleton: true });
    }
  });

  it('does not share the router on its own: it lives inside the @pasar/shared singleton (decision 0006)', () => {
    const map = sharedMap();
    // A shared module is never tree-shaken; through @pasar/shared only the router APIs it names ship.
    expect(Object.keys(map).filter((name) => /^react-router(-dom)?(\/|$)/.test(name))).toEqual([]);
  });

  it('gives @pasar/shared an explicit semver version, because workspace:* is not semver', () => {
    const map = sharedMap();
    expect(map['@pasar/shared'].version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(map['@pasar/shared'].requiredVersion).toBe(`^${map['@pasar/shared'].version}`);
  });

  it('is pinned to the same versions in every app as in @pasar/shared', () => {
    const shared = JSON.parse(fs.readFileSync(path.join(repo, 'shared/package.json'), 'utf8'));
    const mismatches = [];
    for (const app of apps) {
      const pkg = JSON.parse(fs.readFileSync(path.join(repo, app, 'package.json'), 'utf8'));
      for (const request of SINGLETONS) {
        const name = packageNameOf(request);
        const pinned = pkg.dependencies && pkg.dependencies[name];
        if (pinned && pinned !== shared.dependencies[name]) mismatches.push(`${app}: ${name} ${pinned}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('names federation containers after their folders', () => {
    expect(federationName('mf-trade')).toBe('mf_trade');
  });
});
