// The order number input's rules (§5) as pure functions over decimal strings.
// Values never pass through floats: 0.1 + 0.2 must stay 0.3 when money moves.
//
// Three forms of a number appear here:
// - canonical: what onChange gives and `value` takes: `1234.5`, `0.001`, `` (empty). No
//   grouping, `.` as decimal point, no leading zeros, no trailing fraction zeros.
// - draft: canonical plus what a person is half-way through typing: `12.`, `1.50`.
// - display: a draft in the reader's language: `1.234,5` (id), `1,234.5` (en).
import type { Language } from '../contract/enums';
import { getSeparators } from '../format/number-format';

// §9: comma thousands in English, dot thousands otherwise; the same separators the format
// module shows numbers with, so typed and displayed numbers agree.
const separatorsFor = getSeparators;

export const NUMERIC_INPUT_CONFIG = {
  /** Digits allowed before the decimal point; beyond this, typed digits are dropped. */
  maxIntegerDigits: 15,
} as const;

export interface NumericTextOptions {
  language: Language;
  /** Fraction digits allowed; 0 means whole numbers only. */
  precision: number;
  maxIntegerDigits?: number;
}

const CANONICAL = /^\d+(\.\d+)?$/;

export const isCanonicalDecimal = (value: string): boolean => CANONICAL.test(value);

interface ParsedText {
  draft: string;
  /** Fraction digits beyond the precision were cut (§5: truncated, never rounded). */
  cut: boolean;
}

const parseDetailed = (text: string, options: NumericTextOptions): ParsedText => {
  const { decimal } = separatorsFor(options.language);
  const maxIntegerDigits = options.maxIntegerDigits ?? NUMERIC_INPUT_CONFIG.maxIntegerDigits;
  let integer = '';
  let fraction = '';
  let seenDecimal = false;
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      if (seenDecimal) fraction += char;
      else integer += char;
    } else if (char === decimal && !seenDecimal) {
      seenDecimal = true;
    }
  }
  integer = integer.replace(/^0+(?=\d)/, '').slice(0, maxIntegerDigits);
  if (!seenDecimal) return { draft: integer, cut: false };
  const precision = Math.max(0, options.precision);
  // At precision 0 the point stays in the draft (canonically it is nothing): the digits typed
  // after it are cut, so they can never join the whole number ("12500.99" is 12500, not 1250099).
  return { draft: `${integer || '0'}.${fraction.slice(0, precision)}`, cut: seenDecimal && (precision === 0 || fraction.length > precision) };
};

/**
 * Text in the reader's language -> draft. Keeps digits and the language's decimal separator
 * only (so `Rp 1.234.567` and `abc` are handled), keeps the first decimal separator, and
 * truncates the fraction to `precision` digits (never rounds); at precision 0 a decimal
 * separator is kept with no digits after it.
 */
export const parseNumericText = (text: string, options: NumericTextOptions): string => parseDetailed(text, options).draft;

/** Why the input changed what was typed or pasted: digits cut (§5), or a paste it could not read. */
export type NumericNotice = 'cut' | 'unreadable';

export interface NumericReading {
  draft: string;
  notice: NumericNotice | null;
  /** The text the draft was read from, for placing the caret. */
  text: string;
  /** Where the caret goes in `text`; undefined: where the browser put it. */
  caret?: number;
}

const GROUPED = (group: string) => new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`);

/**
 * Plain digits with `.` and `,` in either language's format -> canonical decimal, or null when
 * the text has more than one reading. Both separators: the last one is the decimal point and the
 * other must group by thousands. One separator used more than once: grouping. Used once: a
 * decimal point, except before exactly three digits of a number that could be grouped, where it
 * is grouping in a whole-number field and ambiguous otherwise ("1.234": 1234 or 1.234).
 */
function readSeparators(core: string, precision: number): string | null {
  if (!/^[\d.,]+$/.test(core) || !/\d/.test(core)) return null;
  const dots = core.split('.').length - 1;
  const commas = core.split(',').length - 1;
  if (dots === 0 && commas === 0) return core;
  if (dots > 0 && commas > 0) {
    const at = Math.max(core.lastIndexOf('.'), core.lastIndexOf(','));
    const decimal = core[at]!;
    const group = decimal === '.' ? ',' : '.';
    const integer = core.slice(0, at);
    const fraction = core.slice(at + 1);
    if (integer.includes(decimal) || !GROUPED(group).test(integer)) return null;
    return `${integer.split(group).join('')}.${fraction}`;
  }
  const separator = dots > 0 ? '.' : ',';
  if (dots + commas > 1) return GROUPED(separator).test(core) ? core.split(separator).join('') : null;
  const [integer = '', fraction = ''] = core.split(separator);
  const couldGroup = fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integer);
  if (!couldGroup) return `${integer || '0'}.${fraction}`;
  return precision === 0 ? integer + fraction : null;
}

/** `1.5e3`, `1e-4`: the mantissa's one separator is its decimal point; the exponent shifts it exactly. */
function readScientific(core: string): string | null {
  const match = /^(\d*(?:[.,]\d*)?)[eE]([+-]?\d{1,3})$/.exec(core);
  if (!match || !/\d/.test(match[1]!)) return null;
  const [integer = '', fraction = ''] = match[1]!.split(/[.,]/);
  const shift = Number(match[2]);
  if (Math.abs(shift) > 30) return null;
  const digits = integer + fraction;
  const point = integer.length + shift;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Pasted text -> canonical decimal, read whatever language's format it is in when that can only
 * mean one number; null when it cannot be read for certain (a sign, letters inside, "1.234").
 * Spaces and a currency or unit before or after are ignored.
 */
export function readPastedNumber(text: string, precision: number): string | null {
  const core = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(?:[A-Za-z]{1,5}\$?|\$)/, '')
    .replace(/(?:[A-Za-z]{1,5}|\$)$/, '');
  const read = /[eE]/.test(core) ? readScientific(core) : readSeparators(core, precision);
  return read === null ? null : normalizeDecimal(read);
}

/**
 * The input's text changed from `previous` (what it showed) to `next`: the draft to keep and
 * what to tell the person. One typed character follows the reader's language (a typed group
 * separator where no decimal exists yet is a decimal point); more (a paste, a drop, autofill) is
 * read on its own by `readPastedNumber` and refused, keeping `previous`, when it is ambiguous.
 */
export function readNumericInput(previous: string, next: string, options: NumericTextOptions): NumericReading {
  let start = 0;
  while (start < previous.length && start < next.length && previous[start] === next[start]) start += 1;
  let end = 0;
  while (end < previous.length - start && end < next.length - start && previous[previous.length - 1 - end] === next[next.length - 1 - end]) end += 1;
  const inserted = next.slice(start, next.length - end);
  if (inserted.length <= 1) {
    const text = normalizeTypedSeparator(previous, next, options.language);
    const parsed = parseDetailed(text, options);
    return { draft: parsed.draft, notice: parsed.cut ? 'cut' : null, text };
  }
  const value = readPastedNumber(inserted, options.precision);
  if (value === null) {
    return { draft: parseDetailed(previous, options).draft, notice: 'unreadable', text: previous, caret: start };
  }
  const kept = truncateDecimal(value, Math.max(0, options.precision));
  const cut = compareDecimal(kept, value) !== 0;
  const pasted = formatNumericText(kept, options.language);
  const text = next.slice(0, start) + pasted + next.slice(next.length - end);
  const parsed = parseDetailed(text, options);
  return { draft: parsed.draft, notice: cut || parsed.cut ? 'cut' : null, text, caret: start + pasted.length };
}

/** Draft -> canonical: drops a trailing point, trailing fraction zeros and leading zeros. */
export const normalizeDecimal = (draft: string): string => {
  if (draft === '') return '';
  let [integer, fraction = ''] = draft.split('.');
  integer = integer.replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');
  return fraction ? `${integer}.${fraction}` : integer;
};

/** Draft or canonical -> text in the reader's language, integer part grouped by thousands. */
export const formatNumericText = (draft: string, language: Language): string => {
  if (draft === '') return '';
  const { decimal, group } = separatorsFor(language);
  const [integer, fraction] = draft.split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`;
};

/**
 * Someone typing the group separator where no decimal separator exists yet almost always means
 * a decimal point (an English keyboard in Indonesian, or the reverse): turn it into one.
 * Pasted text (more than one character added) is left alone and parsed strictly.
 */
export const normalizeTypedSeparator = (previous: string, next: string, language: Language): string => {
  const { decimal, group } = separatorsFor(language);
  if (next.length !== previous.length + 1 || previous.includes(decimal)) return next;
  let at = 0;
  while (at < previous.length && previous[at] === next[at]) at += 1;
  if (next[at] !== group || next.slice(0, at) + next.slice(at + 1) !== previous) return next;
  return next.slice(0, at) + decimal + next.slice(at + 1);
};

/**
 * Backspace or Delete on a group separator would be undone by re-grouping, so the key would seem
 * dead: remove the digit beyond the separator instead. Returns null when that is not the case.
 */
export const deleteAcrossGroupSeparator = (
  previous: string,
  next: string,
  language: Language,
  forward: boolean,
): { text: string; caret: number } | null => {
  const { group } = separatorsFor(language);
  if (next.length !== previous.length - 1) return null;
  let at = 0;
  while (at < next.length && previous[at] === next[at]) at += 1;
  if (previous[at] !== group || previous.slice(0, at) + previous.slice(at + 1) !== next) return null;
  if (forward) return at < next.length ? { text: next.slice(0, at) + next.slice(at + 1), caret: at } : null;
  return at > 0 ? { text: next.slice(0, at - 1) + next.slice(at), caret: at - 1 } : null;
};

// --- caret: formatting inserts and removes group separators, so the caret is kept after the
// same count of digits and decimal separators it followed before.

const isSignificant = (char: string, decimal: string): boolean =>
  (char >= '0' && char <= '9') || char === decimal;

export const significantCharsBefore = (text: string, caret: number, language: Language): number => {
  const { decimal } = separatorsFor(language);
  let count = 0;
  for (let i = 0; i < Math.min(caret, text.length); i += 1) if (isSignificant(text[i], decimal)) count += 1;
  return count;
};

export const caretAfterSignificantChars = (text: string, count: number, language: Language): number => {
  if (count <= 0) return 0;
  const { decimal } = separatorsFor(language);
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (isSignificant(text[i], decimal)) seen += 1;
    if (seen === count) return i + 1;
  }
  return text.length;
};

// --- decimal arithmetic on BigInt-scaled integers.

const scaleOf = (value: string): number => value.split('.')[1]?.length ?? 0;

const toScaled = (value: string, scale: number): bigint => {
  const [integer, fraction = ''] = value.split('.');
  return BigInt((integer || '0') + fraction.padEnd(scale, '0').slice(0, scale));
};

const fromScaled = (scaled: bigint, scale: number): string => {
  const digits = scaled.toString().padStart(scale + 1, '0');
  const draft = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return normalizeDecimal(draft);
};

const assertCanonical = (...values: string[]): void => {
  for (const value of values) {
    if (!isCanonicalDecimal(value)) throw new Error(`Not a non-negative decimal string: "${value}"`);
  }
};

/** -1, 0 or 1. */
export const compareDecimal = (a: string, b: string): number => {
  assertCanonical(a, b);
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const diff = toScaled(a, scale) - toScaled(b, scale);
  return diff === 0n ? 0 : diff > 0n ? 1 : -1;
};

export const addDecimal = (a: string, b: string): string => {
  assertCanonical(a, b);
  const scale = Math.max(scaleOf(a), scaleOf(b));
  return fromScaled(toScaled(a, scale) + toScaled(b, scale), scale);
};

/** a - b for a >= b (the input holds no negatives). */
export const subtractDecimal = (a: string, b: string): string => {
  assertCanonical(a, b);
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const diff = toScaled(a, scale) - toScaled(b, scale);
  if (diff < 0n) throw new Error(`${a} - ${b} is negative`);
  return fromScaled(diff, scale);
};

/** Cut (never round) to `precision` fraction digits: 1.239 at 2 -> 1.23. */
export const truncateDecimal = (value: string, precision: number): string => {
  if (value === '') return '';
  const normalized = normalizeDecimal(value);
  assertCanonical(normalized);
  const [integer, fraction = ''] = normalized.split('.');
  return normalizeDecimal(precision > 0 ? `${integer}.${fraction.slice(0, precision)}` : integer);
};

const isPositiveStep = (step: string | undefined): step is string =>
  step !== undefined && step !== '' && isCanonicalDecimal(step) && normalizeDecimal(step) !== '0';

/** Largest multiple of `step` not above `value` (§5: quantity rounded down to the step). */
export const roundDownToStep = (value: string, step: string | undefined): string => {
  if (value === '' || !isPositiveStep(step)) return value;
  assertCanonical(value);
  const scale = Math.max(scaleOf(value), scaleOf(step));
  const scaledStep = toScaled(step, scale);
  return fromScaled((toScaled(value, scale) / scaledStep) * scaledStep, scale);
};

export interface NumericRules {
  precision: number;
  step?: string;
}

/** Both rules of §5 at once: truncate to precision, then round down to the step. */
export const applyNumericRules = (value: string, { precision, step }: NumericRules): string =>
  truncateDecimal(roundDownToStep(truncateDecimal(value, precision), step), precision);

/** The plus button: one step up, landing on a multiple of the step. */
export const stepUp = (value: string, rules: NumericRules & { step: string }): string => {
  if (!isPositiveStep(rules.step)) return value;
  const base = value === '' ? '0' : normalizeDecimal(value);
  return applyNumericRules(addDecimal(base, rules.step), rules);
};

/** Whether the minus button may act: §5 says it does nothing while the value is below the step. */
export const canStepDown = (value: string, step: string | undefined): boolean =>
  value !== '' && isPositiveStep(step) && compareDecimal(normalizeDecimal(value), step) >= 0;

/**
 * The minus button: to the next multiple of the step below the value (2 -> 1 and 2.5 -> 2 for
 * step 1), or the value unchanged when it is below the step.
 */
export const stepDown = (value: string, rules: NumericRules & { step: string }): string => {
  if (!canStepDown(value, rules.step)) return value;
  const current = normalizeDecimal(value);
  const floored = roundDownToStep(current, rules.step);
  const lower = floored === current ? subtractDecimal(current, rules.step) : floored;
  return applyNumericRules(lower, rules);
};
