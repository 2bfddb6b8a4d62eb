import { z } from 'zod';
import { DecimalString, ErrorEnvelope, successEnvelope } from './envelope';
import { RemoteRegistry } from './platform';

describe('response envelope', () => {
  it('accepts a success envelope with typed data and refuses one without status', () => {
    const schema = successEnvelope(z.object({ cashBalance: DecimalString }));
    expect(schema.parse({ status: 'success', data: { cashBalance: '150000' } }).data.cashBalance).toBe('150000');
    expect(schema.safeParse({ data: { cashBalance: '1' } }).success).toBe(false);
  });

  it('requires an error code and message on errors', () => {
    expect(ErrorEnvelope.safeParse({ status: 'error', error_code: '0004', error_message: 'PIN salah' }).success).toBe(true);
    expect(ErrorEnvelope.safeParse({ status: 'error', error_message: 'x' }).success).toBe(false);
  });

  it('carries money only as decimal strings, never numbers', () => {
    expect(DecimalString.safeParse('0.00012345').success).toBe(true);
    expect(DecimalString.safeParse('-12').success).toBe(true);
    expect(DecimalString.safeParse(0.1).success).toBe(false);
    expect(DecimalString.safeParse('1e5').success).toBe(false);
    expect(DecimalString.safeParse('1,000').success).toBe(false);
  });

  it('validates the remote registry', () => {
    const ok = { remotes: { mf_trade: { version: '0.1.0-abc', entry: '/remotes/mf-trade/0.1.0-abc/mf-manifest.json' } }, updatedAt: '2026-11-22T00:00:00Z' };
    expect(RemoteRegistry.parse(ok).remotes.mf_trade.version).toBe('0.1.0-abc');
    expect(RemoteRegistry.safeParse({ remotes: { mf_trade: { version: 1 } } }).success).toBe(false);
  });
});
