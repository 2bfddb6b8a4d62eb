// Primary navigation. At ≥1024 px the list sits in the header; below, a menu button discloses it
// (one list either way, so there is one set of links to keep right). Reports is a small
// disclosure of its two pages.
import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { breakpoints, ChevronDownIcon, Link, MenuIcon, tokens, useLocation, visuallyHiddenStyles } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { BALANCE_PATH, BalanceAmount, useBalanceLoading, useBalancePlacement } from './HeaderBalance';
import { isCurrentSection, isNavGroup, PRIMARY_NAV, type NavGroupItem, type NavLinkItem } from './nav-items';

const wide = `@media (min-width: ${breakpoints.lg}px)`;
const narrow = `@media (max-width: ${breakpoints.lg - 0.02}px)`;

export const HEADER_HEIGHT = '56px';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  ${wide} {
    flex: 1;
    height: 100%;
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.xs};
  min-height: 40px;
  padding: 0 ${tokens.space.sm};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: transparent;
  color: ${tokens.colors.text};
  cursor: pointer;
  &[aria-expanded='true'] {
    background: ${tokens.colors.surfaceSunken};
  }
  ${wide} {
    display: none;
  }
  /* Phones: the icon alone; the word stays the button's accessible name. */
  @media (max-width: ${breakpoints.sm - 0.02}px) {
    padding: 0 ${tokens.space.xs};
    .menu-label {
      ${visuallyHiddenStyles}
    }
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  ${narrow} {
    position: absolute;
    top: ${HEADER_HEIGHT};
    left: 0;
    right: 0;
    z-index: ${tokens.zIndex.dropdown};
    flex-direction: column;
    padding: ${tokens.space.sm} ${tokens.space.md} ${tokens.space.md};
    background: ${tokens.colors.surface};
    border-bottom: 1px solid ${tokens.colors.border};
    box-shadow: ${tokens.shadows.md};
    &[data-open='false'] {
      display: none;
    }
    &[data-open='true'] {
      display: flex;
    }
  }
  ${wide} {
    display: flex;
    align-items: stretch;
    height: 100%;
    gap: ${tokens.space.xs};
  }
`;

const Item = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  ${wide} {
    justify-content: center;
  }
`;

const itemStyles = `
  display: flex;
  align-items: center;
  gap: ${tokens.space.xxs};
  min-height: 44px;
  padding: 0 ${tokens.space.md};
  border: 0;
  border-radius: ${tokens.radii.md};
  background: transparent;
  color: ${tokens.colors.textMuted};
  font-weight: ${tokens.fontWeights.medium};
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  &:hover {
    color: ${tokens.colors.text};
    background: ${tokens.colors.surfaceSunken};
  }
  &[aria-current='page'],
  &[data-current='true'] {
    color: ${tokens.colors.primaryText};
    font-weight: ${tokens.fontWeights.semibold};
  }
`;

const NavAnchor = styled(Link)`
  ${itemStyles}
`;

/** The balance beside the menu's Saldo entry (narrow screens: the header has no room for it). */
const MenuAmount = styled.span`
  display: inline-flex;
  align-items: center;
  margin-left: auto;
  padding-left: ${tokens.space.md};
`;

const GroupButton = styled.button`
  ${itemStyles}
  width: 100%;
  text-align: left;
  svg {
    transition: transform ${tokens.motion.fast} ${tokens.motion.easing};
  }
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;

const SubList = styled.ul`
  margin: 0;
  padding: 0 0 0 ${tokens.space.md};
  list-style: none;
  &[hidden] {
    display: none;
  }
  ${wide} {
    position: absolute;
    top: calc(100% - ${tokens.space.xs});
    left: 0;
    z-index: ${tokens.zIndex.dropdown};
    min-width: 220px;
    padding: ${tokens.space.xs};
    background: ${tokens.colors.surfaceElevated};
    border: 1px solid ${tokens.colors.border};
    border-radius: ${tokens.radii.md};
    box-shadow: ${tokens.shadows.md};
  }
`;

export function PrimaryNav() {
  const t = useShellT();
  const { pathname } = useLocation();
  // Open for one path: following a link closes the menu without an extra render pass.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const balanceInMenu = useBalancePlacement() === 'menu';

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpenAt(null);
      buttonRef.current?.focus();
    }
  };

  return (
    <Nav aria-label={t('nav.label')} onKeyDown={onKeyDown}>
      <MenuButton
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenAt(open ? null : pathname)}
      >
        <MenuIcon />
        <span className="menu-label">{t('menu.open')}</span>
      </MenuButton>
      <List id={listId} data-open={open}>
        {PRIMARY_NAV.map((item) => (
          <Item key={item.labelKey}>
            {isNavGroup(item) ? (
              <NavGroup group={item} path={pathname} />
            ) : (
              <NavItemLink item={item} path={pathname} withBalance={balanceInMenu && item.path === BALANCE_PATH} />
            )}
          </Item>
        ))}
      </List>
    </Nav>
  );
}

function NavItemLink({ item, path, withBalance = false }: { item: NavLinkItem; path: string; withBalance?: boolean }) {
  const t = useShellT();
  const current = isCurrentSection(item, path) ? 'page' : undefined;
  if (withBalance) return <BalanceNavLink item={item} current={current} />;
  return (
    <NavAnchor to={item.path} aria-current={current}>
      {t(item.labelKey)}
    </NavAnchor>
  );
}

/** The Saldo entry with the amount: still named "Saldo", the amount is its description. */
function BalanceNavLink({ item, current }: { item: NavLinkItem; current: 'page' | undefined }) {
  const t = useShellT();
  const labelId = useId();
  const amountId = useId();
  const loading = useBalanceLoading();
  return (
    <NavAnchor
      to={item.path}
      aria-current={current}
      aria-labelledby={labelId}
      aria-describedby={amountId}
      aria-busy={loading || undefined}
      data-testid="menu-balance"
    >
      <span id={labelId}>{t(item.labelKey)}</span>
      <MenuAmount>
        <BalanceAmount id={amountId} />
      </MenuAmount>
    </NavAnchor>
  );
}

function NavGroup({ group, path }: { group: NavGroupItem; path: string }) {
  const t = useShellT();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === path;
  const setOpen = (value: boolean) => setOpenAt(value ? path : null);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = group.items.some((item) => isCurrentSection(item, path));

  // A click elsewhere closes the group, as a dropdown is expected to.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      // Handled here, so the whole menu stays open and focus returns to the group's button.
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div ref={rootRef} onKeyDown={onKeyDown}>
      <GroupButton
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        data-current={current}
        onClick={() => setOpen(!open)}
      >
        {t(group.labelKey)}
        <ChevronDownIcon size={14} />
      </GroupButton>
      <SubList id={listId} hidden={!open}>
        {group.items.map((item) => (
          <li key={item.path}>
            <NavItemLink item={item} path={path} />
          </li>
        ))}
      </SubList>
    </div>
  );
}
