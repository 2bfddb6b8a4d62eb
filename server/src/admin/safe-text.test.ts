// Whatever a command prints from user data reaches the operator's terminal as visible text: no
// control character of any kind, and one record field never spills onto a line of its own.
import { CONTROL_CHARACTERS } from '@pasar/shared/contract';
import { runAdminCli } from './admin-cli';
import type { AdminClient } from './command';
import { ADMIN_COMMANDS } from './commands';
import { safeText } from './safe-text';

/** Every C0 control, DEL, every C1 control and the bidirectional controls. */
const EVERY_CONTROL = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
].map((code) => String.fromCharCode(code));

const hasControl = (text: string) => new RegExp(CONTROL_CHARACTERS.source).test(text);

describe('the operator CLI renders user data safely', () => {
  it('escapes every control character visibly and keeps other text', () => {
    for (const char of EVERY_CONTROL) {
      const shown = safeText(`a${char}b`);
      expect(hasControl(shown)).toBe(false);
      expect(shown).toMatch(/^a\\(x[0-9a-f]{2}|u[0-9a-f]{4}|[nrt])b$/);
    }
    expect(safeText('\x1b[2J\x1b]0;owned\x07')).toBe('\\x1b[2J\\x1b]0;owned\\x07');
    expect(safeText('Jl. Sudirman No. 1, Jakarta — Budi Santoso 山田')).toBe('Jl. Sudirman No. 1, Jakarta — Budi Santoso 山田');
  });

  it('prints a KYC record with hostile fields as single, control-free lines', async () => {
    const hostile = `Budi${EVERY_CONTROL.join('')}\nNIK: 0000000000000000 approved`;
    const submission = {
      phone: '+6281234567890',
      kind: 'kyc',
      status: 'PENDING',
      submittedAt: '2026-11-27T00:00:00.000Z',
      reviewedAt: null,
      reviewedBy: null,
      fullName: hostile,
      nik: '3171234567890001',
      birthPlace: hostile,
      birthDate: '1990-01-01',
      address: hostile,
      declaration: { permanentAddress: hostile },
      rejectionReason: hostile,
      files: [],
    };
    const client: AdminClient = {
      get: async <T>() => submission as T,
      post: async () => {
        throw new Error(`refused: ${hostile}`);
      },
    };
    const out: string[] = [];
    const err: string[] = [];
    const deps = { env: {}, out: (l: string) => out.push(l), err: (l: string) => err.push(l), commands: ADMIN_COMMANDS, client };
    await expect(runAdminCli(['kyc', 'show', '+6281234567890'], deps)).resolves.toBe(0);
    expect(out.length).toBeGreaterThan(4);
    for (const line of out) expect(hasControl(line)).toBe(false);
    expect(out.find((line) => line.includes('name:'))).toContain('Budi\\x00\\x01');
    await expect(runAdminCli(['kyc', 'approve', '+6281234567890'], deps)).resolves.toBe(1);
    expect(hasControl(err.at(-1) ?? '\n')).toBe(false);
  });
});
