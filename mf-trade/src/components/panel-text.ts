// Text of the side views (Watchlist, PriceAlert): a section's heading and a muted line.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';

export const PanelHeading = styled.h3`
  margin: 0;
  font-size: ${tokens.fontSizes.md};
`;

export const PanelNote = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;
