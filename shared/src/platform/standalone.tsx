// A remote's standalone dev page (`pnpm --filter @pasar/mf-x dev`): the remote's routes in a
// minimal frame that behaves like the shell's, so a team can work on its pages without the shell.
// Like the shell, the URL prefix (`/en` English, `/pwa` mobile web) is the router's basename:
// pages see unprefixed paths and a plain `<Link to="/balance">` keeps the current prefix.
import styled from '@emotion/styled';
import {
  StrictMode,
  Suspense,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  Link,
  NavigationType,
  Navigate,
  Route,
  Router,
  Routes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
} from './router';
import type { Language } from '../contract/enums';
import { currentLanguage, initialLanguage, registerTranslations, setLanguage, useT } from '../i18n';
import { appStore } from '../store';
import { applyTheme, GlobalStyles, tokens } from '../theme';
import { Spinner, ToastViewport } from '../ui';
import type { RemoteModule, Translations } from './remote-module';

const STANDALONE_NAMESPACE = 'standalone';

const STANDALONE_TRANSLATIONS: Translations = {
  id: {
    badge: 'Mode mandiri',
    heading: 'Remote {{id}} berjalan sendiri, tanpa shell',
    pages: 'Halaman remote',
    notFound: 'Remote ini tidak punya halaman di alamat ini.',
  },
  en: {
    badge: 'Standalone',
    heading: 'Remote {{id}} running on its own, without the shell',
    pages: 'Remote pages',
    notFound: 'This remote has no page at this address.',
  },
};

const PREFIX_SEGMENTS = new Set(['en', 'pwa']);

/**
 * The prefix the URL starts with: `''`, `/en`, `/pwa`, `/pwa/en` (the shell's order) or
 * `/en/pwa`. It is the router's basename, so it is taken as written, never reordered.
 */
function prefixOf(pathname: string): string {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (!first || !PREFIX_SEGMENTS.has(first)) return '';
  return second && second !== first && PREFIX_SEGMENTS.has(second) ? `/${first}/${second}` : `/${first}`;
}

const languageOf = (pathname: string): Language => (prefixOf(pathname).split('/').includes('en') ? 'en' : 'id');

/** A BrowserRouter whose basename follows the URL's prefix, as the shell's router does. */
function StandaloneRouter({ children }: { children: ReactNode }) {
  const history = useMemo(() => createBrowserHistory({ v5Compat: true }), []);
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  useLayoutEffect(() => history.listen(({ action, location }) => setState({ action, location })), [history]);

  const prefix = prefixOf(state.location.pathname);
  const language = languageOf(state.location.pathname);
  // The URL decides the language (the shell's rule); switching prefix switches it.
  useLayoutEffect(() => {
    if (currentLanguage() !== language) void setLanguage(language);
  }, [language]);

  return (
    <Router basename={prefix || '/'} location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

const Frame = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space.sm} ${tokens.space.md};
  padding: ${tokens.space.sm} ${tokens.space.lg};
  border-bottom: 1px solid ${tokens.colors.border};
  background: ${tokens.colors.surface};
  font-size: ${tokens.fontSizes.sm};
`;

const Badge = styled.span`
  padding: 0 ${tokens.space.sm};
  border-radius: ${tokens.radii.pill};
  background: ${tokens.colors.warning};
  color: ${tokens.colors.onWarning};
  font-weight: ${tokens.fontWeights.semibold};
`;

const FrameText = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
`;

const FrameNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.md};
  margin-left: auto;
  a {
    color: ${tokens.colors.primaryText};
  }
`;

const Fallback = styled.div`
  display: flex;
  justify-content: center;
  padding: ${tokens.space.xxl};
`;

const Notice = styled.p`
  padding: ${tokens.space.xl} ${tokens.space.lg};
  text-align: center;
  color: ${tokens.colors.textMuted};
`;

function StandaloneFrame({ module }: { module: RemoteModule }) {
  const { t } = useT(STANDALONE_NAMESPACE);
  const { t: tRemote } = useT(module.namespace);
  const nav = [...module.nav].sort((a, b) => a.order - b.order);
  return (
    <Frame>
      <Badge>{t('badge')}</Badge>
      <FrameText>{t('heading', { id: module.id })}</FrameText>
      {nav.length > 0 && (
        <FrameNav aria-label={t('pages')}>
          {nav.map((entry) => (
            <Link key={entry.path} to={entry.path}>
              {tRemote(entry.labelKey)}
            </Link>
          ))}
        </FrameNav>
      )}
    </Frame>
  );
}

function NoSuchPage() {
  const { t } = useT(STANDALONE_NAMESPACE);
  return <Notice>{t('notFound')}</Notice>;
}

/** The remote's routes inside the standalone frame; exported so it can be rendered in tests. */
export function StandaloneApp({ module }: { module: RemoteModule }) {
  const home = module.nav[0]?.path ?? module.routes[0]?.path ?? '/';
  return (
    <>
      <GlobalStyles />
      <StandaloneFrame module={module} />
      <main>
        <Suspense
          fallback={
            <Fallback>
              <Spinner />
            </Fallback>
          }
        >
          <Routes>
            {module.routes.map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
            {!module.routes.some((route) => route.path === '/') && (
              <Route path="/" element={<Navigate to={home} replace />} />
            )}
            <Route path="*" element={<NoSuchPage />} />
          </Routes>
        </Suspense>
      </main>
      <ToastViewport />
    </>
  );
}

export interface StandaloneOptions {
  /** Where to render; `#root` by default. */
  container?: HTMLElement;
}

/** Renders one remote by itself: translations, theme and language set up as the shell would. */
export function renderStandalone(module: RemoteModule, options: StandaloneOptions = {}): Root {
  const container = options.container ?? document.getElementById('root');
  if (!container) throw new Error('renderStandalone: no #root element to render into');

  registerTranslations(STANDALONE_NAMESPACE, STANDALONE_TRANSLATIONS);
  registerTranslations(module.namespace, module.i18n);
  applyTheme(appStore.getState().theme);

  // `/` goes to the remembered language; any other URL speaks its own prefix's language.
  if (window.location.pathname === '/' && initialLanguage() === 'en') {
    window.history.replaceState(window.history.state, '', `/en${window.location.search}${window.location.hash}`);
  }
  void setLanguage(languageOf(window.location.pathname));

  const root = createRoot(container);
  root.render(
    <StrictMode>
      <StandaloneRouter>
        <StandaloneApp module={module} />
      </StandaloneRouter>
    </StrictMode>,
  );
  return root;
}
