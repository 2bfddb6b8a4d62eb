import { TextLink } from '@pasar/shared';
import { usePageFlags } from '../state/use-page-flags';
import { useShellT } from '../i18n/shell-i18n';
import { Panel, PanelText, PanelTitle } from '../layout/panel-styles';

/** `/signup`, flagged as a signup page (§2). */
export function SignupPage() {
  usePageFlags({ signup: true });
  const t = useShellT();
  return (
    <Panel aria-labelledby="signup-title">
      <PanelTitle id="signup-title">{t('signup.title')}</PanelTitle>
      <PanelText>{t('signup.body')}</PanelText>
      <p>
        {t('signup.hasAccount')} <TextLink to="/login">{t('signup.toLogin')}</TextLink>
      </p>
    </Panel>
  );
}
