// The page frame: skip link, header with navigation, the main landmark. On a mobile-web route
// (`/pwa`) the frame is hidden and the page shows with a bottom navigation (§2, BottomNav.tsx). After a client-side navigation the
// focus moves to the new page's heading (use-route-focus.ts).
import styled from '@emotion/styled';
import { lazy, Suspense, type ReactNode } from 'react';
import { GlobalStyles, ToastViewport, tokens, useAppStore } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { MaintenancePage } from '../pages/MaintenancePage';
import { usePrefixedNavigation } from '../routes/ShellRouter';
import { useShellStore } from '../state/shell-store';
import { bottomNavRoom } from './bottom-nav-size';
import { Header } from './Header';
import { ROUTE_FOCUS_ATTRIBUTE, useRouteFocus } from './use-route-focus';

export const MAIN_ID = 'main-content';

// The PIN / terms prompt loads the first time a call asks for it (decision 0006).
// The /pwa bottom navigation loads only on /pwa (its room is kept at once: bottom-nav-size.ts).
const BottomNav = lazy(() => import('./BottomNav').then((m) => ({ default: m.BottomNav })));
const PromptModal = lazy(() => import('../session/PromptModal').then((m) => ({ default: m.PromptModal })));

function PromptWhenAsked() {
  const asked = useShellStore((s) => s.prompt !== null);
  return asked ? (
    <Suspense fallback={null}>
      <PromptModal />
    </Suspense>
  ) : null;
}

const SkipLink = styled.a`
  position: absolute;
  top: ${tokens.space.xs};
  left: ${tokens.space.xs};
  z-index: ${tokens.zIndex.tooltip};
  padding: ${tokens.space.sm} ${tokens.space.md};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.primary};
  color: ${tokens.colors.onPrimary};
  font-weight: ${tokens.fontWeights.semibold};
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

const Main = styled.main<{ $bottomNav: boolean }>`
  display: block;
  min-height: calc(100vh - 56px);
  padding-bottom: ${({ $bottomNav }) => ($bottomNav ? bottomNavRoom : '0')};
  &:focus {
    outline: none;
  }
  /* A heading focused after a navigation is a landing point, not a control: no focus ring. */
  h1[${ROUTE_FOCUS_ATTRIBUTE}]:focus {
    outline: none;
  }
`;

export function ShellLayout({ children }: { children: ReactNode }) {
  const t = useShellT();
  const { mobileWeb } = usePrefixedNavigation();
  const maintenance = useAppStore((s) => s.maintenance);
  useRouteFocus(MAIN_ID);
  return (
    <>
      <GlobalStyles />
      {mobileWeb ? null : (
        <>
          <SkipLink href={`#${MAIN_ID}`}>{t('skipToContent')}</SkipLink>
          <Header />
        </>
      )}
      <Main id={MAIN_ID} tabIndex={-1} $bottomNav={mobileWeb}>
        {maintenance ? <MaintenancePage /> : children}
      </Main>
      {mobileWeb && (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      )}
      <PromptWhenAsked />
      <ToastViewport />
    </>
  );
}
