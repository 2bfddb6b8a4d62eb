import { ButtonLink, TextLink, useLocation } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { Panel, PanelActions, PanelText, PanelTitle } from '../layout/panel-styles';

/** Shown to a guest instead of a page that needs a login. */
export function LoginRequired() {
  const t = useShellT();
  // Login and sign-up bring the person back here afterwards.
  const { pathname, search } = useLocation();
  const from = { from: `${pathname}${search}` };
  return (
    <Panel aria-labelledby="login-required-title">
      <PanelTitle id="login-required-title">{t('loginRequired.title')}</PanelTitle>
      <PanelText>{t('loginRequired.body')}</PanelText>
      <PanelActions>
        <ButtonLink to="/login" state={from}>{t('loginRequired.login')}</ButtonLink>
        <TextLink to="/signup" state={from}>{t('loginRequired.signup')}</TextLink>
      </PanelActions>
    </Panel>
  );
}
