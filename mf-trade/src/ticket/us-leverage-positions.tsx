// The signed-in person's leveraged US positions (2x and 4x): each wallet's margin ratio, and per
// position the shares, entry and last price, margin, P&L, liquidation price, when a 4x position is
// closed automatically, a liquidation waiting for the open, and Close (after a confirmation).
// Loaded again on a `balances` event, on return to the tab and after the ticket placed an order.
import styled from '@emotion/styled';
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, formatCurrency, formatDateTime, formatNumber, isApiError, refreshBalances, Skeleton, Stack, tokens, type UsLeveragePosition } from '@pasar/shared';
import { useState, type ReactNode } from 'react';
import { Pnl, useLivePosition } from '../asset-position/AssetPosition';
import { useTradeT } from '../i18n';
import { Figures, Muted } from './order-styles';
import { usLeverageCalls } from './us-leverage-calls';
import { leverageSellPayload } from './us-leverage-payload';
import { registerUsLeverageTranslations } from './us-leverage-i18n';

registerUsLeverageTranslations();

const Item = styled.li`
  list-style: none;
  padding: ${tokens.space.sm} 0;
  border-top: 1px solid ${tokens.colors.border};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  margin-bottom: ${tokens.space.xs};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
`;

export interface UsLeveragePositionsProps {
  symbol?: string;
  /** Changed by the caller to load again (after its ticket placed an order). */
  reloadKey?: number;
  /** Nothing at all while there is no leveraged position known (the asset page: loading, failed or none). */
  hideWhenEmpty?: boolean;
  /** In a card of its own. */
  asCard?: boolean;
}

export function UsLeveragePositions({ symbol, reloadKey = 0, hideWhenEmpty = false, asCard = false }: UsLeveragePositionsProps) {
  const { t, i18n } = useTradeT();
  const lng = i18n.language === 'en' ? 'en' : 'id';
  const positions = useLivePosition(() => usLeverageCalls.positions('open'), [reloadKey]);
  const [closing, setClosing] = useState<UsLeveragePosition | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const usd = (value: string) => formatCurrency(value, 'USD', lng, { minFractionDigits: 2, maxFractionDigits: 2 });
  const shares = (value: string) => formatNumber(value, lng, { maxFractionDigits: 4 });

  const close = async () => {
    if (!closing) return;
    try {
      await usLeverageCalls.place('SELL', leverageSellPayload(closing.stockId, closing.leverage === 4 ? 4 : 2, { inputType: 'quantity', value: closing.quantity }), crypto.randomUUID());
      setFailure(null);
      void refreshBalances({ gss: true });
      await positions.reload();
    } catch (error) {
      setFailure(isApiError(error) ? error.message : String(error));
    } finally {
      setClosing(null);
    }
  };

  const frame = (node: ReactNode) => (asCard ? <Card title={t('usLeverage.positions')}>{node}</Card> : node);
  if (positions.error) return hideWhenEmpty ? null : frame(<ErrorState compact headingLevel={3} title={t('usLeverage.loadFailed')} onRetry={() => void positions.reload()} />);
  if (!positions.data) {
    if (hideWhenEmpty) return null;
    return (
      <div aria-busy="true">
        <Skeleton lines={3} />
      </div>
    );
  }
  const items = positions.data.items.filter((p) => symbol === undefined || p.symbol === symbol);
  const wallets = positions.data.wallets.filter((w) => positions.data?.items.some((p) => p.wallet === w.wallet));
  if (hideWhenEmpty && items.length === 0) return null;
  return frame(
    <Stack gap="sm" data-testid="us-leverage-positions">
      {!asCard && <strong>{t('usLeverage.positions')}</strong>}
      {wallets.map((w) => (
        <Muted key={w.wallet} data-testid={`us-leverage-ratio-${w.wallet}`}>
          {t('usLeverage.marginRatio', { wallet: t(w.wallet === 'intraday' ? 'usLeverage.wallet4' : 'usLeverage.wallet2') })}: {formatNumber(w.marginRatioPercentage, lng, { maxFractionDigits: 2 })}%
        </Muted>
      ))}
      {items.length === 0 ? (
        <EmptyState compact title={t('usLeverage.noPositions')} />
      ) : (
        <List>
          {items.map((p) => (
            <Item key={p.id} data-testid="us-leverage-position" data-symbol={p.symbol} data-leverage={p.leverage}>
              <Head>
                <span>
                  <strong>{p.symbol}</strong> <Badge $tone="neutral">{p.leverage}x</Badge> {p.liquidationPending && <Badge $tone="danger">{t('usLeverage.pending')}</Badge>}
                </span>
                <Button size="sm" variant="secondary" onClick={() => setClosing(p)} data-testid="us-leverage-close">
                  {t('usLeverage.close')}
                </Button>
              </Head>
              <Figures>
                <dt>{t('usLeverage.quantity')}</dt>
                <dd>{shares(p.quantity)}</dd>
                <dt>{t('usLeverage.entry')}</dt>
                <dd>{usd(p.entryPrice)}</dd>
                <dt>{t('usLeverage.mark')}</dt>
                <dd>{usd(p.markPrice)}</dd>
                <dt>{t('usLeverage.margin')}</dt>
                <dd>{usd(p.margin)}</dd>
                <dt>{t('usLeverage.pnl')}</dt>
                <dd>
                  <Pnl amount={p.unrealizedPnl} currency="USD" />
                </dd>
                <dt>{t('usLeverage.liquidation')}</dt>
                <dd>{usd(p.liquidationPrice)}</dd>
                {p.autoCloseAt && (
                  <>
                    <dt>{t('usLeverage.autoClose')}</dt>
                    <dd data-testid="us-leverage-auto-close">{formatDateTime(p.autoCloseAt, lng)}</dd>
                  </>
                )}
              </Figures>
            </Item>
          ))}
        </List>
      )}
      {failure && (
        <Muted role="alert" data-testid="us-leverage-close-error">
          {failure}
        </Muted>
      )}
      <ConfirmDialog
        open={closing !== null}
        title={closing ? t('usLeverage.closeTitle', { symbol: closing.symbol, leverage: closing.leverage }) : ''}
        tone="sell"
        confirmLabel={t('usLeverage.closeConfirm')}
        cancelLabel={t('usLeverage.cancel')}
        onCancel={() => setClosing(null)}
        onConfirm={close}
      >
        {closing && <Muted>{t('usLeverage.closeBody', { quantity: shares(closing.quantity) })}</Muted>}
      </ConfirmDialog>
    </Stack>,
  );
}
