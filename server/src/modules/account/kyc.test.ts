import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ACCOUNT_PATHS,
  ErrorEnvelope,
  KycStatusResponse,
  NotificationPage,
  successEnvelope,
  type GssDeclaration,
} from '@pasar/shared/contract';
import type { AdminClient } from '../../admin/command';
import kycCommand from '../../admin/commands/kyc';
import userCommand from '../../admin/commands/user';
import type { PasarApp } from '../../app';
import { createFolderStorage } from '../../storage';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { PRODUCTION_TEST_ENV, signUpTestUser, type TestUser } from '../../testing/auth-fixture';
import { wibDate } from '../../market/calendar/time';
import { createKycService } from './kyc-service';
import { createAccountRepo } from './repo';
import { GIF, JPEG, MP4, PNG, VALID_KYC_FIELDS, WEBM, ktpFile, multipart, selfieFile, type MultipartFile, SETUP_TIMEOUT_MS } from './test-support';

/** An AdminClient over app.inject, as the CLI's HTTP client behaves (data out, error message thrown). */
function injectClient(app: PasarApp): AdminClient {
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      headers: { 'x-admin-token': app.adminToken, 'x-language-code': 'en' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const body = response.json() as { status: string; data?: T; error_code?: string; error_message?: string };
    if (body.status !== 'success') throw new Error(`${body.error_message} (${body.error_code})`);
    return body.data as T;
  };
  return { get: (url) => call('GET', url), post: (url, body) => call('POST', url, body) };
}

describe('identity verification (KYC)', () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let uploads: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_AUTO_APPROVE_SECONDS: 'off' } });
    uploads = t.config.account.uploadsDir;
    user = await signUpTestUser(t.app, { name: 'Budi' });
    other = await signUpTestUser(t.app, { name: 'Sari' });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const submit = (fields: Record<string, string>, files: readonly MultipartFile[], u: TestUser = user) => {
    const body = multipart(fields, files);
    return t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...u.headers, ...body.headers, 'x-language-code': 'en' }, remoteAddress: u.ip });
  };
  const status = async (u: TestUser = user) =>
    successEnvelope(KycStatusResponse).strict().parse((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.kyc, headers: u.headers })).json()).data;
  const errorOf = (response: { json(): unknown }) => ErrorEnvelope.parse(response.json());
  const storedFiles = async (): Promise<string[]> => {
    const out: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else out.push(path.relative(uploads, full));
      }
    };
    await walk(uploads);
    return out.sort();
  };
  const admin = injectClient;
  const run = async (command: typeof kycCommand, args: string[]) => {
    const out: string[] = [];
    await command.run(args, admin(t.app), (line) => out.push(line));
    return out;
  };
  const notifications = async (u: TestUser = user) =>
    successEnvelope(NotificationPage).parse((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.notifications, headers: u.headers })).json()).data;

  it('starts NOT_SUBMITTED', async () => {
    expect(await status()).toEqual({
      status: 'NOT_SUBMITTED',
      rejectionReason: null,
      submittedAt: null,
      reviewedAt: null,
      fullName: null,
      address: null,
      birthDate: null,
      gssKycStatus: 'NOT_SUBMITTED',
      gssRejectionReason: null,
      gssSubmittedAt: null,
      gssReviewedAt: null,
    });
  });

  describe('bad input changes nothing and stores nothing', () => {
    it.each([
      ['a 15-digit NIK', { nik: '317401230490000' }, 'nik'],
      ['letters in the NIK', { nik: '31740123049000AB' }, 'nik'],
      ['digits in the name', { fullName: 'Budi 2' }, 'fullName'],
      ['markup in the name', { fullName: '<b>Budi</b>' }, 'fullName'],
      ['an impossible birth date', { birthDate: '1990-02-30' }, 'birthDate'],
      ['a missing address', { address: '' }, 'address'],
    ])('refuses %s with 002 on that field', async (_what, change, field) => {
      const response = await submit({ ...VALID_KYC_FIELDS, ...change }, [ktpFile(), selfieFile()]);
      expect(response.statusCode).toBe(400);
      const body = errorOf(response);
      expect(body.error_code).toBe('002');
      expect(body.details?.map((d) => d.path)).toContain(field);
      expect((await status()).status).toBe('NOT_SUBMITTED');
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses a user younger than 17 (2205)', async () => {
      const today = wibDate(new Date());
      const sixteen = `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`;
      const tooYoung = new Date(Date.parse(`${sixteen}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const response = await submit({ ...VALID_KYC_FIELDS, birthDate: tooYoung }, [ktpFile(), selfieFile()]);
      expect(errorOf(response).error_code).toBe('2205');
      expect(await storedFiles()).toEqual([]);
    });

    it.each([
      ['a GIF declared as PNG', ktpFile(GIF(), 'image/png'), selfieFile()],
      ['a PNG declared as JPEG', ktpFile(PNG(), 'image/jpeg'), selfieFile()],
      ['text declared as JPEG', ktpFile(Buffer.from('hello, not an image at all'), 'image/jpeg'), selfieFile()],
      ['a video as the KTP photo', ktpFile(MP4(), 'video/mp4'), selfieFile()],
      ['a selfie video with PNG bytes', ktpFile(), selfieFile(PNG(), 'video/mp4')],
    ])('refuses %s by its magic bytes (2203)', async (_what, ktp, selfie) => {
      const response = await submit(VALID_KYC_FIELDS, [ktp, selfie]);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error_code).toBe('2203');
      expect((await status()).status).toBe('NOT_SUBMITTED');
      expect(await storedFiles()).toEqual([]);
    });

    it('refuses a 10 MB upload with 413 (2204) and a clear message', async () => {
      const response = await submit(VALID_KYC_FIELDS, [ktpFile(JPEG(10 * 1024 * 1024)), selfieFile()]);
      expect(response.statusCode).toBe(413);
      expect(errorOf(response)).toMatchObject({ error_code: '2204', error_message: 'File too large: photos up to 5 MB, videos up to 8 MB' });
      expect(await storedFiles()).toEqual([]);
      expect((await status()).status).toBe('NOT_SUBMITTED');
    });

    it('refuses a 6 MB photo (images up to 5 MB) but not a 6 MB selfie video', async () => {
      const photo = await submit(VALID_KYC_FIELDS, [ktpFile(), selfieFile(PNG(6 * 1024 * 1024))]);
      expect(errorOf(photo).error_code).toBe('2204');
      expect(await storedFiles()).toEqual([]);
    });

    it('requires both files', async () => {
      const response = await submit(VALID_KYC_FIELDS, [ktpFile()]);
      expect(errorOf(response)).toMatchObject({ error_code: '002', details: [{ path: 'selfie' }] });
    });

    it('refuses a JSON body', async () => {
      const response = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: VALID_KYC_FIELDS, headers: user.headers });
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).error_code).toBe('005');
    });
  });

  describe('submission and the operator’s review', () => {
    it('accepts a KTP photo and a 6 MB selfie video; PENDING; the files are stored privately', async () => {
      const response = await submit(VALID_KYC_FIELDS, [ktpFile(), selfieFile(MP4(6 * 1024 * 1024), 'video/mp4')]);
      expect(response.statusCode).toBe(200);
      const data = successEnvelope(KycStatusResponse).parse(response.json()).data;
      expect(data).toMatchObject({ status: 'PENDING', submittedAt: expect.any(String), reviewedAt: null });
      const files = await storedFiles();
      expect(files.filter((f) => !f.endsWith('.meta.json'))).toEqual([
        expect.stringMatching(new RegExp(`^kyc/${user.userId}/[0-9a-f-]+-ktp$`)),
        expect.stringMatching(new RegExp(`^kyc/${user.userId}/[0-9a-f-]+-selfie$`)),
      ]);
      const storage = createFolderStorage(uploads);
      const selfieKey = files.find((f) => f.endsWith('-selfie'))!;
      expect(await storage.get(selfieKey)).toMatchObject({ contentType: 'video/mp4', size: 6 * 1024 * 1024 });
      // Not served by the web server.
      const web = await t.app.inject({ method: 'GET', url: `/uploads/${selfieKey}` });
      expect(web.body).not.toContain('ftypisom');
    });

    it('shows the operator the submission and serves its documents to the operator only', async () => {
      const lines = await run(kycCommand, ['show', user.phone]);
      expect(lines[0]).toMatch(new RegExp(`^\\${user.phone}  KYC  PENDING  submitted `));
      expect(lines).toEqual(expect.arrayContaining(['  NIK:         3174012304900001', "  name:        Budi Santoso-O'Neil", '  born:        Jakarta, 1990-04-23']));
      const selfieLine = lines.find((l) => l.includes('selfie'))!;
      const url = /GET (\S+)/.exec(selfieLine)![1]!;
      expect(selfieLine).toContain('video/mp4');
      const file = await t.app.inject({ method: 'GET', url, headers: { 'x-admin-token': t.app.adminToken } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('video/mp4');
      expect(file.rawPayload.length).toBe(6 * 1024 * 1024);
      expect(file.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
      for (const headers of [{}, user.headers]) {
        expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401);
      }
      const missing = await t.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{8}-/, '00000000-'), headers: { 'x-admin-token': t.app.adminToken } });
      expect(missing.statusCode).toBe(404);
      await expect(run(kycCommand, ['show', other.phone])).rejects.toThrow(/003/);
    });

    it('refuses a second submission while PENDING (2201)', async () => {
      const response = await submit(VALID_KYC_FIELDS, [ktpFile(), selfieFile()]);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).error_code).toBe('2201');
    });

    it('lists pending submissions for the operator; refuses without the token', async () => {
      expect(await run(kycCommand, ['list'])).toEqual([expect.stringMatching(new RegExp(`^\\${user.phone}\\s+KYC\\s+.*Budi Santoso-O'Neil$`))]);
      const refused = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.adminKycPending, headers: user.headers });
      expect(refused.statusCode).toBe(401);
      const approveRefused = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminKycApprove, payload: { phone: user.phone }, headers: user.headers });
      expect(approveRefused.statusCode).toBe(401);
      expect((await status()).status).toBe('PENDING');
    });

    it('rejects with a reason (the CLI needs one); the user sees it and may submit again', async () => {
      await expect(run(kycCommand, ['reject', user.phone])).rejects.toThrow(/--reason/);
      const missing = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.adminKycReject, payload: { phone: user.phone }, headers: { 'x-admin-token': t.app.adminToken } });
      expect(errorOf(missing).error_code).toBe('002');
      expect(await run(kycCommand, ['reject', user.phone, '--reason', 'KTP photo is blurry'])).toEqual([`${user.phone}: identity REJECTED (KTP photo is blurry)`]);
      expect(await status()).toMatchObject({ status: 'REJECTED', rejectionReason: 'KTP photo is blurry', reviewedAt: expect.any(String) });
      const page = await notifications();
      expect(page.items[0]).toMatchObject({ type: 'ACCOUNT', title: 'Verifikasi identitas ditolak', body: expect.stringContaining('KTP photo is blurry') });

      const again = await submit(VALID_KYC_FIELDS, [ktpFile(), selfieFile(WEBM(), 'video/webm')]);
      expect(again.statusCode).toBe(200);
      expect(await status()).toMatchObject({ status: 'PENDING', rejectionReason: null });
    });

    it('approves through the command; approval notifies the user; a second approval finds nothing (2207)', async () => {
      expect(await run(kycCommand, ['approve', user.phone.replace('+62', '0')])).toEqual([`${user.phone}: identity VERIFIED`]);
      expect(await status()).toMatchObject({ status: 'VERIFIED', fullName: "Budi Santoso-O'Neil", reviewedAt: expect.any(String) });
      // The US-stock declaration starts from the verified address and birth date, not only the name.
      expect(await status()).toMatchObject({ address: VALID_KYC_FIELDS.address, birthDate: VALID_KYC_FIELDS.birthDate });
      const page = await notifications();
      expect(page.items[0]).toMatchObject({ type: 'ACCOUNT', title: 'Identitas terverifikasi', readAt: null });
      await expect(run(kycCommand, ['approve', user.phone])).rejects.toThrow(/2207/);
      const resubmit = await submit(VALID_KYC_FIELDS, [ktpFile(), selfieFile()]);
      expect(errorOf(resubmit).error_code).toBe('2202');
      await expect(run(kycCommand, ['approve', '0811'])).rejects.toThrow(/002/);
      await expect(run(kycCommand, ['frobnicate'])).rejects.toThrow(/unknown verb/);
    });

    it('tags a user through the user command', async () => {
      expect(await run(userCommand, ['tag', user.phone, 'pro_user'])).toEqual([`${user.phone}: tags PRO_USER`]);
      expect(await run(userCommand, ['tag', user.phone, 'PRO_USER', '--remove'])).toEqual([`${user.phone}: tags (none)`]);
    });
  });

  describe('US-stock declaration (gssKycStatus)', () => {
    const declaration = (change: Partial<Record<keyof GssDeclaration, unknown>> = {}) => ({
      declaration: {
        fullLegalName: "Budi Santoso-O'Neil",
        countryOfCitizenship: 'ID',
        permanentAddress: 'Jl. Merdeka No. 1, Jakarta Pusat',
        dateOfBirth: '1990-04-23',
        npwp: '09.254.294.3-407.000',
        notUsPerson: true,
        treatyCountry: 'ID',
        signature: "budi santoso-o'neil",
        signedDate: wibDate(new Date()),
        ...change,
      },
    });
    const gss = (payload: object, u: TestUser = user) =>
      t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kycGss, payload, headers: u.headers });

    it('needs a verified identity first (007)', async () => {
      const response = await gss(declaration(), other);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).error_code).toBe('007');
      expect((await status(other)).gssKycStatus).toBe('NOT_SUBMITTED');
    });

    it.each([
      ['a US person', { notUsPerson: false }, '002'],
      ['US citizenship', { countryOfCitizenship: 'US' }, '002'],
      ['another treaty country', { treatyCountry: 'SG' }, '002'],
      ['a malformed NPWP', { npwp: '1234' }, '002'],
      ['a signature that is not the name', { signature: 'B. Santoso' }, '2206'],
      ['another name than the verified one', { fullLegalName: 'Andi Wijaya', signature: 'Andi Wijaya' }, '2208'],
      ['another birth date than the verified one', { dateOfBirth: '1991-01-01' }, '2208'],
      ['a signing date in the past', { signedDate: '2020-01-01' }, '002'],
    ])('refuses %s (%s… code %s)', async (_what, change, code) => {
      const response = await gss(declaration(change));
      expect(errorOf(response).error_code).toBe(code);
      expect((await status()).gssKycStatus).toBe('NOT_SUBMITTED');
    });

    it('accepts the declaration (PENDING), then the operator approves with --gss', async () => {
      const response = await gss(declaration());
      expect(response.statusCode).toBe(200);
      expect(successEnvelope(KycStatusResponse).parse(response.json()).data).toMatchObject({ status: 'VERIFIED', gssKycStatus: 'PENDING' });
      expect(errorOf(await gss(declaration())).error_code).toBe('2201');
      expect(await run(kycCommand, ['approve', user.phone, '--gss'])).toEqual([`${user.phone}: US-stock declaration VERIFIED`]);
      expect(await status()).toMatchObject({ gssKycStatus: 'VERIFIED', gssReviewedAt: expect.any(String) });
      expect((await notifications()).items[0]).toMatchObject({ title: 'Saham AS aktif' });
    });
  });

  describe('development auto-approval', () => {
    it('approves each PENDING submission exactly once even when two instances sweep at once', async () => {
      const body = multipart(VALID_KYC_FIELDS, [ktpFile(), selfieFile()]);
      const response = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...other.headers, ...body.headers } });
      expect(response.statusCode).toBe(200);
      const repo = createAccountRepo(t.testDatabase.database.db, t.app.identity.userRecords);
      const notified: string[] = [];
      const later = () => new Date(Date.now() + 60_000);
      const make = () =>
        createKycService({ repo, storage: createFolderStorage(uploads), notify: async (userId) => (notified.push(userId), null), now: later });
      const [a, b] = await Promise.all([make().autoApprove(20), make().autoApprove(20)]);
      expect(a.length + b.length).toBe(1);
      expect(notified).toEqual([other.userId]);
      expect((await status(other)).status).toBe('VERIFIED');
    });

    it('leaves young submissions alone, never sweeps in production, and sweeps on its own in development', async () => {
      const repo = createAccountRepo(t.testDatabase.database.db, t.app.identity.userRecords);
      const third = await signUpTestUser(t.app);
      const body = multipart(VALID_KYC_FIELDS, [ktpFile(), selfieFile()]);
      await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.kyc, payload: body.payload, headers: { ...third.headers, ...body.headers } });
      const service = createKycService({ repo, storage: createFolderStorage(uploads), notify: async () => null });
      await expect(service.autoApprove(20)).resolves.toEqual([]);
      expect((await status(third)).status).toBe('PENDING');

      // Production never auto-approves, whatever the setting.
      await t.sibling({ ...PRODUCTION_TEST_ENV, KYC_AUTO_APPROVE_SECONDS: '1' });
      await new Promise((r) => setTimeout(r, 2500));
      expect((await status(third)).status).toBe('PENDING');

      // A development app started with a 1-second delay approves it by itself.
      await t.sibling({ KYC_AUTO_APPROVE_SECONDS: '1' });
      const deadline = Date.now() + 30_000;
      while ((await status(third)).status === 'PENDING' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect((await status(third)).status).toBe('VERIFIED');
      expect((await notifications(third)).items[0]).toMatchObject({ type: 'ACCOUNT', title: 'Identitas terverifikasi' });
    });
  });
});
