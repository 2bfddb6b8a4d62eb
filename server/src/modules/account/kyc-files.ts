// What an uploaded identity document really is, read from its first bytes (magic numbers), never
// from the client's declared type alone; and the rules for which file may go where.
import {
  KYC_IMAGE_TYPES,
  KYC_MAX_IMAGE_BYTES,
  KYC_MAX_VIDEO_BYTES,
  KYC_VIDEO_TYPES,
  isVideoType,
  sniffKycFileType,
  type KycFileType,
} from '@pasar/shared/contract';

// One reading of the magic bytes for the page (when a file is chosen) and the server.
export { sniffKycFileType, type KycFileType };

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
