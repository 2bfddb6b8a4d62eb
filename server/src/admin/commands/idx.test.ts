import type { AdminClient } from '../command';
import command from './idx';

describe('admin idx', () => {
  it('runs the settlement over the admin route and says what moved', async () => {
    const calls: { path: string; body?: unknown }[] = [];
    const client: AdminClient = {
      async get<T>() {
        return {} as T;
      },
      async post<T>(path: string, body?: unknown) {
        calls.push({ path, body });
        return { settled: 2, amount: '1795500', date: '2026-12-02' } as T;
      },
    };
    const lines: string[] = [];
    await command.run(['settle'], client, (l) => lines.push(l));
    expect(calls).toEqual([{ path: '/api/admin/idss/settlement/run', body: {} }]);
    expect(lines).toEqual(['idx settlement 2026-12-02: 2 sale(s) settled, Rp1795500 moved to cash']);
    await expect(command.run(['pay'], client, () => undefined)).rejects.toThrow('admin idx settle');
  });
});
