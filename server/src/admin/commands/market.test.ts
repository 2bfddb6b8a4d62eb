import type { AdminClient } from '../command';
import command from './market';

function fakeClient() {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const halt = { symbol: 'BTC-IDR', halted: true, reason: { title: 'Maintenance', description: 'Wallet upgrade' }, haltedAt: '2026-11-22T10:00:00.000Z' };
  const client: AdminClient = {
    async get<T>(path: string) {
      calls.push({ method: 'GET', path });
      return { items: [halt] } as T;
    },
    async post<T>(path: string, body?: unknown) {
      calls.push({ method: 'POST', path, body });
      return (path.endsWith('/halt') ? halt : { symbol: 'BTC-IDR', halted: false, reason: null, haltedAt: null }) as T;
    },
  };
  return { client, calls };
}

describe('admin market', () => {
  it('halts with a reason, resumes and lists over the admin routes', async () => {
    const { client, calls } = fakeClient();
    const lines: string[] = [];
    await command.run(['halt', 'btc-idr', '--reason', 'Maintenance', '--description', 'Wallet upgrade'], client, (l) => lines.push(l));
    await command.run(['resume', 'BTC-IDR'], client, (l) => lines.push(l));
    await command.run(['halts'], client, (l) => lines.push(l));
    expect(calls).toEqual([
      { method: 'POST', path: '/api/admin/market/halt', body: { symbol: 'BTC-IDR', reason: { title: 'Maintenance', description: 'Wallet upgrade' } } },
      { method: 'POST', path: '/api/admin/market/resume', body: { symbol: 'BTC-IDR' } },
      { method: 'GET', path: '/api/admin/market/halts' },
    ]);
    expect(lines[0]).toMatch(/BTC-IDR: HALTED since .* Maintenance/);
    expect(lines[1]).toBe('BTC-IDR: trading');
  });

  it('refuses a missing symbol or an unknown verb', async () => {
    const { client } = fakeClient();
    await expect(command.run(['halt'], client, () => undefined)).rejects.toThrow('which symbol?');
    await expect(command.run(['pause', 'AAPL'], client, () => undefined)).rejects.toThrow('unknown verb pause');
  });
});
