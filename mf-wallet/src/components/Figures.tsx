// Label/value rows (a description list): balances, reviews, estimates. Values are right-aligned
// tabular figures; on a 360 px phone a long value wraps under its label.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';
import type { ReactNode } from 'react';

export interface Figure {
  label: ReactNode;
  value: ReactNode;
  /** A data-testid for the value (the journeys read figures by it). */
  testId?: string;
  /** Bold: the total, what arrives. */
  strong?: boolean;
}

const List = styled.dl`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  margin: 0;
`;

const Row = styled.div<{ $strong: boolean }>`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${tokens.space.xs} ${tokens.space.md};
  font-weight: ${({ $strong }) => ($strong ? tokens.fontWeights.semibold : tokens.fontWeights.regular)};
  dt {
    color: ${({ $strong }) => ($strong ? tokens.colors.text : tokens.colors.textMuted)};
  }
  dd {
    margin: 0 0 0 auto;
    font-variant-numeric: tabular-nums;
    text-align: right;
    overflow-wrap: anywhere;
  }
`;

export function Figures({ items, label }: { items: readonly (Figure | false | null | undefined | '')[]; label?: string }) {
  return (
    <List aria-label={label}>
      {items.filter((item): item is Figure => !!item).map((item, i) => (
        <Row key={i} $strong={!!item.strong}>
          <dt>{item.label}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </Row>
      ))}
    </List>
  );
}
