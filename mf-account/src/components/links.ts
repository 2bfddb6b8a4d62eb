// Links of this remote. Paths are unprefixed: the router's basename (`/en`, `/pwa`) keeps the
// reader's prefix, in the shell as in the standalone page.
import styled from '@emotion/styled';
import { tokens, Link } from '@pasar/shared';

export const TextLink = styled(Link)`
  color: ${tokens.colors.primaryText};
  font-weight: ${tokens.fontWeights.medium};
  text-underline-offset: 2px;
`;
