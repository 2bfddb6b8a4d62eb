// A navigation link that looks like a secondary button (shared's ButtonLink is the primary one).
import styled from '@emotion/styled';
import { buttonSizeStyles, buttonVariantStyles, Link, tokens } from '@pasar/shared';

export const ActionLink = styled(Link)`
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
