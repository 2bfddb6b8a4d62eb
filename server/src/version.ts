import fs from 'node:fs';
import path from 'node:path';

/** The server package's version, reported by /api/health and the OpenAPI document. */
export const SERVER_VERSION: string = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', 'package.json'), 'utf8')) as { version: string }
).version;
