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

  it('steers a symbol for a while, and clears it', async () => {
    const calls: { path: string; body?: unknown }[] = [];
    const client: AdminClient = {
      async get<T>() {
        return {} as T;
      },
      async post<T>(path: string, body?: unknown) {
        calls.push({ path, body });
        const b = body as { symbol: string; price?: string; clear?: boolean };
        return (b.clear
          ? { symbol: b.symbol, steered: false, price: null, since: null, until: null }
          : { symbol: b.symbol, steered: true, price: b.price, since: '2026-11-22T10:00:00.000Z', until: '2026-11-22T10:02:00.000Z' }) as T;
      },
    };
    const lines: string[] = [];
    await command.run(['steer', 'btc-idr', '--price', '1500000000', '--for', '120', '--reason', 'liquidation drill'], client, (l) => lines.push(l));
    await command.run(['steer', 'ETH-IDR', '--price=60000000', '--reason=demo'], client, (l) => lines.push(l));
    await command.run(['steer', 'BTC-IDR', '--clear'], client, (l) => lines.push(l));
    expect(calls).toEqual([
      { path: '/api/admin/market/steer', body: { symbol: 'BTC-IDR', price: '1500000000', durationSeconds: 120 } },
      { path: '/api/admin/market/steer', body: { symbol: 'ETH-IDR', price: '60000000' } },
      { path: '/api/admin/market/steer', body: { symbol: 'BTC-IDR', clear: true } },
    ]);
    expect(lines).toEqual(['BTC-IDR: steered to 1500000000 until 2026-11-22T10:02:00.000Z', 'ETH-IDR: steered to 60000000 until 2026-11-22T10:02:00.000Z', 'BTC-IDR: not steered']);
  });

  it('refuses a steer without a price, with a bad duration, or mixing --clear and --price', async () => {
    const { client, calls } = fakeClient();
    const run = (args: string[]) => command.run(args, client, () => undefined);
    await expect(run(['steer', 'BTC-IDR'])).rejects.toThrow('--price <positive decimal> or --clear');
    await expect(run(['steer', 'BTC-IDR', '--price', 'abc'])).rejects.toThrow('--price <positive decimal> or --clear');
    await expect(run(['steer', 'BTC-IDR', '--price', '10', '--for', '1.5'])).rejects.toThrow('--for takes whole seconds');
    await expect(run(['steer', 'BTC-IDR', '--price', '10', '--for', '0'])).rejects.toThrow('--for takes whole seconds');
    await expect(run(['steer', 'BTC-IDR', '--clear', '--price', '10'])).rejects.toThrow('--clear takes no --price');
    await expect(run(['steer', 'BTC-IDR', '--price', '10'])).rejects.toThrow('steering a price needs --reason');
    await expect(run(['steer', '--price', '10'])).rejects.toThrow('which symbol?');
    expect(calls).toEqual([]);
  });

  it('refuses a missing symbol or an unknown verb', async () => {
    const { client } = fakeClient();
    await expect(command.run(['halt'], client, () => undefined)).rejects.toThrow('which symbol?');
    await expect(command.run(['pause', 'AAPL'], client, () => undefined)).rejects.toThrow('unknown verb pause');
  });

  it('sets the market clock (running or frozen), shows it and clears it', async () => {
    const calls: { method: string; path: string; body?: unknown }[] = [];
    const wall = { now: '2026-11-25T10:00:00.000Z', set: false, at: null, setAt: null, frozen: false };
    let view: object = wall;
    const client: AdminClient = {
      async get<T>(path: string) {
        calls.push({ method: 'GET', path });
        return view as T;
      },
      async post<T>(path: string, body?: unknown) {
        calls.push({ method: 'POST', path, body });
        const b = body as { at?: string; frozen?: boolean };
        view = b.at
          ? { now: new Date(b.at).toISOString(), set: true, at: new Date(b.at).toISOString(), setAt: wall.now, frozen: b.frozen === true }
          : wall;
        return view as T;
      },
    };
    const lines: string[] = [];
    const run = (args: string[]) => command.run(args, client, (l) => lines.push(l));
    await run(['clock', 'set', '2026-11-27T12:59:00-05:00']);
    await run(['clock', 'set', '2026-11-26T11:00:00-05:00', '--frozen']);
    await run(['clock', 'show']);
    await run(['clock', 'clear']);
    expect(calls).toEqual([
      { method: 'POST', path: '/api/admin/market/clock', body: { at: '2026-11-27T12:59:00-05:00' } },
      { method: 'POST', path: '/api/admin/market/clock', body: { at: '2026-11-26T11:00:00-05:00', frozen: true } },
      { method: 'GET', path: '/api/admin/market/clock' },
      { method: 'POST', path: '/api/admin/market/clock', body: { clear: true } },
    ]);
    expect(lines).toEqual([
      'market clock: 2026-11-27T17:59:00.000Z (set to 2026-11-27T17:59:00.000Z, running)',
      'market clock: 2026-11-26T16:00:00.000Z (set to 2026-11-26T16:00:00.000Z, frozen)',
      'market clock: 2026-11-26T16:00:00.000Z (set to 2026-11-26T16:00:00.000Z, frozen)',
      'market clock: 2026-11-25T10:00:00.000Z (the wall clock)',
    ]);
  });

  it('refuses a clock set without an instant, without an offset, or with stray arguments', async () => {
    const { client, calls } = fakeClient();
    const run = (args: string[]) => command.run(args, client, () => undefined);
    await expect(run(['clock', 'set'])).rejects.toThrow('clock set <instant');
    await expect(run(['clock', 'set', '2026-11-27T12:59:00'])).rejects.toThrow('clock set <instant');
    await expect(run(['clock', 'set', 'tomorrow'])).rejects.toThrow('clock set <instant');
    await expect(run(['clock', 'set', '2026-11-27T12:59:00Z', 'extra'])).rejects.toThrow('unexpected argument extra');
    await expect(run(['clock', 'show', '2026-11-27T12:59:00Z'])).rejects.toThrow('unexpected argument');
    await expect(run(['clock', 'clear', '--frozen'])).rejects.toThrow('--frozen goes with clock set');
    await expect(run(['clock', 'rewind'])).rejects.toThrow('unknown clock verb rewind');
    await expect(run(['clock'])).rejects.toThrow('clock set, show or clear?');
    expect(calls).toEqual([]);
  });
});
