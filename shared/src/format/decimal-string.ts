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

// en-US without grouping gives the shortest exact decimal of a double, never an exponent. It is made
// on first need: creating the page's first Intl object loads locale data (tens of milliseconds of
// a phone's main thread while the shared kit was evaluated), and most numbers never need it.
let plainNumberFormat: Intl.NumberFormat | undefined;

/** A number as Intl's en-US writes it without grouping and with at most 20 fraction digits. */
function plainNumber(value: number): string {
  const text = String(value);
  // Number's own shortest decimal is the same text when it has no exponent and fits the digits.
  if (!/e|\.\d{21}/.test(text) && !Object.is(value, -0)) return text;
  plainNumberFormat ??= new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  return plainNumberFormat.format(value);
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
