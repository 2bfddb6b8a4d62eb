// FileStorage in a folder (default `<dataDir>/uploads`): one file per key plus a small
// `<file>.meta.json` with its content type. Writes go to a temporary file renamed into place, so a
// reader never sees half a file and a failed or oversized upload leaves nothing behind.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, StorageLimitError, type FileStorage, type StoredFile } from './storage';

interface Meta {
  readonly contentType: string;
  readonly size: number;
}

export function createFolderStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  const metaOf = (file: string) => `${file}.meta.json`;

  return {
    async put(key, content, contentType, options = {}) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      let size = 0;
      const limit = options.maxBytes;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (limit !== undefined && size > limit) done(new StorageLimitError(limit));
          else done(null, chunk);
        },
      });
      const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
      try {
        await pipeline(source, counter, createWriteStream(temp, { mode: 0o600 }));
        const meta: Meta = { contentType, size };
        await fs.writeFile(metaOf(file), JSON.stringify(meta), { mode: 0o600 });
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      const stored: StoredFile = { key, contentType, size };
      return stored;
    },

    async get(key) {
      const file = fileOf(key);
      let meta: Meta;
      try {
        await fs.access(file);
        meta = JSON.parse(await fs.readFile(metaOf(file), 'utf8')) as Meta;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return { key, contentType: meta.contentType, size: meta.size, body: createReadStream(file) };
    },

    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      await fs.rm(metaOf(file), { force: true });
    },
  };
}
