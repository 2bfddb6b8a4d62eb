// The Content-Security-Policy the shell and its remotes run under. No 'unsafe-eval': the builds
// must not need it. Styles allow 'unsafe-inline' because emotion injects <style> elements.

export function contentSecurityPolicy(remoteOrigins: readonly string[]): string {
  const remotes = remoteOrigins.join(' ');
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': `'self' ${remotes}`,
    'connect-src': `'self' ws: wss: ${remotes}`,
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
    .map(([name, value]) => `${name} ${value.trim()}`)
    .join('; ');
}
