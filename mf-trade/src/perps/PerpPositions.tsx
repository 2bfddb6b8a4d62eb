// The person's open perp positions: size and side, entry, the live mark price (from the ticker
// stream), the liquidation price, margin and margin ratio, P&L and ROE at the live mark, TP/SL, and
// the actions (close, TP/SL, isolated margin add/remove). One card a position: the same markup
// reads as rows at 1440 px and stacks at 360 px.
import styled from '@emotion/styled';
import { Button, EmptyState, ErrorState, Skeleton, tokens, useAppStore, type PerpPosition } from '@pasar/shared';
import { useState } from 'react';
import { useTradeT } from '../i18n';
import { formatPrice, formatQuantity, signOf, type PriceFormat } from '../market/price-format';
import { useLiveTicker } from '../market/use-live-market';
import { percent, usdt } from './perps-format';
import { liveFigures } from './perps-math';
import { baseOf } from './PerpsOrderPanel';
import { CloseDialog, MarginDialog, TpSlDialog, type PositionAction } from './PositionDialogs';
import { loadPositions, usePerpsStore } from './perps-store';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  padding: ${tokens.space.sm} ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  margin-bottom: ${tokens.space.sm};
`;

const Side = styled.span<{ $long: boolean }>`
  color: ${({ $long }) => ($long ? tokens.colors.buyText : tokens.colors.sellText)};
  font-weight: ${tokens.fontWeights.semibold};
`;

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(130px, 1fr));
  gap: ${tokens.space.xs} ${tokens.space.md};
  margin: 0;
  font-size: ${tokens.fontSizes.sm};
  dt {
    color: ${tokens.colors.textMuted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const Signed = styled.dd<{ $sign: number }>`
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.buyText : $sign < 0 ? tokens.colors.sellText : 'inherit')};
  font-weight: ${tokens.fontWeights.semibold};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs};
  margin-top: ${tokens.space.sm};
`;

/** The margin ratio at which the figure turns to a warning (the server's margin-call default). */
const RATIO_WARNING = 80;

const Ratio = styled.dd<{ $warn: boolean }>`
  color: ${({ $warn }) => ($warn ? tokens.colors.dangerText : 'inherit')};
  font-weight: ${({ $warn }) => ($warn ? tokens.fontWeights.semibold : 'inherit')};
`;

export function PerpPositions({ format }: { format: PriceFormat }) {
  const { t } = useTradeT();
  const { positions, loaded, error } = usePerpsStore();
  const [action, setAction] = useState<{ kind: PositionAction; position: PerpPosition } | null>(null);
  if (!loaded) return <Skeleton lines={3} />;
  if (error && positions.length === 0) return <ErrorState compact headingLevel={3} title={t('perps.positions.loadError')} onRetry={() => void loadPositions()} />;
  if (positions.length === 0) return <EmptyState compact headingLevel={3} title={t('perps.positions.empty')} />;
  const close = () => setAction(null);
  return (
    <>
      <List aria-label={t('perps.positions.title')}>
        {positions.map((position) => (
          <PositionRow key={position.symbol} position={position} format={format} onAction={(kind) => setAction({ kind, position })} />
        ))}
      </List>
      {action?.kind === 'close' && <CloseDialog position={action.position} format={format} onClose={close} />}
      {action?.kind === 'tpsl' && <TpSlDialog position={action.position} format={format} onClose={close} />}
      {action?.kind === 'margin' && <MarginDialog position={action.position} format={format} onClose={close} />}
    </>
  );
}

function PositionRow({ position, format, onAction }: { position: PerpPosition; format: PriceFormat; onAction: (kind: PositionAction) => void }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const ticker = useLiveTicker(position.symbol);
  const mark = ticker.data?.markPrice ?? position.markPrice;
  const live = liveFigures(position, mark);
  const long = position.side === 'LONG';
  const sideText = t(`perps.positions.${position.side}`);
  const price = (value: string | null) => (value ? formatPrice(value, format) : '–');
  return (
    <Item data-testid="perp-position" data-symbol={position.symbol} data-side={position.side}>
      <Head>
        <strong>
          {position.symbol} <Side $long={long}>{sideText}</Side> {position.leverage}x · {t(`perps.panel.${position.marginMode}`)}
        </strong>
      </Head>
      <Grid>
        <div>
          <dt>{t('perps.positions.size')}</dt>
          <dd data-testid="position-size">
            {formatQuantity(position.quantity, lng)} {baseOf(position.symbol)}
          </dd>
        </div>
        <div>
          <dt>{t('perps.positions.entry')}</dt>
          <dd>{price(position.entryPrice)}</dd>
        </div>
        <div>
          <dt>{t('perps.positions.mark')}</dt>
          <dd data-testid="position-mark">{price(mark)}</dd>
        </div>
        <div>
          <dt>{t('perps.positions.liquidation')}</dt>
          <dd data-testid="position-liquidation">{price(position.liquidationPrice)}</dd>
        </div>
        <div>
          <dt>{t('perps.positions.margin')}</dt>
          <dd>{usdt(position.margin, lng)}</dd>
        </div>
        <div>
          <dt>{t('perps.positions.marginRatio')}</dt>
          <Ratio $warn={Number(live.marginRatioPercentage) >= RATIO_WARNING} data-testid="position-ratio">
            {percent(live.marginRatioPercentage, lng)}
          </Ratio>
        </div>
        <div>
          <dt>{t('perps.positions.pnl')}</dt>
          <Signed $sign={signOf(live.unrealizedPnl)} data-testid="position-pnl">
            {usdt(live.unrealizedPnl, lng, true)} ({percent(live.roePercent, lng, true)})
          </Signed>
        </div>
        <div>
          <dt>{t('perps.positions.tpsl')}</dt>
          <dd>
            {price(position.takeProfit)} / {price(position.stopLoss)}
          </dd>
        </div>
      </Grid>
      <Actions aria-label={t('perps.positions.actions')} role="group">
        <Button size="sm" variant="secondary" onClick={() => onAction('close')} aria-label={`${t('perps.positions.close')} ${position.symbol}`}>
          {t('perps.positions.close')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onAction('tpsl')} aria-label={`${t('perps.positions.editTpsl')} ${position.symbol}`}>
          {t('perps.positions.editTpsl')}
        </Button>
        {position.marginMode === 'ISOLATED' && (
          <Button size="sm" variant="ghost" onClick={() => onAction('margin')} aria-label={`${t('perps.positions.adjustMargin')} ${position.symbol}`}>
            {t('perps.positions.adjustMargin')}
          </Button>
        )}
      </Actions>
    </Item>
  );
}
