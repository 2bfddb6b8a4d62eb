import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy } from './csp';
import { originsOf, RemoteRegistryStore } from './remote-registry-store';

describe('RemoteRegistryStore', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-registry-'));
    file = path.join(dir, 'remotes.json');
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('reads the file once while it does not change', async () => {
    await fs.writeFile(file, JSON.stringify({ remotes: {}, updatedAt: 'now' }));
    const store = new RemoteRegistryStore(file);
    const readFile = jest.spyOn(fs, 'readFile');
    try {
      await store.read();
      await store.read();
      await store.read();
      expect(readFile.mock.calls.filter(([p]) => p === file)).toHaveLength(1);
    } finally {
      readFile.mockRestore();
    }
  });

  it('answers the last read origins without looking at the file, and reads once when never read', async () => {
    const registry = (host: string) => ({ remotes: { mf_trade: { version: '1', entry: `https://${host}/t/mf-manifest.json` } }, updatedAt: 'now' });
    await fs.writeFile(file, JSON.stringify(registry('a.example')));
    const store = new RemoteRegistryStore(file);
    expect(await store.lastRemoteOrigins()).toEqual(['https://a.example']);
    // A publish: the fresh read sees it at once; the last read origins follow that read.
    await fs.writeFile(file, JSON.stringify(registry('bb.example')));
    const stat = jest.spyOn(fs, 'stat');
    try {
      expect(await store.lastRemoteOrigins()).toEqual(['https://a.example']);
      expect(stat.mock.calls.filter(([p]) => p === file)).toHaveLength(0);
    } finally {
      stat.mockRestore();
    }
    expect(await store.remoteOrigins()).toEqual(['https://bb.example']);
    expect(await store.lastRemoteOrigins()).toEqual(['https://bb.example']);
  });

  it('reports an invalid file, with the problem, when it never had a valid one', async () => {
    const warn = jest.fn();
    await fs.writeFile(file, JSON.stringify({ remotes: { mf_trade: { version: 1 } } }));
    const read = await new RemoteRegistryStore(file, { warn }).read();
    expect(read.kind).toBe('invalid');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('originsOf', () => {
  it('lists the distinct origins of absolute entries, ignoring relative ones', () => {
    expect(
      originsOf({
        remotes: {
          a: { version: '1', entry: 'https://cdn.example/a/1/mf-manifest.json' },
          b: { version: '1', entry: 'https://cdn.example:443/b/1/mf-manifest.json' },
          c: { version: '1', entry: 'http://localhost:3001/mf-manifest.json' },
          d: { version: '1', entry: '/remotes/d/1/mf-manifest.json' },
          e: { version: '1', entry: 'javascript:alert(1)' },
        },
        updatedAt: 'now',
      }),
    ).toEqual(['http://localhost:3001', 'https://cdn.example']);
  });
});

describe('contentSecurityPolicy', () => {
  it('is the documented policy with the remote origins in script-src and connect-src', () => {
    expect(contentSecurityPolicy(['https://cdn.example'], 'wss://pasar.example')).toBe(
      "default-src 'self'; script-src 'self' https://cdn.example; connect-src 'self' wss://pasar.example https://cdn.example; " +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; media-src 'self' blob:; font-src 'self' data:; object-src 'none'; " +
        "base-uri 'self'; frame-ancestors 'none'; form-action 'self'",
    );
  });
});
