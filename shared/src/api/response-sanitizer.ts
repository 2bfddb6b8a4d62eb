// §5: server response strings are stripped of scripts before any caller sees them.
import DOMPurify from 'dompurify';

// Without a DOM (a test or server runtime) DOMPurify cannot parse; dropping every tag is the safe fallback.
const stripTags = (text: string): string => text.replace(/<[^>]*>?/g, '');

/**
 * A string without "<" cannot contain markup, so it is returned untouched: DOMPurify serializes
 * its output as HTML, which would turn "AT&T" into "AT&amp;T" in plain data. Anything with "<"
 * goes through DOMPurify (scripts, event handlers and javascript: URLs removed).
 */
export function sanitizeString(text: string): string {
  if (!text.includes('<')) return text;
  if (!DOMPurify.isSupported) return stripTags(text);
  const clean = DOMPurify.sanitize(text);
  // When DOMPurify removed nothing and only re-escaped entities ("A & <b>B</b>" comes back as
  // "A &amp; <b>B</b>"), keep the original: React renders it as text, so "&amp;" would show.
  return clean === text || decodeEntities(clean) === text ? text : clean;
}

function decodeEntities(html: string): string {
  const area = document.createElement('textarea');
  area.innerHTML = html;
  return area.value;
}

/** Sanitizes every string in a JSON value (objects and arrays walked deeply); keys are left alone. */
export function sanitizeDeep<T>(value: T): T {
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
