import { ButtonLink } from '@pasar/shared';
import { usePageFlags } from '../state/use-page-flags';
import { useShellT } from '../i18n/shell-i18n';
import { TRADE_HOME_PATH } from '../routes/route-table';
import { Panel, PanelText, PanelTitle } from '../layout/panel-styles';

export function NotFoundPage() {
  usePageFlags({});
  const t = useShellT();
  return (
    <Panel aria-labelledby="not-found-title">
      <PanelTitle id="not-found-title">{t('notFound.title')}</PanelTitle>
      <PanelText>{t('notFound.body')}</PanelText>
      <ButtonLink to={TRADE_HOME_PATH}>{t('notFound.home')}</ButtonLink>
    </Panel>
  );
}
