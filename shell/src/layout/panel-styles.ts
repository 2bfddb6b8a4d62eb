// The shell's few page surfaces: a centred message panel (login, not found, maintenance, remote
// unavailable) and its parts. Colours and sizes come from the theme's CSS variables.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';

export const Panel = styled.section`
  /* Never edge to edge: a 360 px phone keeps a gutter on both sides. */
  width: min(560px, calc(100% - 2 * ${tokens.space.md}));
  margin: ${tokens.space.xxl} auto;
  padding: ${tokens.space.xl};
  background: ${tokens.colors.surface};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.lg};
  box-shadow: ${tokens.shadows.sm};
`;

export const InlinePanel = styled.div`
  margin: ${tokens.space.lg};
  padding: ${tokens.space.lg};
  background: ${tokens.colors.surface};
  border: 1px solid ${tokens.colors.border};
  border-left: 4px solid ${tokens.colors.warning};
  border-radius: ${tokens.radii.md};
`;

export const PanelTitle = styled.h1`
  margin: 0 0 ${tokens.space.sm};
  font-size: ${tokens.fontSizes.xl};
  line-height: ${tokens.lineHeights.tight};
  &:focus {
    outline: none;
  }
`;

export const PanelSubtitle = styled.h2`
  margin: 0 0 ${tokens.space.xs};
  font-size: ${tokens.fontSizes.lg};
  line-height: ${tokens.lineHeights.tight};
`;

export const PanelText = styled.p`
  margin: 0 0 ${tokens.space.lg};
  color: ${tokens.colors.textMuted};
`;

export const PanelActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space.md};
`;
