// Identity verification: the KTP form (NOT_SUBMITTED -> PENDING -> VERIFIED | REJECTED, again
// after REJECTED), the W-8BEN-style declaration for global stocks (gssKycStatus, after KYC), the
// operator's decisions, and the development-only automatic approval sweep.
import { wibDate } from '../../market/calendar/time';
import {
  KYC_MIN_AGE_YEARS,
  adminKycFilePath,
  type AdminKycSubmission,
  type AdminKycDecisionResponse,
  type AdminKycPendingItem,
  type GssDeclaration,
  type KycKind,
  type KycStatus,
  type KycStatusResponse,
  type KycSubmissionFields,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { FileStorage, StoredFileContent } from '../../storage';
import { checkKycUpload, type KycUpload } from './kyc-files';
import { isUuid, type Notify } from './notification-service';
import { StateConflict, UniqueViolation, type AccountRepo, type DecidedSubmission, type KycKindValue } from './repo';

export interface KycServiceDeps {
  readonly repo: AccountRepo;
  readonly storage: FileStorage;
  readonly notify: Notify;
  readonly now?: () => Date;
}

const SUBMITTABLE_FROM = ['NOT_SUBMITTED', 'REJECTED'] as const;

/** Names compare case- and space-insensitively ("Budi  Santoso" = "budi santoso" = "BUDISANTOSO"). */
export const sameName = (a: string, b: string): boolean =>
  a.normalize('NFKC').replace(/\s+/g, '').toLowerCase() === b.normalize('NFKC').replace(/\s+/g, '').toLowerCase();


/** Whole years between a birth date and a day (both YYYY-MM-DD). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function conflictError(current: string | undefined): AppError {
  return new AppError(current === 'VERIFIED' ? '2202' : current === 'PENDING' ? '2201' : '001');
}

const DECISION_TEXT = {
  kyc: {
    VERIFIED: {
      title: { id: 'Identitas terverifikasi', en: 'Identity verified' },
      body: {
        id: 'Verifikasi identitas Anda disetujui. Anda sekarang dapat menambahkan rekening bank dan bertransaksi.',
        en: 'Your identity verification was approved. You can now add a bank account and trade.',
      },
    },
    REJECTED: {
      title: { id: 'Verifikasi identitas ditolak', en: 'Identity verification rejected' },
      body: (reason: string | undefined) => ({
        id: `Verifikasi identitas Anda ditolak${reason ? `: ${reason}` : ''}. Silakan kirim ulang.`,
        en: `Your identity verification was rejected${reason ? `: ${reason}` : ''}. Please submit it again.`,
      }),
    },
  },
  gss: {
    VERIFIED: {
      title: { id: 'Saham AS aktif', en: 'US stocks enabled' },
      body: {
        id: 'Deklarasi W-8BEN Anda disetujui. Anda sekarang dapat berdagang saham AS.',
        en: 'Your W-8BEN declaration was approved. You can now trade US stocks.',
      },
    },
    REJECTED: {
      title: { id: 'Deklarasi saham AS ditolak', en: 'US stock declaration rejected' },
      body: (reason: string | undefined) => ({
        id: `Deklarasi W-8BEN Anda ditolak${reason ? `: ${reason}` : ''}. Silakan kirim ulang.`,
        en: `Your W-8BEN declaration was rejected${reason ? `: ${reason}` : ''}. Please submit it again.`,
      }),
    },
  },
} as const;

export function createKycService(deps: KycServiceDeps) {
  const { repo, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function announce(decided: readonly DecidedSubmission[], reason?: string): Promise<void> {
    for (const d of decided) {
      const text = DECISION_TEXT[d.kind];
      await deps.notify(d.userId, {
        type: 'ACCOUNT',
        title: text[d.status].title,
        body: d.status === 'VERIFIED' ? text.VERIFIED.body : text.REJECTED.body(reason),
      });
    }
  }

  async function userOf(userId: string) {
    const user = await repo.findUser(userId);
    if (!user) throw new AppError('009');
    return user;
  }

  return {
    /**
     * Who a tax report names: the verified identity card's name and NIK (else the latest submitted,
     * else the profile's name), and the person's language.
     */
    async taxIdentityOf(userId: string): Promise<{ name: string; nik: string | null; language: 'id' | 'en' }> {
      const [user, submission] = await Promise.all([repo.findUser(userId), repo.verifiedKyc(userId).then((v) => v ?? repo.latestSubmission(userId, 'kyc'))]);
      return { name: submission?.fullName ?? user?.name ?? '-', nik: submission?.nik ?? null, language: user?.language === 'en' ? 'en' : 'id' };
    },

    /** The birth date of the identity check: the verified one, else the latest submitted. */
    async birthDateOf(userId: string): Promise<string | null> {
      const submission = (await repo.verifiedKyc(userId)) ?? (await repo.latestSubmission(userId, 'kyc'));
      return submission?.birthDate ?? null;
    },

    async status(userId: string): Promise<KycStatusResponse> {
      const user = await userOf(userId);
      const [kyc, gss, verified] = await Promise.all([
        repo.latestSubmission(userId, 'kyc'),
        repo.latestSubmission(userId, 'gss'),
        repo.verifiedKyc(userId),
      ]);
      return {
        status: user.kycStatus as KycStatus,
        rejectionReason: user.kycStatus === 'REJECTED' ? (kyc?.rejectionReason ?? null) : null,
        submittedAt: kyc ? kyc.submittedAt.toISOString() : null,
        reviewedAt: kyc?.reviewedAt ? kyc.reviewedAt.toISOString() : null,
        fullName: verified?.fullName ?? null,
        address: verified?.address ?? null,
        birthDate: verified?.birthDate ?? null,
        gssKycStatus: user.gssKycStatus as KycStatus,
        gssRejectionReason: user.gssKycStatus === 'REJECTED' ? (gss?.rejectionReason ?? null) : null,
        gssSubmittedAt: gss ? gss.submittedAt.toISOString() : null,
        gssReviewedAt: gss?.reviewedAt ? gss.reviewedAt.toISOString() : null,
      };
    },

    /**
     * Checks the form and both files completely before storing anything; stores the files, then
     * records the submission (moving the status to PENDING only from NOT_SUBMITTED or REJECTED).
     */
    async submit(userId: string, fields: KycSubmissionFields, uploads: readonly KycUpload[]): Promise<KycStatusResponse> {
      const user = await userOf(userId);
      if (!SUBMITTABLE_FROM.includes(user.kycStatus as (typeof SUBMITTABLE_FROM)[number])) throw conflictError(user.kycStatus);
      const today = wibDate(now());
      if (fields.birthDate > today || ageOn(fields.birthDate, today) < KYC_MIN_AGE_YEARS) {
        throw new AppError('2205', { details: [{ path: 'birthDate', message: `at least ${KYC_MIN_AGE_YEARS} years old` }] });
      }
      const files = new Map<string, { upload: KycUpload; type: string }>();
      for (const field of ['ktpPhoto', 'selfie'] as const) {
        const upload = uploads.find((u) => u.field === field);
        if (!upload) throw new AppError('002', { details: [{ path: field, message: 'required' }] });
        const checked = checkKycUpload(upload);
        if ('problem' in checked) {
          throw new AppError(checked.problem === 'type' ? '2203' : '2204', { details: [{ path: field, message: checked.problem === 'type' ? 'unsupported file type' : 'file too large' }] });
        }
        files.set(field, { upload, type: checked.type });
      }

      const id = crypto.randomUUID();
      const ktp = files.get('ktpPhoto')!;
      const selfie = files.get('selfie')!;
      const ktpKey = `kyc/${userId}/${id}-ktp`;
      const selfieKey = `kyc/${userId}/${id}-selfie`;
      await storage.put(ktpKey, ktp.upload.data, ktp.type);
      try {
        await storage.put(selfieKey, selfie.upload.data, selfie.type);
        await repo.submitKyc(
          {
            id,
            userId,
            fullName: fields.fullName.replace(/\s+/g, ' '),
            nik: fields.nik,
            birthPlace: fields.birthPlace,
            birthDate: fields.birthDate,
            address: fields.address,
            ktpKey,
            ktpType: ktp.type,
            selfieKey,
            selfieType: selfie.type,
            submittedAt: now(),
          },
          'kyc',
          SUBMITTABLE_FROM,
        );
      } catch (error) {
        await storage.delete(ktpKey).catch(() => undefined);
        await storage.delete(selfieKey).catch(() => undefined);
        if (error instanceof StateConflict) throw conflictError(error.current);
        if (error instanceof UniqueViolation) throw new AppError('2201');
        throw error;
      }
      return this.status(userId);
    },

    async submitGss(userId: string, declaration: GssDeclaration): Promise<KycStatusResponse> {
      const user = await userOf(userId);
      if (user.kycStatus !== 'VERIFIED') throw new AppError('007');
      if (!SUBMITTABLE_FROM.includes(user.gssKycStatus as (typeof SUBMITTABLE_FROM)[number])) throw conflictError(user.gssKycStatus);
      if (!sameName(declaration.signature, declaration.fullLegalName)) {
        throw new AppError('2206', { details: [{ path: 'declaration.signature', message: 'must match fullLegalName' }] });
      }
      const verified = await repo.verifiedKyc(userId);
      if (!verified || !sameName(verified.fullName, declaration.fullLegalName)) {
        throw new AppError('2208', { details: [{ path: 'declaration.fullLegalName', message: 'must match the verified name' }] });
      }
      if (verified.birthDate && verified.birthDate !== declaration.dateOfBirth) {
        throw new AppError('2208', { details: [{ path: 'declaration.dateOfBirth', message: 'must match the verified date of birth' }] });
      }
      const today = wibDate(now());
      const dayMs = 86_400_000;
      const signed = new Date(`${declaration.signedDate}T00:00:00Z`).getTime();
      if (Math.abs(signed - new Date(`${today}T00:00:00Z`).getTime()) > dayMs) {
        throw new AppError('002', { details: [{ path: 'declaration.signedDate', message: 'must be today' }] });
      }
      try {
        await repo.submitKyc(
          {
            id: crypto.randomUUID(),
            userId,
            fullName: declaration.fullLegalName,
            birthDate: declaration.dateOfBirth,
            address: declaration.permanentAddress,
            declaration: { ...declaration, npwp: declaration.npwp || null, certifiedAt: now().toISOString() },
            submittedAt: now(),
          },
          'gss',
          SUBMITTABLE_FROM,
        );
      } catch (error) {
        if (error instanceof StateConflict) throw conflictError(error.current);
        if (error instanceof UniqueViolation) throw new AppError('2201');
        throw error;
      }
      return this.status(userId);
    },

    /** The operator's decision on the user's PENDING submission of that kind. */
    async decide(
      phone: string,
      kind: KycKind,
      decision: { status: 'VERIFIED' | 'REJECTED'; reason?: string; by: string },
    ): Promise<AdminKycDecisionResponse> {
      const user = await repo.findUserByPhone(phone);
      if (!user) throw new AppError('003');
      const decided = await repo.decidePending(
        { userId: user.id, kind: kind as KycKindValue },
        { status: decision.status, ...(decision.reason ? { reason: decision.reason } : {}), by: decision.by, at: now() },
      );
      if (decided.length === 0) throw new AppError('2207');
      await announce(decided, decision.reason);
      return { userId: user.id, phone: user.phone, kind, status: decision.status };
    },

    /** The latest submission of that kind, for the operator's review. */
    async submission(phone: string, kind: KycKind): Promise<AdminKycSubmission> {
      const user = await repo.findUserByPhone(phone);
      if (!user) throw new AppError('003');
      const row = await repo.latestSubmission(user.id, kind as KycKindValue);
      if (!row) throw new AppError('003');
      const files: AdminKycSubmission['files'] = [];
      if (row.ktpKey && row.ktpType) files.push({ field: 'ktpPhoto', contentType: row.ktpType, path: adminKycFilePath(row.id, 'ktpPhoto') });
      if (row.selfieKey && row.selfieType) files.push({ field: 'selfie', contentType: row.selfieType, path: adminKycFilePath(row.id, 'selfie') });
      return {
        id: row.id,
        userId: row.userId,
        phone: user.phone,
        kind: row.kind as KycKind,
        status: row.status as AdminKycSubmission['status'],
        fullName: row.fullName,
        nik: row.nik,
        birthPlace: row.birthPlace,
        birthDate: row.birthDate,
        address: row.address,
        declaration: (row.declaration as Record<string, unknown> | null) ?? null,
        files,
        rejectionReason: row.rejectionReason,
        submittedAt: row.submittedAt.toISOString(),
        reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
        reviewedBy: row.reviewedBy,
      };
    },

    /** A stored identity document, for the operator. */
    async file(submissionId: string, field: 'ktpPhoto' | 'selfie'): Promise<StoredFileContent> {
      const row = isUuid(submissionId) ? await repo.submissionById(submissionId) : null;
      const key = field === 'ktpPhoto' ? row?.ktpKey : row?.selfieKey;
      const file = key ? await storage.get(key) : null;
      if (!file) throw new AppError('003');
      return file;
    },

    async pending(): Promise<{ items: AdminKycPendingItem[] }> {
      const rows = await repo.listPending();
      return {
        items: rows.map((r) => ({
          userId: r.userId,
          phone: r.phone,
          kind: r.kind as KycKind,
          fullName: r.fullName,
          submittedAt: r.submittedAt.toISOString(),
        })),
      };
    },

    /**
     * Development only: approves every PENDING submission older than `delaySeconds`. Safe with
     * several instances: each submission is decided by one conditional update, once.
     */
    async autoApprove(delaySeconds: number): Promise<DecidedSubmission[]> {
      const cutoff = new Date(now().getTime() - delaySeconds * 1000);
      const decided = await repo.decidePending({ submittedBefore: cutoff }, { status: 'VERIFIED', by: 'auto-approval (development)', at: now() });
      await announce(decided);
      return decided;
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
