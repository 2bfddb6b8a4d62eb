// Generated marks: the symbol's initials on a colour derived from it. No external hosts.
import { hashString } from '../../market/rng';

const escape = (s: string) => s.replace(/[<>&"']/g, '');

export function iconSvg(symbol: string, shortName: string): string {
  const h = hashString(symbol);
  const hue = h % 360;
  const text = escape(shortName.slice(0, shortName.length > 4 ? 3 : 4));
  const size = text.length <= 2 ? 26 : text.length === 3 ? 20 : 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escape(symbol)}"><circle cx="32" cy="32" r="32" fill="hsl(${hue} 62% 42%)"/><text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${text}</text></svg>`;
}
