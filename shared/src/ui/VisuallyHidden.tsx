import styled from '@emotion/styled';
import { visuallyHiddenStyles } from '../theme/visually-hidden';

/** Text for screen readers only; does not depend on GlobalStyles being rendered. */
export const VisuallyHidden = styled.span`
  ${visuallyHiddenStyles}
`;
