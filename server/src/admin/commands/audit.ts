// `admin audit list`: the operator audit trail (who did what, to what, why, when), newest first.
import { AdminUsageError, optionValue, positionals, type AdminCommand } from '../command';
import { safeText } from '../safe-text';
import { AUDIT_PAGE_MAX, OPERATOR_PATHS, type AuditItem, type AuditPage } from '@pasar/shared/contract';

const USAGE = [
  'usage: pnpm --filter @pasar/server admin audit list [--operator <name>] [--action <action or area>]',
  '                                                    [--since <instant>] [--size <n>] [--before <id>]',
  '',
  '  --action kyc        every kyc action; --action kyc.reject only rejections',
  '  --since             an ISO 8601 instant with its offset, e.g. 2026-11-27T00:00:00+07:00',
  `  --size              entries per page (1-${AUDIT_PAGE_MAX}, default 50); --before <id> for the next page`,
].join('\n');

const line = (item: AuditItem): string =>
  [
    `#${item.id}`,
    item.at,
    safeText(item.operator),
    item.action,
    item.target ? safeText(item.target) : '-',
    item.reason ? `"${safeText(item.reason)}"` : '(no reason)',
    ...(item.outcome === 'done' ? [] : [item.outcome.toUpperCase()]),
  ].join('  ');

const command: AdminCommand = {
  name: 'audit',
  summary: 'the operator audit trail: list (filters: operator, action, since)',
  usage: USAGE,
  async run(args, client, out) {
    const [verb, ...extra] = positionals(args);
    if (verb !== 'list') throw new AdminUsageError(verb ? `unknown verb "${verb}"` : 'a verb is needed');
    if (extra.length > 0) throw new AdminUsageError(`unexpected argument "${extra[0]}"`);
    const query = new URLSearchParams();
    for (const option of ['operator', 'action', 'since', 'size', 'before']) {
      const value = optionValue(args, option);
      if (value !== undefined) query.set(option, value);
    }
    const since = query.get('since');
    if (since !== null && !Number.isFinite(Date.parse(since))) throw new AdminUsageError('--since takes an ISO 8601 instant');
    const page = await client.get<AuditPage>(`${OPERATOR_PATHS.audit}${query.size > 0 ? `?${query}` : ''}`);
    if (page.items.length === 0) out('no audit entries');
    for (const item of page.items) out(line(item));
    if (page.nextBefore !== null) out(`more: --before ${page.nextBefore}`);
  },
};

export default command;
