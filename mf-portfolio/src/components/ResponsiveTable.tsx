// A table on a wide screen, a stack of cards on a phone: under the md breakpoint each row becomes
// a card and each cell shows its column's name (from data-label) beside its value. The markup
// stays one table, so screen readers keep rows and headers.
import styled from '@emotion/styled';
import { media, tokens } from '@pasar/shared';

export const ResponsiveTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${tokens.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  tr {
    display: block;
    padding: ${tokens.space.sm} 0;
    border-bottom: 1px solid ${tokens.colors.border};
  }
  tbody tr:last-of-type {
    border-bottom: 0;
  }
  td {
    display: flex;
    justify-content: space-between;
    gap: ${tokens.space.md};
    padding: ${tokens.space.xxs} 0;
    text-align: right;
    overflow-wrap: anywhere;
  }
  td::before {
    content: attr(data-label);
    color: ${tokens.colors.textMuted};
    text-align: left;
  }
  td[data-label='']::before {
    content: none;
  }
  ${media.md} {
    thead {
      position: static;
      width: auto;
      height: auto;
      overflow: visible;
      clip: auto;
      white-space: normal;
      display: table-header-group;
    }
    tr {
      display: table-row;
      padding: 0;
    }
    th,
    td {
      display: table-cell;
      padding: ${tokens.space.sm} ${tokens.space.xs};
      border-bottom: 1px solid ${tokens.colors.border};
      text-align: right;
      vertical-align: top;
    }
    th:first-of-type,
    td:first-of-type {
      text-align: left;
    }
    th {
      color: ${tokens.colors.textMuted};
      font-weight: ${tokens.fontWeights.medium};
    }
    td::before {
      content: none;
    }
  }
`;

export const Muted = styled.span`
  display: block;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
  font-weight: ${tokens.fontWeights.regular};
`;
