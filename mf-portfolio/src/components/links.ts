// Links of this remote. Paths are unprefixed: the router's basename (`/en`, `/pwa`) keeps the
// reader's prefix, in the shell as in the standalone page.
import styled from '@emotion/styled';
import { buttonSizeStyles, buttonVariantStyles, tokens, Link } from '@pasar/shared';

/** A link that looks like the shared secondary Button (navigation, so an anchor, not a button). */
export const ButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid transparent;
  border-radius: ${tokens.radii.md};
  font-weight: ${tokens.fontWeights.semibold};
  text-decoration: none;
  ${buttonVariantStyles.secondary}
  ${buttonSizeStyles.md}
`;
