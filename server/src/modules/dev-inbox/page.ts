// The /dev/inbox page: server-rendered HTML, every value escaped, no script (the site's CSP).
import type { DevInboxMessage } from '@pasar/shared/contract';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0 auto; max-width: 960px; padding: 16px; }
  h1 { font-size: 1.4rem; }
  form { display: flex; gap: 8px; flex-wrap: wrap; margin-bottom: 16px; }
  input { font: inherit; padding: 6px 8px; min-width: 16rem; }
  button, a.button { font: inherit; padding: 6px 12px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #8884; padding: 8px; text-align: left; vertical-align: top; }
  td.code { font: 700 1.3rem ui-monospace, monospace; letter-spacing: 0.1em; white-space: nowrap; }
  td.body { white-space: pre-wrap; overflow-wrap: anywhere; }
  .note { color: #888; font-size: 0.9rem; }
  @media (max-width: 640px) { thead { display: none; } tr, td { display: block; } td { border: 0; padding: 2px 0; } tr { border-bottom: 1px solid #8884; padding: 8px 0; } }
`;

export function renderInboxPage(messages: readonly DevInboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt.replace('T', ' ').slice(0, 19))} UTC</time></td>
  <td><a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a><br><span class="note">${escapeHtml(m.channel)}</span></td>
  <td class="code">${m.code ? escapeHtml(m.code) : '—'}</td>
  <td class="body"><strong>${escapeHtml(m.subject)}</strong>\n${escapeHtml(m.body)}</td>
</tr>`,
    )
    .join('\n');
  const empty = `<p>${to ? `No messages to <strong>${escapeHtml(to)}</strong> yet.` : 'No messages yet.'} Ask for an OTP, then reload.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="10">
<meta name="robots" content="noindex">
<title>Pasar development inbox</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Development inbox</h1>
<p class="note">Development mode only: SMS and e-mail that Pasar would have sent, newest first. The page reloads every 10 seconds.</p>
<form method="get" action="/dev/inbox">
  <label for="to">Phone or e-mail</label>
  <input id="to" name="to" value="${escapeHtml(to ?? '')}" placeholder="+6281234567890" autocomplete="off">
  <button type="submit">Show</button>
  <a class="button" href="/dev/inbox">All</a>
</form>
${messages.length === 0 ? empty : `<table>
<thead><tr><th>Sent</th><th>To</th><th>Code</th><th>Message</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`}
</body>
</html>
`;
}
