// File storage: where uploaded files (identity documents) are kept. Modules depend on this
// interface only; the default implementation is a private folder (`folder-storage.ts`), and an
// object store can replace it without touching them. Stored files are never served publicly.
import type { Readable } from 'node:stream';

export interface StoredFile {
  readonly key: string;
  readonly contentType: string;
  readonly size: number;
}

export interface StoredFileContent extends StoredFile {
  readonly body: Readable;
}

export interface PutOptions {
  /** Refuse (StorageLimitError, nothing kept) when the content is larger than this. */
  readonly maxBytes?: number;
}

export interface FileStorage {
  /** Stores the content under the key, replacing what was there; all or nothing. */
  put(key: string, content: Buffer | Readable, contentType: string, options?: PutOptions): Promise<StoredFile>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFileContent | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** A key is a relative path of safe segments: `kyc/<user>/<id>-ktp`. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9_.-]{0,127}){0,7}$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..' || segment.endsWith('.meta.json'))) {
    throw new InvalidStorageKeyError(key);
  }
}
