// Whether prices on screen are live: the shared stream connection's state.
import styled from '@emotion/styled';
import { tokens, useStreamConnection } from '@pasar/shared';
import { useTradeT } from '../i18n';

const Dot = styled.span<{ $live: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.xs};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
  &::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: ${tokens.radii.pill};
    background: ${({ $live }) => ($live ? tokens.colors.buy : tokens.colors.warning)};
  }
`;

export function LiveIndicator() {
  const { t } = useTradeT();
  const state = useStreamConnection();
  if (state === 'idle' || state === 'closed') return null;
  return (
    <Dot $live={state === 'open'} role="status" data-testid="live-indicator" data-state={state}>
      {t(`live.${state}`)}
    </Dot>
  );
}
