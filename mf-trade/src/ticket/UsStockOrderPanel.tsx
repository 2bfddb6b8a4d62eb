// The order panel of a US stock for a signed-in person (its own chunk, with the US calls). The US
// market's session beside the title (pre-market, regular, post-market or closed, and the time to
// the next change); the ticket is the one order ticket with the US descriptor. A person without
// the US-stock declaration (gssKycStatus not VERIFIED) is led to it instead: no order call, no
// wallet call, no error.
import styled from '@emotion/styled';
import { ButtonLink, Card, ErrorState, isApiError, refreshBalances, Skeleton, Stack, tokens, useAppStore, type KycStatus } from '@pasar/shared';
import { useEffect, useState } from 'react';
import { MarketStatusBadge } from '../components/MarketStatusBadge';
import { useTradeT } from '../i18n';
import { useLeverageModal } from '../leverage-intro';
import { registerOrderTranslations } from '../i18n/order';
import type { PriceFormat } from '../market/price-format';
import type { Instrument } from '../market/types';
import { useResource } from '../market/use-resource';
import { stopAmending, useOpenOrders, useOpenOrdersStore } from '../my-orders/open-orders';
import { usStockOrders } from '../order-calls/us-stock-calls';
import { AmendForm } from './AmendForm';
import { Muted } from './order-styles';
import { OrderTicket } from './OrderTicket';
import { registerUsLeverageTranslations } from './us-leverage-i18n';
import type { LeverageChoice } from './us-leverage-payload';
import { UsLeveragePositions } from './us-leverage-positions';
import { UsLeverageSelector } from './us-leverage-selector';
import { UsLeverageTicket } from './us-leverage-ticket';
import { usStockDescriptor } from './us-stock-descriptor';
import { useSessionRefresh } from './use-session-refresh';

// The panel's strings come with this chunk.
registerOrderTranslations();
registerUsLeverageTranslations();

/** The US-stock declaration (W-8BEN-style) lives on the identity-verification page of mf-account. */
export const US_DECLARATION_PATH = '/account/identity-verification';

/** The catalogue's "US-stock KYC not verified" (a call that raced a status change). */
const GSS_KYC_REFUSAL = '007';

const Session = styled.div`
  margin-bottom: ${tokens.space.md};
`;

export interface UsStockOrderPanelProps {
  symbol: string;
  instrument: Instrument | undefined;
  format: PriceFormat;
  halted: boolean;
  haltText: string | null;
}

export function UsStockOrderPanel(props: UsStockOrderPanelProps) {
  const { t } = useTradeT();
  const status = useAppStore((state) => state.auth.userDetails?.gssKycStatus ?? null);
  const modifying = useOpenOrdersStore((state) => state.amendingId !== null);
  const title = modifying && status === 'VERIFIED' ? t('panel.modifyTitle') : t('panel.title', { asset: props.symbol });
  return (
    <Card padding="md" data-testid="order-panel" data-market="USSTOCK" data-panel-mode={modifying ? 'ModifyOrder' : 'None'} title={title}>
      <Session>
        <MarketStatusBadge market="usstock" tickerState={undefined} />
      </Session>
      {status === null ? (
        <div aria-busy="true">
          <Skeleton lines={6} />
        </div>
      ) : status !== 'VERIFIED' ? (
        <DeclarationLead status={status} />
      ) : (
        <VerifiedTicket key={props.symbol} {...props} />
      )}
    </Card>
  );
}

function VerifiedTicket({ symbol, instrument, format, halted, haltText }: UsStockOrderPanelProps) {
  const { t } = useTradeT();
  const target = { symbol, instrument, pro: true };
  // Asked again at a session change without emptying the ticket (another stock mounts a new one).
  const types = useResource(instrument ? usStockDescriptor.typesKey(target) : null, (signal) => usStockDescriptor.fetchTypes(target, signal), { keepPrevious: true });
  const openOrders = useOpenOrders();
  // The leverage selector (-, 2x, 4x): a leverage is taken after its modal (unless dontShowLeverageModal).
  const [leverage, setLeverage] = useState<LeverageChoice>(1);
  const [placedCount, setPlacedCount] = useState(0);
  const leverageModal = useLeverageModal();
  const chooseLeverage = async (next: LeverageChoice) => {
    if (next !== 1 && !(await leverageModal.confirm(next))) return;
    setLeverage(next);
  };
  const amendingId = useOpenOrdersStore((state) => state.amendingId);
  const amending = amendingId ? (openOrders.find((order) => order.id === amendingId) ?? null) : null;
  // An amend target that left the open orders (filled, cancelled, expired) ends modify mode.
  useEffect(() => {
    if (amendingId && !amending) stopAmending();
  }, [amendingId, amending]);

  // The USD wallet the ticket spends from (and its USD/IDR rate).
  useEffect(() => {
    void refreshBalances({ gss: true });
  }, [symbol]);

  // What may be placed changes with the session (market orders wait outside regular hours, extended
  // hours open and close): asked again once the session has changed.
  useSessionRefresh(types.data?.BUY.session.nextChangeAt, types.retry);

  if (types.error && !types.data) {
    if (isApiError(types.error) && types.error.code === GSS_KYC_REFUSAL) return <DeclarationLead status="NOT_SUBMITTED" />;
    return <ErrorState compact headingLevel={3} title={t('panel.loadError')} description={isApiError(types.error) ? types.error.message : undefined} onRetry={types.retry} />;
  }
  if (!types.data) {
    return (
      <div aria-hidden="true">
        <Skeleton lines={8} />
      </div>
    );
  }
  if (amending) {
    return (
      <AmendForm
        order={amending}
        rules={usStockDescriptor.rules(types.data, target, { side: amending.side, extendedHours: false })}
        currency={usStockDescriptor.currency}
        amend={usStockOrders.amend}
        format={format}
        onDone={stopAmending}
      />
    );
  }
  const buy = types.data.BUY;
  return (
    <>
      <UsLeverageSelector value={leverage} onChange={(next) => void chooseLeverage(next)} />
      {leverage === 1 || !instrument ? (
        <OrderTicket descriptor={usStockDescriptor} target={target} types={types.data} format={format} halted={halted} haltText={haltText} openOrders={openOrders} />
      ) : (
        <>
          <UsLeverageTicket
            key={leverage}
            symbol={symbol}
            stockId={instrument.id}
            leverage={leverage}
            lastPrice={buy.lastPrice}
            quantityPrecision={buy.quantityPrecision}
            session={halted || !buy.enabled ? 'CLOSED' : buy.session.session}
            onPlaced={() => setPlacedCount((n) => n + 1)}
          />
          <UsLeveragePositions symbol={symbol} reloadKey={placedCount} />
        </>
      )}
      {leverageModal.element}
    </>
  );
}

/** Where a person without the US-stock declaration is sent: what it is, where it stands, and the link. */
export function DeclarationLead({ status }: { status: Exclude<KycStatus, 'VERIFIED'> }) {
  const { t } = useTradeT();
  return (
    <Stack gap="md" data-testid="us-declaration-lead">
      <strong>{t(`usDeclaration.title.${status}`)}</strong>
      <Muted>{t(`usDeclaration.body.${status}`)}</Muted>
      <div>
        <ButtonLink to={US_DECLARATION_PATH}>{t(status === 'PENDING' ? 'usDeclaration.check' : 'usDeclaration.open')}</ButtonLink>
      </div>
    </Stack>
  );
}
