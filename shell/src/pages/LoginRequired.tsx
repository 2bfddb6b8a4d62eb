import { ButtonLink, TextLink } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { Panel, PanelActions, PanelText, PanelTitle } from '../layout/panel-styles';

/** Shown to a guest instead of a page that needs a login. */
export function LoginRequired() {
  const t = useShellT();
  return (
    <Panel aria-labelledby="login-required-title">
      <PanelTitle id="login-required-title">{t('loginRequired.title')}</PanelTitle>
      <PanelText>{t('loginRequired.body')}</PanelText>
      <PanelActions>
        <ButtonLink to="/login">{t('loginRequired.login')}</ButtonLink>
        <TextLink to="/signup">{t('loginRequired.signup')}</TextLink>
      </PanelActions>
    </Panel>
  );
}
