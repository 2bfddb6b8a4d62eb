import { loadConfig } from '../../config';
import { AdminUsageError, type AdminClient } from '../../admin/command';
import kycCommand from '../../admin/commands/kyc';
import userCommand from '../../admin/commands/user';
import { sweepIntervalMs, unverifiedSubject } from '.';
import { checkKycUpload, sniffKycFileType } from './kyc-files';
import { wibDate } from '../../market/calendar/time';
import { ageOn, sameName } from './kyc-service';
import { salesforceIdentifier, salesforceWebInfo } from './web-info';
import { GIF, JPEG, MP4, PNG, WEBM } from './test-support';

describe('KYC files', () => {
  it('tells the type from the magic bytes', () => {
    expect(sniffKycFileType(JPEG())).toBe('image/jpeg');
    expect(sniffKycFileType(PNG())).toBe('image/png');
    expect(sniffKycFileType(MP4())).toBe('video/mp4');
    expect(sniffKycFileType(WEBM())).toBe('video/webm');
    expect(sniffKycFileType(GIF())).toBeNull();
    expect(sniffKycFileType(Buffer.alloc(0))).toBeNull();
    expect(sniffKycFileType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('checks declared type, real type, field and size together', () => {
    expect(checkKycUpload({ field: 'ktpPhoto', declaredType: 'image/jpeg', data: JPEG() })).toEqual({ type: 'image/jpeg' });
    expect(checkKycUpload({ field: 'ktpPhoto', declaredType: 'IMAGE/PNG; charset=binary', data: PNG() })).toEqual({ type: 'image/png' });
    expect(checkKycUpload({ field: 'ktpPhoto', declaredType: 'video/mp4', data: MP4() })).toEqual({ problem: 'type' });
    expect(checkKycUpload({ field: 'selfie', declaredType: 'video/mp4', data: MP4() })).toEqual({ type: 'video/mp4' });
    expect(checkKycUpload({ field: 'selfie', declaredType: 'image/png', data: JPEG() })).toEqual({ problem: 'type' });
    expect(checkKycUpload({ field: 'selfie', declaredType: 'image/png', data: PNG(5 * 1024 * 1024) })).toEqual({ type: 'image/png' });
    expect(checkKycUpload({ field: 'selfie', declaredType: 'image/png', data: PNG(5 * 1024 * 1024 + 1) })).toEqual({ problem: 'size' });
    expect(checkKycUpload({ field: 'selfie', declaredType: 'video/webm', data: WEBM(8 * 1024 * 1024) })).toEqual({ type: 'video/webm' });
    expect(checkKycUpload({ field: 'selfie', declaredType: 'video/webm', data: WEBM(8 * 1024 * 1024 + 1) })).toEqual({ problem: 'size' });
  });
});

describe('KYC rules', () => {
  it('computes whole years of age', () => {
    expect(ageOn('2008-05-10', '2025-05-09')).toBe(16);
    expect(ageOn('2008-05-10', '2025-05-10')).toBe(17);
    expect(ageOn('2008-02-29', '2025-02-28')).toBe(16);
    expect(ageOn('2008-02-29', '2025-03-01')).toBe(17);
  });

  it('takes today in Jakarta time (UTC+7)', () => {
    expect(wibDate(new Date('2026-11-22T16:59:00Z'))).toBe('2026-11-22');
    expect(wibDate(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
  });

  it('compares names case- and space-insensitively', () => {
    expect(sameName('Budi  Santoso', 'BUDI SANTOSO')).toBe(true);
    expect(sameName('Budi Santoso', 'budisantoso')).toBe(true);
    expect(sameName('Budi Santoso', 'Budi Santosa')).toBe(false);
  });
});

describe('account wiring helpers', () => {
  const jwt = (payload: object) => `Bearer e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
  it('reads the subject of a bearer token only when it is a UUID', () => {
    expect(unverifiedSubject(jwt({ sub: '6f1c2b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }))).toBe('6f1c2b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(unverifiedSubject(jwt({ sub: "x' or 1=1" }))).toBeNull();
    expect(unverifiedSubject('Bearer not-a-jwt')).toBeNull();
    expect(unverifiedSubject('Bearer a.%%%.c')).toBeNull();
    expect(unverifiedSubject(undefined)).toBeNull();
  });

  it('sweeps often enough for short delays, at most every 5 seconds', () => {
    expect(sweepIntervalMs(0)).toBe(500);
    expect(sweepIntervalMs(1)).toBe(500);
    expect(sweepIntervalMs(20)).toBe(5000);
    expect(sweepIntervalMs(3600)).toBe(5000);
  });

  it('reads the account settings: auto-approval in development only, 20 s by default', () => {
    expect(loadConfig({}, '/repo').account).toEqual({
      kycAutoApproveSeconds: 20,
      telegramBotUsername: 'PasarNotifBot',
      uploadsDir: '/repo/.data/uploads',
    });
    expect(loadConfig({ KYC_AUTO_APPROVE_SECONDS: 'off' }, '/repo').account.kycAutoApproveSeconds).toBeNull();
    expect(loadConfig({ KYC_AUTO_APPROVE_SECONDS: '5' }, '/repo').account.kycAutoApproveSeconds).toBe(5);
    expect(() => loadConfig({ KYC_AUTO_APPROVE_SECONDS: 'soon' }, '/repo')).toThrow(/KYC_AUTO_APPROVE_SECONDS/);
    expect(() => loadConfig({ TELEGRAM_WEBHOOK_SECRET: 'short' }, '/repo')).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    const production = loadConfig(
      {
        PASAR_MODE: 'production',
        KYC_AUTO_APPROVE_SECONDS: '5',
        JWT_SECRET: 'j'.repeat(40),
        MESSAGE_PROVIDER_URL: 'https://sms.example.com',
        MESSAGE_PROVIDER_KEY: 'k',
        SALESFORCE_LOGIN_URL: 'https://login.example.com',
        UPLOADS_DIR: '/srv/uploads',
      },
      '/repo',
    );
    expect(production.account).toMatchObject({ kycAutoApproveSeconds: null, salesforceLoginUrl: 'https://login.example.com', uploadsDir: '/srv/uploads' });
  });

  it('derives a stable opaque Salesforce identifier per user and key', () => {
    const a = salesforceIdentifier('k'.repeat(32), 'user-1');
    expect(a).toBe(salesforceIdentifier('k'.repeat(32), 'user-1'));
    expect(a).not.toBe(salesforceIdentifier('k'.repeat(32), 'user-2'));
    expect(a).not.toBe(salesforceIdentifier('j'.repeat(32), 'user-1'));
    expect(salesforceWebInfo('k'.repeat(32), undefined, 'user-1')).toEqual({ salesforceIdentifier: a, loginUrl: null });
  });
});

describe('admin commands', () => {
  const client = (answers: Record<string, unknown>, calls: unknown[][]): AdminClient => ({
    get: async <T>(path: string) => (calls.push(['GET', path]), answers[path] as T),
    post: async <T>(path: string, body?: unknown) => (calls.push(['POST', path, body]), answers[path] as T),
  });

  it('sends approve and reject with the kind, and lists pending submissions', async () => {
    const calls: unknown[][] = [];
    const out: string[] = [];
    const c = client(
      {
        '/api/admin/kyc/approve': { userId: 'u', phone: '+628123456789', kind: 'gss', status: 'VERIFIED' },
        '/api/admin/kyc/reject': { userId: 'u', phone: '+628123456789', kind: 'kyc', status: 'REJECTED' },
        '/api/admin/kyc/pending': { items: [] },
      },
      calls,
    );
    await kycCommand.run(['approve', '08123456789', '--gss'], c, (l) => out.push(l));
    await kycCommand.run(['reject', '08123456789', '--reason', 'blurry photo'], c, (l) => out.push(l));
    await kycCommand.run(['list'], c, (l) => out.push(l));
    expect(calls).toEqual([
      ['POST', '/api/admin/kyc/approve', { phone: '08123456789', kind: 'gss' }],
      ['POST', '/api/admin/kyc/reject', { phone: '08123456789', kind: 'kyc', reason: 'blurry photo' }],
      ['GET', '/api/admin/kyc/pending'],
    ]);
    expect(out).toEqual(['+628123456789: US-stock declaration VERIFIED', '+628123456789: identity REJECTED (blurry photo)', 'no submissions waiting']);
  });

  it.each([[[]], [['approve']], [['reject', '0812']], [['approve', '0812', 'extra']], [['list', '0812']], [['nope']]])(
    'refuses the usage %j',
    async (args) => {
      await expect(kycCommand.run(args, client({}, []), () => undefined)).rejects.toBeInstanceOf(AdminUsageError);
    },
  );

  it('tags users', async () => {
    const calls: unknown[][] = [];
    await userCommand.run(['tag', '0812', 'pro_user'], client({ '/api/admin/user/tag': { phone: '+62812', tags: ['PRO_USER'] } }, calls), () => undefined);
    expect(calls).toEqual([['POST', '/api/admin/user/tag', { phone: '0812', tag: 'PRO_USER' }]]);
    await expect(userCommand.run(['tag', '0812'], client({}, []), () => undefined)).rejects.toBeInstanceOf(AdminUsageError);
  });
});
