// §5: server response strings are stripped of scripts before any caller sees them.
// DOMPurify (≈ 9 KB gzipped) is loaded only when a response actually carries markup ("<"): most
// responses (prices, books, trades) never do, so it stays out of the first load (decision 0006).
// The API client awaits `prepareSanitizer(body)` before it reads a body, so every string it hands
// out went through DOMPurify whenever it contained "<".
import type { DOMPurify as Purifier } from 'dompurify';

let purifier: Purifier | null = null;
let loading: Promise<Purifier> | null = null;

// Without DOMPurify (no DOM, or its chunk could not be fetched) dropping every tag is the safe fallback.
const stripTags = (text: string): string => text.replace(/<[^>]*>?/g, '');

/** Fetches DOMPurify once (a failed fetch can be retried by the next call). */
export function loadSanitizer(): Promise<void> {
  loading ??= import(/* webpackChunkName: "dompurify" */ 'dompurify').then(
    (module) => {
      purifier = module.default;
      return purifier;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading.then(() => undefined);
}

/** True if any string in a JSON value contains "<" (the only thing the sanitizer changes). */
export function containsMarkup(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('<');
  if (Array.isArray(value)) return value.some(containsMarkup);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsMarkup);
  return false;
}

/**
 * Makes sure DOMPurify is ready if `value` has markup to clean; resolves at once otherwise. Never
 * rejects: if the chunk cannot be fetched, `sanitizeString` strips every tag instead (safe, only
 * less faithful).
 */
export async function prepareSanitizer(value: unknown): Promise<void> {
  if (purifier || !containsMarkup(value)) return;
  await loadSanitizer().catch(() => undefined);
}

/**
 * A string without "<" cannot contain markup, so it is returned untouched: DOMPurify serializes
 * its output as HTML, which would turn "AT&T" into "AT&amp;T" in plain data. Anything with "<"
 * goes through DOMPurify (scripts, event handlers and javascript: URLs removed) once it is loaded
 * (`prepareSanitizer` / `loadSanitizer`); until then every tag is dropped.
 */
export function sanitizeString(text: string): string {
  if (!text.includes('<')) return text;
  if (!purifier || !purifier.isSupported) return stripTags(text);
  const clean = purifier.sanitize(text);
  // When DOMPurify removed nothing and only re-escaped entities ("A & <b>B</b>" comes back as
  // "A &amp; <b>B</b>"), keep the original: React renders it as text, so "&amp;" would show.
  return clean === text || decodeEntities(clean) === text ? text : clean;
}

function decodeEntities(html: string): string {
  const area = document.createElement('textarea');
  area.innerHTML = html;
  return area.value;
}

/**
 * Sanitizes every string in a JSON value (objects and arrays walked deeply); keys are left alone.
 * A value without "<" anywhere is returned as is (nothing to change): a 700-candle response is
 * then read once, not copied.
 */
export function sanitizeDeep<T>(value: T): T {
  if (!containsMarkup(value)) return value;
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return sanitizeString(value);
  if (Array.isArray(value)) return value.map(walk);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = walk(item);
    return out;
  }
  return value;
}
