import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createFolderStorage, InvalidStorageKeyError, StorageLimitError, type FileStorage } from '.';

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('folder storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pasar-storage-'));
    storage = createFolderStorage(path.join(root, 'uploads'));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('puts a buffer and gets it back with its content type and size', async () => {
    const stored = await storage.put('kyc/user-1/a-ktp', Buffer.from('hello'), 'image/png');
    expect(stored).toEqual({ key: 'kyc/user-1/a-ktp', contentType: 'image/png', size: 5 });
    const file = await storage.get('kyc/user-1/a-ktp');
    expect(file).toMatchObject({ contentType: 'image/png', size: 5 });
    expect((await readAll(file!.body)).toString()).toBe('hello');
  });

  it('puts a stream, replacing what the key held', async () => {
    await storage.put('a/b', Buffer.from('first'), 'text/plain');
    await storage.put('a/b', Readable.from([Buffer.from('sec'), Buffer.from('ond')]), 'image/jpeg');
    const file = await storage.get('a/b');
    expect(file?.contentType).toBe('image/jpeg');
    expect((await readAll(file!.body)).toString()).toBe('second');
  });

  it('refuses content over maxBytes and keeps nothing, not even a temporary file', async () => {
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(storage.put('big/file', big, 'image/png', { maxBytes: 1000 })).rejects.toBeInstanceOf(StorageLimitError);
    await expect(storage.get('big/file')).resolves.toBeNull();
    await expect(fs.readdir(path.join(root, 'uploads', 'big'))).resolves.toEqual([]);
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    await expect(storage.get('nothing/here')).resolves.toBeNull();
    await storage.put('x/y', Buffer.from('1'), 'image/png');
    await storage.delete('x/y');
    await storage.delete('x/y');
    await expect(storage.get('x/y')).resolves.toBeNull();
  });

  it.each(['../escape', 'a/../../b', '/abs', 'a//b', '', 'a/b.meta.json', 'a\\b'])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('keeps files private to the server user', async () => {
    await storage.put('p/q', Buffer.from('secret'), 'image/png');
    expect((await fs.stat(path.join(root, 'uploads', 'p', 'q'))).mode & 0o077).toBe(0);
  });
});
