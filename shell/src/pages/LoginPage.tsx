import { TextLink } from '@pasar/shared';
import { usePageFlags } from '../state/use-page-flags';
import { useShellT } from '../i18n/shell-i18n';
import { Panel, PanelText, PanelTitle } from '../layout/panel-styles';

/** `/login`: the phone, OTP and PIN flow arrives with the identity work; this page says so. */
export function LoginPage() {
  usePageFlags({});
  const t = useShellT();
  return (
    <Panel aria-labelledby="login-title">
      <PanelTitle id="login-title">{t('login.title')}</PanelTitle>
      <PanelText>{t('login.body')}</PanelText>
      <p>
        {t('login.noAccount')} <TextLink to="/signup">{t('login.toSignup')}</TextLink>
      </p>
    </Panel>
  );
}
