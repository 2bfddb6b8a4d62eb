import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({}, '/repo');
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      mode: 'development',
      database: { kind: 'pglite', dataDir: path.resolve('/repo/.data/pglite') },
      dataDir: path.resolve('/repo/.data'),
      deployDir: path.resolve('/repo/.deploy'),
      shellDist: path.resolve('/repo/shell/dist'),
      logLevel: 'info',
    });
  });

  it('takes the repository root as two levels above server/src', () => {
    expect(REPO_ROOT).toBe(path.resolve(__dirname, '..', '..'));
    expect(loadConfig({}).shellDist).toBe(path.join(REPO_ROOT, 'shell', 'dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        PASAR_MODE: 'production',
        DATABASE_URL: 'postgres://u@db:5432/pasar',
        DATABASE_SCHEMA: 'pasar_app',
        DATA_DIR: '/var/pasar',
        DEPLOY_DIR: 'deploy',
        SHELL_DIST: '/srv/shell',
        LOG_LEVEL: 'warn',
        PUBLIC_ORIGIN: 'https://pasar.example.id/',
      },
      '/repo',
    );
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      mode: 'production',
      database: { kind: 'postgres', url: 'postgres://u@db:5432/pasar', schema: 'pasar_app' },
      dataDir: path.resolve('/var/pasar'),
      deployDir: path.resolve('/repo/deploy'),
      shellDist: path.resolve('/srv/shell'),
      logLevel: 'warn',
      publicOrigin: 'https://pasar.example.id',
    });
  });

  it('treats an empty DATABASE_URL as unset (PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '  ' }, '/repo').database.kind).toBe('pglite');
  });

  it('keeps PGlite data under DATA_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/data' }, '/repo').database).toEqual({
      kind: 'pglite',
      dataDir: path.resolve('/data/pglite'),
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PASAR_MODE', 'staging'],
    ['DATABASE_URL', 'mysql://db/pasar'],
    ['DATABASE_SCHEMA', 'Robert"); drop'],
    ['LOG_LEVEL', 'verbose'],
    ['PUBLIC_ORIGIN', 'not a url'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toContain(name);
  });
});
