// Top-up: the channels and their forms, creating a top-up with payment instructions, and the
// payment gateway's confirmation, which credits the user's IDR cash once through the ledger.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type {
  CreateTopUpRequest,
  InputVariables,
  TopUp,
  TopUpChannel,
  TopUpMethod,
  TopUpWebhookBody,
  TopUpWebhookResponse,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import type { Ledger, TransferLeg } from '../../ledger/api';
import type { Notify } from '../account/notification-service';
import { CHANNELS, channelSpec, paymentSteps, presetAmounts, rupiahText, toMethod, newPaymentCode, type ChannelSpec } from './channels';
import { CASH, decimalText, isUuid } from './money';
import type { WalletPeople } from './people';
import { createWalletRepo, UniqueViolation, type TopUpRow, type WalletRepo } from './repo';

export interface TopUpServiceDeps {
  readonly repo: WalletRepo;
  /** The identity module's users (`app.identity`). */
  readonly people: Pick<WalletPeople, 'userFacts'>;
  readonly ledger: Ledger;
  readonly notify: Notify;
  readonly disabledChannels: readonly TopUpChannel[];
  /** Development mode: the simulate-payment route exists. */
  readonly canSimulate: boolean;
  readonly now?: () => Date;
  readonly log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Newest top-ups a user's list shows. */
const LIST_LIMIT = 50;
/** Attempts at a fresh payment code when one collides with an existing code. */
const CODE_ATTEMPTS = 5;

const CLEARING = { house: 'PAYMENT_CLEARING', currency: 'IDR' } as const;
const FEES = { house: 'FEES', currency: 'IDR' } as const;

export function createTopUpService(deps: TopUpServiceDeps) {
  const { repo, ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const enabled = (spec: ChannelSpec) => !deps.disabledChannels.includes(spec.channel);

  function specOf(channel: string): ChannelSpec {
    const spec = channelSpec(channel);
    if (!spec || !enabled(spec)) throw new AppError('3401');
    return spec;
  }

  function toTopUp(row: TopUpRow): TopUp {
    const spec = channelSpec(row.channel)!;
    const status = row.status === 'PAID' ? 'PAID' : now() > row.expiresAt ? 'EXPIRED' : 'PENDING';
    return {
      id: row.id,
      channel: spec.channel,
      amount: decimalText(row.amount),
      fee: decimalText(row.fee),
      totalToPay: decimalText(row.totalToPay),
      paymentCode: row.paymentCode,
      status,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt ? row.paidAt.toISOString() : null,
      steps: paymentSteps(spec, { code: row.paymentCode, total: decimalText(row.totalToPay) }),
      canSimulate: deps.canSimulate,
    };
  }

  async function ownTopUp(userId: string, id: string): Promise<TopUpRow> {
    const row = isUuid(id) ? await repo.topUpOf(userId, id) : null;
    if (!row) throw new AppError('3403');
    return row;
  }

  return {
    methods(): TopUpMethod[] {
      return CHANNELS.map((spec) => toMethod(spec, enabled(spec)));
    },

    inputVariables(channel: TopUpChannel): InputVariables {
      const spec = specOf(channel);
      return {
        channel: spec.channel,
        minAmount: spec.minAmount,
        maxAmount: spec.maxAmount,
        fee: spec.fee,
        presetAmounts: presetAmounts(spec),
        expiryMinutes: spec.expiryMinutes,
        steps: paymentSteps(spec),
      };
    },

    /**
     * A PENDING top-up with its payment code. Idempotent on `requestKey` (the caller's
     * x-request-id): the same key again answers the first top-up; with another channel or amount, 042.
     */
    async create(userId: string, body: CreateTopUpRequest, requestKey: string): Promise<TopUp> {
      const user = await deps.people.userFacts(userId);
      if (!user) throw new AppError('009');
      // Indonesian brokers may only take money from an identified customer (KYC before funding).
      if (user.kycStatus !== 'VERIFIED') throw new AppError('007');
      const spec = specOf(body.paymentChannel);
      const amount = new Decimal(body.amount);
      if (amount.lt(spec.minAmount)) throw new AppError('3402');
      if (amount.gt(spec.maxAmount)) throw new AppError('3405');

      const createdAt = now();
      let row: TopUpRow | undefined;
      for (let attempt = 1; !row; attempt += 1) {
        try {
          row = await repo.insertTopUp({
            id: randomUUID(),
            userId,
            requestKey,
            channel: spec.channel,
            amount: amount.toFixed(0),
            fee: spec.fee,
            totalToPay: amount.plus(spec.fee).toFixed(0),
            paymentCode: newPaymentCode(spec, userId),
            status: 'PENDING',
            expiresAt: new Date(createdAt.getTime() + spec.expiryMinutes * 60_000),
            createdAt,
          });
        } catch (error) {
          if (!(error instanceof UniqueViolation) || attempt >= CODE_ATTEMPTS) throw error;
        }
      }
      if (row.channel !== spec.channel || !amount.eq(row.amount)) throw new AppError('042');
      return toTopUp(row);
    },

    async list(userId: string): Promise<TopUp[]> {
      return (await repo.listTopUps(userId, LIST_LIMIT)).map(toTopUp);
    },

    async get(userId: string, id: string): Promise<TopUp> {
      return toTopUp(await ownTopUp(userId, id));
    },

    /** The body the gateway would send for paying this top-up in full (development simulator). */
    async simulationBody(userId: string, id: string): Promise<TopUpWebhookBody> {
      const topUp = toTopUp(await ownTopUp(userId, id));
      if (topUp.status !== 'PENDING') throw new AppError('3406');
      return {
        topUpId: topUp.id,
        paymentReference: `SIM-${randomUUID()}`,
        amountPaid: topUp.totalToPay,
        status: 'PAID',
        paidAt: now().toISOString(),
      };
    },

    /**
     * The gateway's confirmation (signature already checked). PAID with the exact amount due:
     * the amount to the user's IDR cash and the fee to the house, from payment clearing, in one
     * ledger transfer keyed `topup:<id>` together with the status change, so a repeated or
     * concurrent callback credits once. A payment after expiry is still credited: the money arrived.
     */
    async receivePayment(body: TopUpWebhookBody): Promise<TopUpWebhookResponse> {
      const existing = isUuid(body.topUpId) ? await repo.topUp(body.topUpId) : null;
      if (!existing) throw new AppError('3403');
      if (body.status === 'FAILED') {
        deps.log?.info({ topUpId: existing.id, paymentReference: body.paymentReference }, 'top-up payment failed at the gateway');
        return { received: true, credited: false };
      }
      if (!new Decimal(body.amountPaid).eq(existing.totalToPay)) {
        deps.log?.warn(
          { topUpId: existing.id, amountPaid: body.amountPaid, totalToPay: existing.totalToPay, paymentReference: body.paymentReference },
          'top-up paid with a different amount: not credited, reconcile by hand',
        );
        throw new AppError('3404');
      }
      if (existing.status === 'PAID') return { received: true, credited: false };

      const at = now();
      const credited = await ledger.transaction(async (ops) => {
        const tx = createWalletRepo(ops.db);
        const paid = await tx.markTopUpPaid(existing.id, { at, reference: body.paymentReference, late: at > existing.expiresAt });
        if (!paid) return null;
        const legs: TransferLeg[] = [{ from: CLEARING, to: CASH(paid.userId), amount: paid.amount }];
        if (new Decimal(paid.fee).gt(0)) legs.push({ from: CLEARING, to: FEES, amount: paid.fee });
        const transfer = await ops.transfer({
          key: `topup:${paid.id}`,
          kind: 'TOPUP',
          legs,
          memo: { topUpId: paid.id, channel: paid.channel, paymentReference: body.paymentReference, gatewayPaidAt: body.paidAt, paidLate: paid.paidLate },
        });
        await tx.setTopUpTransfer(paid.id, transfer.id);
        return paid;
      });
      if (!credited) return { received: true, credited: false };
      if (credited.paidLate) deps.log?.warn({ topUpId: credited.id }, 'top-up paid after its expiry: credited anyway');

      const spec = channelSpec(credited.channel)!;
      await deps
        .notify(credited.userId, {
          type: 'DEPOSIT',
          title: { id: 'Top up berhasil', en: 'Top-up received' },
          body: {
            id: `${rupiahText(credited.amount, 'id')} lewat ${spec.name} sudah masuk ke saldo Anda.`,
            en: `${rupiahText(credited.amount, 'en')} via ${spec.name} has been added to your balance.`,
          },
        })
        .catch((error: unknown) => deps.log?.warn({ err: error, topUpId: credited.id }, 'top-up notification failed'));
      return { received: true, credited: true };
    },
  };
}

export type TopUpService = ReturnType<typeof createTopUpService>;
