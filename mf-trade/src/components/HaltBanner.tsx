// §4: a trading halt shows a red status on the chart symbol, 500 ms after the halt is known, with
// the operator's reason or §8's default message.
import styled from '@emotion/styled';
import { AlertIcon, HALT_STATUS_DELAY_MS, tokens } from '@pasar/shared';
import { useTradeT } from '../i18n';
import { useDelayedFlag } from '../market/use-delayed-flag';
import type { TradingHalt } from '../market/types';

const Banner = styled.div`
  display: flex;
  gap: ${tokens.space.sm};
  align-items: flex-start;
  padding: ${tokens.space.sm} ${tokens.space.md};
  border: 1px solid ${tokens.colors.danger};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.danger};
  color: ${tokens.colors.onDanger};
  strong {
    display: block;
  }
  p {
    margin: ${tokens.space.xxs} 0 0;
    font-size: ${tokens.fontSizes.sm};
  }
  svg {
    flex: none;
    margin-top: 2px;
  }
`;

export interface HaltBannerProps {
  halted: boolean;
  reason?: TradingHalt['reason'];
}

export function HaltBanner({ halted, reason }: HaltBannerProps) {
  const { t } = useTradeT();
  const shown = useDelayedFlag(halted, HALT_STATUS_DELAY_MS);
  if (!shown) return null;
  return (
    <Banner role="alert" data-testid="halt-status">
      <AlertIcon size={20} aria-hidden="true" />
      <div>
        <strong>{reason?.title || t('halt.title')}</strong>
        <p>{reason?.description || t('halt.description')}</p>
      </div>
    </Banner>
  );
}
