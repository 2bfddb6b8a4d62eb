// What an uploaded identity document really is, read from its first bytes (magic numbers), never
// from the client's declared type alone; and the rules for which file may go where.
import {
  KYC_IMAGE_TYPES,
  KYC_MAX_IMAGE_BYTES,
  KYC_MAX_VIDEO_BYTES,
  KYC_VIDEO_TYPES,
  isVideoType,
} from '@pasar/shared/contract';

export type KycFileType = (typeof KYC_IMAGE_TYPES)[number] | (typeof KYC_VIDEO_TYPES)[number];

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/** The type the content's magic bytes show, among the types identity documents may have. */
export function sniffKycFileType(data: Buffer): KycFileType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // ISO base media (MP4): a box size, then 'ftyp' at offset 4.
  if (startsWith(data, [0x66, 0x74, 0x79, 0x70], 4)) return 'video/mp4';
  // Matroska/WebM: the EBML header.
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  return null;
}

export interface KycUpload {
  readonly field: 'ktpPhoto' | 'selfie';
  /** The type the client declared (multipart header). */
  readonly declaredType: string;
  readonly data: Buffer;
}

export type KycFileProblem = 'type' | 'size';

/**
 * Checks one upload: the KTP photo must be a JPEG or PNG (≤ 5 MB); the selfie a JPEG/PNG (≤ 5 MB)
 * or a video (§5: its type starts with video/; MP4 or WebM, ≤ 8 MB). The declared type must agree
 * with the content. Returns the real type, or the problem.
 */
export function checkKycUpload(upload: KycUpload): { type: KycFileType } | { problem: KycFileProblem } {
  const declared = upload.declaredType.toLowerCase().split(';')[0]!.trim();
  const sniffed = sniffKycFileType(upload.data);
  const allowed: readonly string[] =
    upload.field === 'selfie' ? [...KYC_IMAGE_TYPES, ...KYC_VIDEO_TYPES] : KYC_IMAGE_TYPES;
  if (!sniffed || !allowed.includes(sniffed) || declared !== sniffed) return { problem: 'type' };
  const max = isVideoType(sniffed) ? KYC_MAX_VIDEO_BYTES : KYC_MAX_IMAGE_BYTES;
  if (upload.data.length > max) return { problem: 'size' };
  return { type: sniffed };
}
