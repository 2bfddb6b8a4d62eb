// A holding's first cell: the icon, the symbol linking to its asset page, and the full name.
import styled from '@emotion/styled';
import { TextLink, tokens } from '@pasar/shared';
import { Muted } from './ResponsiveTable';
import { assetHref, type HoldingCategory, useSymbolEntries } from './use-symbol-entries';

const Cell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.sm};
  img {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    flex: none;
  }
`;

export interface AssetNameProps {
  /** The symbol-info key: a pair ("BTC-IDR") or a ticker ("AAPL"). */
  symbol: string;
  /** What the link says ("BTC", "AAPL"). */
  label: string;
  category: HoldingCategory;
}

export function AssetName({ symbol, label, category }: AssetNameProps) {
  const entryOf = useSymbolEntries(category);
  const entry = entryOf(symbol);
  return (
    <Cell>
      {entry?.icon && <img src={entry.icon} alt="" />}
      <span>
        <TextLink to={assetHref(symbol, entry, category)}>{label}</TextLink>
        <Muted>{entry?.name ?? symbol}</Muted>
      </span>
    </Cell>
  );
}
