// The order panel of a signed-in user (its own chunk: the fee math and decimal.js come with it,
// never with a guest's first load). The modes of §2: None (the simple ticket, CryptoInstant),
// AdvanceOrder (the pro ticket, CryptoAdvanced), ModifyOrder (amending an open order) and
// SelectLayout (choosing between the two tickets); the mode is mirrored into the shared store.
import styled from '@emotion/styled';
import {
  ACCOUNT_PATHS,
  api,
  appStore,
  Button,
  Card,
  ErrorState,
  refreshBalances,
  Skeleton,
  tokens,
  useAppStore,
  type AmendOrderRequest,
  type CryptoOrder,
  type OrderPanelMode,
  type UserTagsResponse,
} from '@pasar/shared';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTradeT } from '../i18n';
import { registerOrderTranslations } from '../i18n/order';
import type { PriceFormat } from '../market/price-format';
import type { Instrument } from '../market/types';
import { useResource } from '../market/use-resource';
import { stopAmending, useOpenOrders, useOpenOrdersStore } from '../my-orders/open-orders';
import { AmendForm } from './AmendForm';
import { chooseLayout as rememberChoice, chosenLayout, showLayout } from './layout-preference';
import { amendOrder } from '../order-calls/crypto-calls';
import { cryptoDescriptor } from './crypto-descriptor';
import { assetOf } from './order-format';
import { Muted } from './order-styles';
import { OrderTicket } from './OrderTicket';

const cryptoAmend = (order: CryptoOrder, request: AmendOrderRequest, requestId: string) => amendOrder(order.id, request, requestId);

// The panel's strings come with this chunk.
registerOrderTranslations();

const Choices = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  margin: 0 0 ${tokens.space.md};
  padding: 0;
  border: 0;
  legend {
    margin-bottom: ${tokens.space.sm};
    font-weight: ${tokens.fontWeights.semibold};
  }
`;

const Choice = styled.label`
  display: flex;
  gap: ${tokens.space.sm};
  align-items: flex-start;
  padding: ${tokens.space.sm} ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${tokens.colors.primary};
  }
  input {
    margin-top: 4px;
  }
  strong {
    display: block;
  }
`;

export interface OrderPanelProps {
  symbol: string;
  instrument: Instrument | undefined;
  format: PriceFormat;
  halted: boolean;
  /** The halt's reason as shown in the banner (null: none known). */
  haltText: string | null;
}

export function OrderPanel({ symbol, instrument, format, halted, haltText }: OrderPanelProps) {
  const { t } = useTradeT();
  const guest = useAppStore((state) => state.guestMode);
  const userId = useAppStore((state) => state.auth.userDetails?.id ?? 'me');
  const types = useResource(cryptoDescriptor.typesKey({ symbol, instrument, pro: false }), (signal) => cryptoDescriptor.fetchTypes({ symbol, instrument, pro: false }, signal));
  // §6: the pro-user check is a tags call; a failed one means simple mode (the toggle still works).
  const tags = useResource(`user-tags:${userId}`, (signal) => api.get<UserTagsResponse>(ACCOUNT_PATHS.userTags, { signal }));
  const [choice, setChoice] = useState(chosenLayout);
  const openOrders = useOpenOrders();
  const amendingId = useOpenOrdersStore((state) => state.amendingId);
  const amending = amendingId ? (openOrders.find((order) => order.id === amendingId) ?? null) : null;
  const [picking, setPicking] = useState(false);
  const pickerId = useId();
  const asset = assetOf(symbol);

  const proAvailable = Boolean(instrument?.enableProMode) && (types.data?.advanced.orderTypes.length ?? 0) > 0;
  const proUser = tags.data?.tags.includes('PRO_USER') ?? false;
  const pro = proAvailable && (choice ? choice === 'CryptoAdvanced' : proUser);
  const settled = Boolean(types.data) && (tags.data !== undefined || tags.error !== undefined);
  const mode: OrderPanelMode = amending ? 'ModifyOrder' : picking ? 'SelectLayout' : pro ? 'AdvanceOrder' : 'None';

  useEffect(() => {
    appStore.getState().setMisc({ orderPanelMode: mode });
  }, [mode]);
  useEffect(
    () => () => {
      appStore.getState().setMisc({ orderPanelMode: 'None' });
      showLayout(null);
    },
    [],
  );
  // The page's chart layout follows the ticket on screen.
  useEffect(() => {
    if (!settled) return;
    const layout = pro ? 'CryptoAdvanced' : 'CryptoInstant';
    showLayout(layout);
    appStore.getState().setChart({ layout });
  }, [settled, pro, symbol]);
  // An amend target that left the open orders (filled, cancelled) ends modify mode.
  useEffect(() => {
    if (amendingId && !amending) stopAmending();
  }, [amendingId, amending]);

  // The balances the ticket needs: IDR (always refreshed) and this symbol's asset. Never for a guest.
  useEffect(() => {
    if (!guest) void refreshBalances({ crypto: [symbol] });
  }, [symbol, guest]);

  // The picker stays open beside the ticket (it shows the choice at once); its button closes it.
  const chooseLayout = (next: 'CryptoInstant' | 'CryptoAdvanced') => {
    rememberChoice(next);
    setChoice(next);
  };
  const wantPro = useCallback(() => chooseLayout('CryptoAdvanced'), []);

  let body;
  if (types.error && !types.data) {
    body = <ErrorState compact headingLevel={3} title={t('panel.loadError')} onRetry={types.retry} />;
  } else if (!types.data || !settled) {
    body = (
      <div aria-hidden="true">
        <Skeleton lines={8} />
      </div>
    );
  } else if (amending) {
    body = (
      <AmendForm
        order={amending}
        rules={cryptoDescriptor.rules(types.data, { symbol, instrument, pro: true }, { side: amending.side, extendedHours: false })}
        currency={cryptoDescriptor.currency}
        amend={cryptoAmend}
        format={format}
        onDone={stopAmending}
      />
    );
  } else {
    body = (
      <>
        {picking && (
          <Choices id={pickerId} data-testid="layout-picker">
            <legend>{t('panel.layoutLegend')}</legend>
            {(['CryptoInstant', 'CryptoAdvanced'] as const).map((kind) => (
              <Choice key={kind}>
                <input type="radio" name={`order-layout-${pickerId}`} value={kind} checked={(pro ? 'CryptoAdvanced' : 'CryptoInstant') === kind} onChange={() => chooseLayout(kind)} />
                <span>
                  <strong>{t(`panel.layout.${kind}`)}</strong>{' '}
                  <Muted as="span">{t(`panel.layout.${kind}Body`)}</Muted>
                </span>
              </Choice>
            ))}
          </Choices>
        )}
        <OrderTicket
          descriptor={cryptoDescriptor}
          target={{ symbol, instrument, pro }}
          types={types.data}
          format={format}
          halted={halted}
          haltText={haltText}
          onWantPro={proAvailable ? wantPro : null}
          openOrders={openOrders}
        />
      </>
    );
  }

  return (
    <Card
      padding="md"
      data-testid="order-panel"
      data-panel-mode={mode}
      title={amending ? t('panel.modifyTitle') : t('panel.title', { asset })}
      actions={
        proAvailable && !amending ? (
          <Button variant="ghost" size="sm" aria-expanded={picking} aria-controls={picking ? pickerId : undefined} onClick={() => setPicking((open) => !open)}>
            {pro ? t('panel.proMode') : t('panel.simpleMode')}
          </Button>
        ) : undefined
      }
    >
      {body}
    </Card>
  );
}
