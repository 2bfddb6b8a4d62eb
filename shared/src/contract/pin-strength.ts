// The PIN strength rule, one for the server (which enforces it on register, update and reset)
// and the client (which shows it as the person types): no run of consecutive digits up or down,
// no single repeated digit, and not the person's birth date once the identity check knows it.

/** The catalogue code of a PIN that is too easy to guess. */
export const WEAK_PIN_CODE = '2004';

export type WeakPinReason = 'sequence' | 'repeat' | 'birth-date';

/** Each step of the PIN is the same difference mod 10: +1 (123456, 890123) or −1 (654321, 210987). */
function isSequence(pin: string): boolean {
  for (const step of [1, 9]) {
    let run = true;
    for (let i = 1; i < pin.length && run; i += 1) run = (Number(pin[i - 1]) + step) % 10 === Number(pin[i]);
    if (run) return true;
  }
  return false;
}

/**
 * The six-digit forms a birth date (YYYY-MM-DD) is usually typed in: DDMMYY, YYMMDD, MMDDYY, and
 * D M YYYY without zeros when that fits six digits (5 March 1990: 531990).
 */
export function birthDatePins(birthDate: string): string[] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return [];
  const [, yyyy, mm, dd] = match as unknown as [string, string, string, string];
  const yy = yyyy.slice(2);
  const forms = [dd + mm + yy, yy + mm + dd, mm + dd + yy, String(Number(dd)) + String(Number(mm)) + yyyy];
  return forms.filter((form) => form.length === 6);
}

/** Why a six-digit PIN is too easy to guess, or null when it is not. */
export function weakPin(pin: string, birthDate?: string | null): WeakPinReason | null {
  if (/^(\d)\1*$/.test(pin)) return 'repeat';
  if (isSequence(pin)) return 'sequence';
  if (birthDate && birthDatePins(birthDate).includes(pin)) return 'birth-date';
  return null;
}
