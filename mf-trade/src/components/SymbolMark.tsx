// A symbol's logo; without one (or while it fails to load) its initials in a neutral disc.
import styled from '@emotion/styled';
import { baseAssetOf, tokens } from '@pasar/shared';
import { useState } from 'react';

const Disc = styled.span<{ $size: number }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  overflow: hidden;
  border-radius: ${tokens.radii.pill};
  background: ${tokens.colors.surfaceSunken};
  color: ${tokens.colors.textMuted};
  font-size: ${({ $size }) => Math.round($size * 0.38)}px;
  font-weight: ${tokens.fontWeights.bold};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export function SymbolMark({ icon, symbol, size = 32 }: { icon?: string | null; symbol: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <Disc $size={size} aria-hidden="true">
      {icon && !failed ? (
        <img src={icon} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        baseAssetOf(symbol).slice(0, 3)
      )}
    </Disc>
  );
}
