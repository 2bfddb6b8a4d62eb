// One remote's area of the page: its routes below the mount, inside the remote's own error
// boundary and Suspense, so a missing or broken remote leaves the rest of Pasar working.
import styled from '@emotion/styled';
import { Suspense, use, useCallback, useState } from 'react';
import {
  Route,
  Routes,
  tokens,
  useAppStore,
  useLocation,
  type AppState,
  type RemoteModule,
  type RemoteRoute,
} from '@pasar/shared';
import { LoginRequired } from '../pages/LoginRequired';
import { NotFoundPage } from '../pages/NotFoundPage';
import { relativeToMount, type RemoteId } from '../routes/route-table';
import { usePageFlags } from '../state/use-page-flags';
import { useShellT } from '../i18n/shell-i18n';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { useRemoteLoader } from './RemoteLoaderContext';
import { RemoteSkeleton } from './RemoteSkeleton';
import { RemoteUnavailable } from './RemoteUnavailable';

export interface RemoteOutletProps {
  remote: RemoteId;
  /** The path prefix the shell gives the remote (`/trade`, `/asset`). */
  mount: string;
}

const Area = styled.div`
  position: relative;
  min-height: 240px;
`;

const BuildTag = styled.span`
  position: absolute;
  top: ${tokens.space.xs};
  right: ${tokens.space.xs};
  z-index: ${tokens.zIndex.sticky};
  padding: 0 ${tokens.space.xs};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.sm};
  background: ${tokens.colors.surfaceSunken};
  color: ${tokens.colors.textMuted};
  font-family: ${tokens.fonts.mono};
  font-size: ${tokens.fontSizes.xs};
  pointer-events: none;
`;

export function RemoteOutlet({ remote, mount }: RemoteOutletProps) {
  const loader = useRemoteLoader();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    loader.retry(remote);
    setAttempt((n) => n + 1);
  }, [loader, remote]);

  return (
    <Area data-remote={remote}>
      <RemoteErrorBoundary
        key={attempt}
        remoteId={remote}
        resetKey={pathname}
        fallback={<RemoteUnavailable remoteId={remote} onRetry={retry} focusRetry={attempt > 0} />}
      >
        <Suspense fallback={<RemoteSkeleton />}>
          <RemoteRoutes remote={remote} mount={mount} />
        </Suspense>
      </RemoteErrorBoundary>
    </Area>
  );
}

function RemoteRoutes({ remote, mount }: RemoteOutletProps) {
  const module: RemoteModule = use(useRemoteLoader().load(remote));
  const t = useShellT();
  const routes = module.routes.flatMap((route) => {
    const path = relativeToMount(route.path, mount);
    return path === null ? [] : [{ path, route }];
  });
  return (
    <>
      {module.buildLabel ? (
        <BuildTag data-testid="remote-build-label" title={t('buildLabel', { label: module.buildLabel })}>
          {module.buildLabel}
        </BuildTag>
      ) : null}
      <Routes>
        {routes.map(({ path, route }) =>
          path === '' ? (
            <Route key={route.path} index element={<RemotePage route={route} />} />
          ) : (
            <Route key={route.path} path={path} element={<RemotePage route={route} />} />
          ),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}

const isLoggedIn = (state: AppState): boolean => state.auth.accessToken !== null;

/** A remote's page with its properties (§2) passed to the shell. */
function RemotePage({ route }: { route: RemoteRoute }) {
  usePageFlags({ guest: !!route.guest, signup: !!route.signup, auth: !!route.auth });
  const loggedIn = useAppStore(isLoggedIn);
  if (route.auth && !loggedIn) return <LoginRequired />;
  const { Component } = route;
  return <Component />;
}
