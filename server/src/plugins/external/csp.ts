// The Content-Security-Policy the shell and its remotes run under. No 'unsafe-eval': the builds
// must not need it. connect-src allows the site itself, its own WebSocket origin (ws: or wss: to
// this host only, since not every browser lets 'self' cover WebSockets) and the registry's remote
// origins — never a WebSocket to any host. Styles allow 'unsafe-inline' because emotion injects
// <style> elements without a nonce (decision 0022).

/** A host as a Host header may carry it: name or address, optional port; nothing a policy could misread. */
const PLAIN_HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The WebSocket origin of the site (`wss://pasar.example`): from the configured public origin,
 * else from the request as the trusted proxy chain sees it. Undefined for a host that is not a
 * plain name (the policy then relies on 'self').
 */
export function siteSocketOrigin(request: { readonly protocol: string; readonly host: string }, publicOrigin?: string): string | undefined {
  const origin = publicOrigin ? new URL(publicOrigin) : undefined;
  const secure = origin ? origin.protocol === 'https:' : request.protocol === 'https';
  const host = origin ? origin.host : request.host;
  if (!PLAIN_HOST.test(host)) return undefined;
  return `${secure ? 'wss' : 'ws'}://${host.toLowerCase()}`;
}

export function contentSecurityPolicy(remoteOrigins: readonly string[], socketOrigin?: string): string {
  const remotes = remoteOrigins.join(' ');
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': `'self' ${remotes}`,
    'connect-src': `'self' ${socketOrigin ?? ''} ${remotes}`,
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob: https:",
    // blob: lets the identity form preview a selfie video before it is uploaded.
    'media-src': "'self' blob:",
    'font-src': "'self' data:",
    'object-src': "'none'",
    'base-uri': "'self'",
    'frame-ancestors': "'none'",
    'form-action': "'self'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value.trim().replace(/\s+/g, ' ')}`)
    .join('; ');
}
