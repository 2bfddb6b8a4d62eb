// The chart's colour field (a native colour picker: keyboard and touch come with it), shared by
// the drawing toolbar and the chart view settings; each is a lazy chunk, so this stays out of the
// page's first load.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';

export const ColorInput = styled.input`
  width: 44px;
  height: 32px;
  padding: 0;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.sm};
  background: none;
  cursor: pointer;
`;
