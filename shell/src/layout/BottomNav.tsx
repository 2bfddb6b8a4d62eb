// The mobile-web (`/pwa`) navigation: the page frame is hidden there (§2), so a bar fixed at the
// bottom carries the main sections (the primary navigation's links; reports stay under the
// account's pages). Links keep the `/pwa` prefix (the router's basename). While it shows, its
// height is the CSS variable `--pasar-bottom-nav-height`, so what else sits at the bottom (the
// trade page's Buy/Sell bar) stands above it and the page keeps room for it.
import styled from '@emotion/styled';
import { useLayoutEffect } from 'react';
import { Link, tokens, useLocation } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { isCurrentSection, isNavGroup, PRIMARY_NAV, type NavLinkItem } from './nav-items';

import { BOTTOM_NAV_HEIGHT, bottomNavRoom } from './bottom-nav-size';

export { BOTTOM_NAV_HEIGHT, bottomNavRoom } from './bottom-nav-size';
const HEIGHT_VARIABLE = '--pasar-bottom-nav-height';

const BOTTOM_ITEMS: readonly NavLinkItem[] = PRIMARY_NAV.filter((item): item is NavLinkItem => !isNavGroup(item));

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${tokens.zIndex.sticky};
  padding-bottom: env(safe-area-inset-bottom);
  border-top: 1px solid ${tokens.colors.border};
  background: ${tokens.colors.surfaceElevated};
  ul {
    display: grid;
    grid-template-columns: repeat(${BOTTOM_ITEMS.length}, minmax(0, 1fr));
    height: ${BOTTOM_NAV_HEIGHT};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Item = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  padding: 0 ${tokens.space.xs};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.medium};
  text-align: center;
  text-decoration: none;
  overflow-wrap: anywhere;
  &[aria-current='page'] {
    color: ${tokens.colors.primaryText};
    font-weight: ${tokens.fontWeights.semibold};
    box-shadow: inset 0 3px 0 ${tokens.colors.primary};
  }
  &:focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
    outline-offset: -2px;
  }
`;

/** Room at the bottom of the page for the bar. */

export function BottomNav() {
  const t = useShellT();
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.style.setProperty(HEIGHT_VARIABLE, bottomNavRoom);
    return () => {
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, []);
  return (
    <Bar aria-label={t('nav.label')} data-testid="bottom-nav">
      <ul>
        {BOTTOM_ITEMS.map((item) => (
          <li key={item.path}>
            <Item to={item.path} aria-current={isCurrentSection(item, pathname) ? 'page' : undefined}>
              {t(item.labelKey)}
            </Item>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
