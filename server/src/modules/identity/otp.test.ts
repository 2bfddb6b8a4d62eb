// The OTP service on a real database with a clock the test moves.
import type { OutgoingMessage } from '../../messages/provider';
import { createTestApp, type TestApp } from '../../testing/app-fixture';
import { createOtpService, OTP_MAX_TRIES } from './otp';
import { createRateLimiter, RateLimitError } from './rate-limit';
import { deriveKey } from './secrets';

describe('OTP service', () => {
  let t: TestApp;
  let clock: number;
  let sent: OutgoingMessage[];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let phoneSeq = 0;
  const nextPhone = () => `+62811000${String((phoneSeq += 1)).padStart(5, '0')}`;
  const make = () => {
    clock = Date.parse('2026-11-22T08:00:00Z') + phoneSeq * 86_400_000;
    sent = [];
    const now = () => new Date(clock);
    return createOtpService({
      db: t.app.database.db,
      messages: { send: async (message) => void sent.push(message) },
      rateLimiter: createRateLimiter({ db: t.app.database.db, now }),
      key: deriveKey('test-secret', 'otp'),
      now,
    });
  };
  const lastCode = () => sent[sent.length - 1]?.code as string;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const failure = (promise: Promise<unknown>) => promise.then(() => 'ok', (e: { code?: string }) => e.code);

  it('sends a 6-digit code by the channel, in the asked language', async () => {
    const otp = make();
    const phone = nextPhone();
    const issued = await otp.issue('signup', phone, 'sms', { language: 'en' });
    expect(issued).toEqual({ destination: phone, expiresInSeconds: 300, resendInSeconds: 60 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: phone, channel: 'sms', code: expect.stringMatching(/^\d{6}$/) });
    expect(sent[0].body).toContain(sent[0].code);
    expect(sent[0].body).toContain('5 minutes');
  });

  it('expires after 5 minutes: 10002', async () => {
    const otp = make();
    const phone = nextPhone();
    await otp.issue('login', phone, 'sms');
    const code = lastCode();
    clock += 300_000;
    expect(await failure(otp.verify('login', phone, code))).toBe('10002');
  });

  it('works just before it expires, once: a second use is 10002', async () => {
    const otp = make();
    const phone = nextPhone();
    await otp.issue('login', phone, 'sms');
    const code = lastCode();
    clock += 299_000;
    expect(await failure(otp.verify('login', phone, code))).toBe('ok');
    expect(await failure(otp.verify('login', phone, code))).toBe('10002');
  });

  it('answers 10002 when none was requested, 10001 for a wrong code', async () => {
    const otp = make();
    const phone = nextPhone();
    expect(await failure(otp.verify('signup', phone, '123456'))).toBe('10002');
    await otp.issue('signup', phone, 'sms');
    expect(await failure(otp.verify('signup', phone, wrong(lastCode())))).toBe('10001');
    // A code is for one purpose only.
    expect(await failure(otp.verify('login', phone, lastCode()))).toBe('10002');
    expect(await failure(otp.verify('signup', phone, lastCode()))).toBe('ok');
  });

  it(`spends a code after ${OTP_MAX_TRIES} wrong tries`, async () => {
    const otp = make();
    const phone = nextPhone();
    await otp.issue('signup', phone, 'sms');
    const code = lastCode();
    for (let i = 0; i < OTP_MAX_TRIES; i += 1) expect(await failure(otp.verify('signup', phone, wrong(code)))).toBe('10001');
    expect(await failure(otp.verify('signup', phone, code))).toBe('10002');
  });

  it('allows a new code only after 60 seconds (1143 with retry-after), and only the newest counts', async () => {
    const otp = make();
    const phone = nextPhone();
    await otp.issue('signup', phone, 'sms');
    const first = lastCode();
    clock += 45_000;
    const early = await otp.issue('signup', phone, 'sms').catch((e: unknown) => e);
    expect(early).toBeInstanceOf(RateLimitError);
    expect(early).toMatchObject({ code: '1143', httpStatus: 429, retryAfterSeconds: 15 });
    expect(sent).toHaveLength(1);
    clock += 15_000;
    await otp.issue('signup', phone, 'sms');
    const second = lastCode();
    expect(sent).toHaveLength(2);
    if (first !== second) expect(await failure(otp.verify('signup', phone, first))).toBe('10001');
    expect(await failure(otp.verify('signup', phone, second))).toBe('ok');
  });

  it('limits requests per phone to 5 per 15 minutes (1143), and the window ends', async () => {
    const otp = make();
    const phone = nextPhone();
    clock = Math.ceil(clock / 900_000) * 900_000; // the start of a window
    for (let i = 0; i < 5; i += 1) {
      await otp.issue('login', phone, 'sms', { ip: `10.0.0.${i}` });
      clock += 61_000;
    }
    const over = await otp.issue('login', phone, 'sms', { ip: '10.0.0.9' }).catch((e: unknown) => e);
    expect(over).toMatchObject({ code: '1143', retryAfterSeconds: 900 - 5 * 61 });
    clock += (900 - 5 * 61) * 1000;
    await expect(otp.issue('login', phone, 'sms', { ip: '10.0.0.9' })).resolves.toMatchObject({ destination: phone });
  });

  it('limits checks per phone to 10 per 15 minutes (1144)', async () => {
    const otp = make();
    const phone = nextPhone();
    await otp.issue('login', phone, 'sms');
    const codes: unknown[] = [];
    for (let i = 0; i < 11; i += 1) codes.push(await failure(otp.verify('login', phone, '000000', { ip: `10.1.0.${i}` })));
    expect(codes.slice(0, 10).every((c) => c === '10001' || c === '10002')).toBe(true);
    expect(codes[10]).toBe('1144');
  });
});
