// Layout shared by ErrorState and EmptyState.
import styled from '@emotion/styled';
import { tokens } from '../theme/css-variables';

export type HeadingLevel = 2 | 3 | 4;

export const StateRoot = styled.div<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${tokens.space.sm};
  padding: ${({ $compact }) => ($compact ? tokens.space.lg : tokens.space.xxl)} ${tokens.space.lg};
  text-align: center;
  color: ${tokens.colors.text};
`;

export const StateIcon = styled.span<{ $tone: 'danger' | 'muted' }>`
  display: inline-flex;
  color: ${({ $tone }) => ($tone === 'danger' ? tokens.colors.dangerText : tokens.colors.textMuted)};
`;

export const StateTitle = styled.h2`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.xs};
  margin: 0;
  font-size: ${tokens.fontSizes.lg};
  font-weight: ${tokens.fontWeights.semibold};
  line-height: ${tokens.lineHeights.tight};
`;

export const StateDescription = styled.p`
  max-width: 48ch;
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

export const StateActions = styled.div`
  margin-top: ${tokens.space.sm};
`;

