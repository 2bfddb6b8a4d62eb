// Test helpers of the charts module: a multipart save with a fresh x-request-id, and a content file.
import { randomUUID } from 'node:crypto';
import type { PasarApp } from '../../app';
import type { TestUser } from '../../testing/auth-fixture';
import { multipart, type MultipartFile } from '../account/test-support';

/** The `content` file part of a save. */
export const contentFile = (data: Buffer | string, type = 'application/json'): MultipartFile => ({
  field: 'content',
  filename: 'chart.json',
  type,
  data: Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'),
});

/** POST /api/charts as multipart: the text fields and the files given. */
export function saveChart(app: PasarApp, user: TestUser | null, fields: Record<string, string>, files: readonly MultipartFile[], requestId: string = randomUUID()) {
  const body = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/charts',
    payload: body.payload,
    headers: { ...(user ? user.headers : {}), ...body.headers, 'x-request-id': requestId },
  });
}
