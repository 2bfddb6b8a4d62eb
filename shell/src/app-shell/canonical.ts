// Canonical link (§2): site base + locale prefix (none for Indonesian) + current path. A
// mobile-web page is a copy of its desktop page, so its canonical is the desktop address.
import type { Language } from '@pasar/shared';
import { buildPath } from '../routes/locale-path';

export function canonicalUrl(siteBase: string, language: Language, path: string): string {
  const base = siteBase.replace(/\/+$/, '');
  return `${base}${buildPath({ language, mobileWeb: false, path })}`;
}

/** Creates or updates a `<link rel=…>` in the document head. */
export function upsertHeadLink(rel: string, href: string, attributes: Record<string, string> = {}, doc: Document = document): HTMLLinkElement {
  let link = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = doc.createElement('link');
    link.rel = rel;
    doc.head.appendChild(link);
  }
  link.href = href;
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  return link;
}
