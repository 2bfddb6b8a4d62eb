// Links that keep the reader's prefix: paths are unprefixed and the router's basename (`/en`,
// `/pwa`) adds it, in the shell as on a remote's standalone page.
import styled from '@emotion/styled';
import { Link } from '../platform/router';
import { tokens } from '../theme/css-variables';
import { buttonSizeStyles, buttonVariantStyles } from './Button';

export const TextLink = styled(Link)`
  color: ${tokens.colors.primaryText};
  font-weight: ${tokens.fontWeights.medium};
  text-underline-offset: 2px;
`;

/** Navigation that looks like the primary Button: an anchor, not a button, for assistive tech. */
export const ButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border: 1px solid transparent;
  border-radius: ${tokens.radii.md};
  font-weight: ${tokens.fontWeights.semibold};
  text-decoration: none;
  ${buttonVariantStyles.primary}
  ${buttonSizeStyles.md}
`;
