// Test helpers of the account module: multipart bodies and small files with real magic bytes.
import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  readonly field: string;
  readonly filename: string;
  readonly type: string;
  readonly data: Buffer;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(fields: Record<string, string>, files: readonly MultipartFile[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pasar${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pad = (head: readonly number[], size: number) => Buffer.concat([Buffer.from(head), Buffer.alloc(Math.max(0, size - head.length), 7)]);

export const PNG = (size = 256): Buffer => pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], size);
export const JPEG = (size = 256): Buffer => pad([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46], size);
export const MP4 = (size = 512): Buffer => pad([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d], size);
export const WEBM = (size = 512): Buffer => pad([0x1a, 0x45, 0xdf, 0xa3], size);
export const GIF = (size = 256): Buffer => pad([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], size);

export const VALID_KYC_FIELDS = {
  nik: '3174012304900001',
  fullName: "Budi Santoso-O'Neil",
  birthPlace: 'Jakarta',
  birthDate: '1990-04-23',
  address: 'Jl. Merdeka No. 1, Jakarta Pusat',
} as const;

export const ktpFile = (data: Buffer = JPEG(), type = 'image/jpeg'): MultipartFile => ({ field: 'ktpPhoto', filename: 'ktp.jpg', type, data });
export const selfieFile = (data: Buffer = PNG(), type = 'image/png'): MultipartFile => ({ field: 'selfie', filename: 'selfie.png', type, data });

/** A test file's setup (database, app, sign-ups with a slow PIN hash) on a busy two-core machine. */
export const SETUP_TIMEOUT_MS = 180_000;
