import type { Cashout } from '@pasar/shared/contract';
import type { AdminClient } from '../command';
import command from './cashout';

const ID = '7b0c7a52-4a43-4d0e-9a34-2f1f1c0f6a11';

function fakeClient(pending: (Cashout & { phone: string })[] = []) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const cashout = (status: Cashout['status']): Cashout => ({
    id: ID,
    amount: '5000000',
    fee: '2500',
    amountReceived: '4997500',
    status,
    bankAccount: { id: 'b', bankCode: '014', bankName: 'BCA', maskedAccountNumber: '•••• 7890', holderName: 'Budi Santoso' },
    autoApproved: false,
    rejectionReason: status === 'REJECTED' ? 'blocked' : null,
    createdAt: '2026-11-22T03:00:00.000Z',
    decidedAt: status === 'PENDING_REVIEW' ? null : '2026-11-22T04:00:00.000Z',
  });
  const client: AdminClient = {
    async get<T>(path: string) {
      calls.push({ method: 'GET', path });
      return { items: pending } as T;
    },
    async post<T>(path: string, body?: unknown) {
      calls.push({ method: 'POST', path, body });
      return cashout(path.endsWith('/approve') ? 'PAID' : 'REJECTED') as T;
    },
  };
  return { client, calls, cashout };
}

describe('admin cashout', () => {
  it('lists, approves and rejects over the admin routes', async () => {
    const { client, calls, cashout } = fakeClient();
    const lines: string[] = [];
    await command.run(['list'], client, (l) => lines.push(l));
    await command.run(['approve', ID], client, (l) => lines.push(l));
    await command.run(['reject', ID, '--reason', 'Rekening diblokir'], client, (l) => lines.push(l));
    expect(calls).toEqual([
      { method: 'GET', path: '/api/admin/cashout/pending' },
      { method: 'POST', path: '/api/admin/cashout/approve', body: { id: ID } },
      { method: 'POST', path: '/api/admin/cashout/reject', body: { id: ID, reason: 'Rekening diblokir' } },
    ]);
    expect(lines[0]).toBe('no cashouts waiting');
    expect(lines[1]).toBe(`${ID}  PAID            Rp5000000 (fee 2500)  BCA •••• 7890  Budi Santoso`);
    expect(lines[2]).toMatch(/REJECTED .* \(Rekening diblokir\)$/);

    const listed: string[] = [];
    await command.run(['list'], fakeClient([{ ...cashout('PENDING_REVIEW'), phone: '+6281234567890' }]).client, (l) => listed.push(l));
    expect(listed).toEqual([`${ID}  PENDING_REVIEW  Rp5000000 (fee 2500)  BCA •••• 7890  Budi Santoso  +6281234567890  2026-11-22T03:00:00.000Z`]);
  });

  it('refuses a missing id or reason, an unknown verb and extra arguments, calling nothing', async () => {
    const { client, calls } = fakeClient();
    await expect(command.run(['approve'], client, () => undefined)).rejects.toThrow('approve needs a cashout id');
    await expect(command.run(['reject', ID], client, () => undefined)).rejects.toThrow('reject needs --reason');
    await expect(command.run(['pay', ID], client, () => undefined)).rejects.toThrow('unknown verb "pay"');
    await expect(command.run(['approve', ID, 'extra'], client, () => undefined)).rejects.toThrow('unexpected argument "extra"');
    expect(calls).toEqual([]);
  });
});
