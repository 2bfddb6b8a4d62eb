// `admin kyc …`: the operator's review of identity verification (KYC) and of the US-stock
// declaration (--gss), over the account module's /api/admin/kyc routes.
import {
  ACCOUNT_PATHS,
  type AdminKycDecisionResponse,
  type AdminKycPendingResponse,
  type AdminKycSubmission,
} from '@pasar/shared/contract';
import { AdminUsageError, hasFlag, optionValue, positionals, type AdminCommand } from '../command';

const USAGE = [
  'usage: pnpm --filter @pasar/server admin kyc <verb> …',
  '',
  '  admin kyc list                                   submissions waiting for a decision',
  '  admin kyc show <phone> [--gss]                   the latest submission: data and document links',
  '  admin kyc approve <phone> [--gss]                approve the identity check (--gss: the US-stock declaration)',
  '  admin kyc reject <phone> --reason "…" [--gss]    reject it; the user sees the reason and may submit again',
].join('\n');

const command: AdminCommand = {
  name: 'kyc',
  summary: 'review identity verification: list, approve, reject (--gss for US stocks)',
  usage: USAGE,
  async run(args, client, out) {
    const [verb, phone, ...extra] = positionals(args, ['gss']);
    const kind = hasFlag(args, 'gss') ? 'gss' : 'kyc';
    if (verb === 'list') {
      if (phone) throw new AdminUsageError('list takes no phone');
      const { items } = await client.get<AdminKycPendingResponse>(ACCOUNT_PATHS.adminKycPending);
      if (items.length === 0) {
        out('no submissions waiting');
        return;
      }
      for (const item of items) {
        out(`${item.phone}  ${item.kind.toUpperCase().padEnd(3)}  ${item.submittedAt}  ${item.fullName}`);
      }
      return;
    }
    if (verb === 'show') {
      if (!phone) throw new AdminUsageError('show needs a phone number');
      const query = new URLSearchParams({ phone, kind });
      const s = await client.get<AdminKycSubmission>(`${ACCOUNT_PATHS.adminKycSubmission}?${query.toString()}`);
      out(`${s.phone}  ${s.kind.toUpperCase()}  ${s.status}  submitted ${s.submittedAt}${s.reviewedAt ? `, reviewed ${s.reviewedAt} by ${s.reviewedBy ?? '?'}` : ''}`);
      out(`  name:        ${s.fullName}`);
      if (s.nik) out(`  NIK:         ${s.nik}`);
      if (s.birthDate) out(`  born:        ${s.birthPlace ? `${s.birthPlace}, ` : ''}${s.birthDate}`);
      if (s.address) out(`  address:     ${s.address}`);
      if (s.declaration) out(`  declaration: ${JSON.stringify(s.declaration)}`);
      if (s.rejectionReason) out(`  rejected:    ${s.rejectionReason}`);
      for (const f of s.files) out(`  ${f.field.padEnd(12)} ${f.contentType}  GET ${f.path} (header x-admin-token)`);
      return;
    }
    if (verb !== 'approve' && verb !== 'reject') throw new AdminUsageError(verb ? `unknown verb "${verb}"` : 'a verb is needed');
    if (!phone) throw new AdminUsageError(`${verb} needs a phone number`);
    if (extra.length > 0) throw new AdminUsageError(`unexpected argument "${extra[0]}"`);
    if (verb === 'approve') {
      const result = await client.post<AdminKycDecisionResponse>(ACCOUNT_PATHS.adminKycApprove, { phone, kind });
      out(`${result.phone}: ${result.kind === 'gss' ? 'US-stock declaration' : 'identity'} ${result.status}`);
      return;
    }
    const reason = optionValue(args, 'reason')?.trim();
    if (!reason) throw new AdminUsageError('reject needs --reason "…"');
    const result = await client.post<AdminKycDecisionResponse>(ACCOUNT_PATHS.adminKycReject, { phone, kind, reason });
    out(`${result.phone}: ${result.kind === 'gss' ? 'US-stock declaration' : 'identity'} ${result.status} (${reason})`);
  },
};

export default command;
