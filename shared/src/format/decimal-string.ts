// Exact arithmetic on decimal strings for display: money and quantities arrive as strings
// ("150000", "0.00012345") and must never be rounded through a float (domain: Numbers and money).

export interface DecimalParts {
  negative: boolean;
  /** Integer digits without leading zeros ("0" for zero). */
  int: string;
  /** Fraction digits, possibly empty. */
  frac: string;
}

export type RoundingMode = 'halfExpand' | 'trunc';

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** At most this many fraction digits for a number (as Intl's en-US with maximumFractionDigits 20). */
const MAX_NUMBER_FRACTION_DIGITS = 20;

/**
 * The shortest decimal that reads back as this double (`String(value)`), written without an
 * exponent. It was `Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 })`,
 * whose creation while the shared kit was evaluated (the first Intl object of the page loads the
 * locale data) was the largest part of the kit's start: about 50 ms of a phone's main thread.
 */
function plainNumber(value: number): string {
  if (Object.is(value, -0)) return '-0';
  const text = String(value);
  const e = text.indexOf('e');
  const point = text.indexOf('.');
  if (e < 0 && (point < 0 || text.length - point - 1 <= MAX_NUMBER_FRACTION_DIGITS)) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e < 0 ? undefined : e);
  const exponent = e < 0 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const at = (dot < 0 ? mantissa.length : dot) + exponent;
  const parts: DecimalParts =
    at <= 0
      ? { negative, int: '0', frac: '0'.repeat(-at) + digits }
      : at >= digits.length
        ? { negative, int: digits + '0'.repeat(at - digits.length), frac: '' }
        : { negative, int: digits.slice(0, at), frac: digits.slice(at) };
  const rounded = roundDecimal(parts, MAX_NUMBER_FRACTION_DIGITS, 'halfExpand');
  return negative && isZeroParts(rounded) ? '-0' : partsToString(rounded);
}

/** A number or decimal string as a plain decimal string; null when it is not a finite number. */
export function toDecimalString(value: string | number): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? plainNumber(value) : null;
  const parts = parseDecimal(value);
  return parts ? partsToString(parts) : null;
}

/** Splits "-0012.340" into its sign, integer and fraction digits; null when not a decimal. */
export function parseDecimal(value: string | number): DecimalParts | null {
  const text = typeof value === 'number' ? toDecimalString(value) : value.trim();
  if (text === null) return null;
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, intDigits = '', fracDigits = ''] = match;
  if (intDigits === '' && fracDigits === '') return null;
  return {
    negative: sign === '-',
    int: intDigits.replace(/^0+(?=\d)/, '') || '0',
    frac: fracDigits,
  };
}

export function isZeroParts(parts: DecimalParts): boolean {
  return /^0*$/.test(parts.int + parts.frac);
}

/** Rounds to at most `maxFractionDigits`, away from zero at half (like Intl) or truncating. */
export function roundDecimal(parts: DecimalParts, maxFractionDigits: number, mode: RoundingMode): DecimalParts {
  if (parts.frac.length <= maxFractionDigits) return parts;
  const kept = parts.frac.slice(0, maxFractionDigits);
  const roundUp = mode === 'halfExpand' && parts.frac.charCodeAt(maxFractionDigits) >= 53; // '5'
  let scaled = BigInt(parts.int + kept);
  if (roundUp) scaled += 1n;
  const digits = scaled.toString().padStart(maxFractionDigits + 1, '0');
  const cut = digits.length - maxFractionDigits;
  return { negative: parts.negative, int: digits.slice(0, cut), frac: digits.slice(cut) };
}

/** Moves the decimal point `places` to the left (divides by 10^places) without a float. */
export function shiftLeft(parts: DecimalParts, places: number): DecimalParts {
  if (places <= 0) return parts;
  const int = parts.int.padStart(places + 1, '0');
  const cut = int.length - places;
  return {
    negative: parts.negative,
    int: int.slice(0, cut).replace(/^0+(?=\d)/, ''),
    frac: int.slice(cut) + parts.frac,
  };
}

export function partsToString(parts: DecimalParts): string {
  const frac = parts.frac.replace(/0+$/, '');
  const body = frac ? `${parts.int}.${frac}` : parts.int;
  return parts.negative && !isZeroParts(parts) ? `-${body}` : body;
}
