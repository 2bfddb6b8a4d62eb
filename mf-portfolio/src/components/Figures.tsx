// Label/value pairs in a grid (a description list): the overview totals, a holding on a phone.
import styled from '@emotion/styled';
import { media, tokens } from '@pasar/shared';
import type { ReactNode } from 'react';

export interface Figure {
  label: ReactNode;
  value: ReactNode;
  /** A data-testid for the value (the journeys read figures by it). */
  testId?: string;
}

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${tokens.space.md};
  margin: 0;
  ${media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  dt {
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    font-weight: ${tokens.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

export function Figures({ items, label }: { items: readonly (Figure | false | null | undefined)[]; label?: string }) {
  return (
    <List aria-label={label}>
      {items.filter((item): item is Figure => !!item).map((item, i) => (
        <div key={i}>
          <dt>{item.label}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </List>
  );
}
