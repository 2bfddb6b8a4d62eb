import { Button, appStore } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { Panel, PanelText, PanelTitle } from '../layout/panel-styles';

/** Replaces the content while the API answers 503 (§4, §8). */
export function MaintenancePage() {
  const t = useShellT();
  return (
    <Panel aria-labelledby="maintenance-title" data-testid="maintenance-page">
      <PanelTitle id="maintenance-title">{t('maintenance.title')}</PanelTitle>
      <PanelText>{t('maintenance.body')}</PanelText>
      {/* Leaving the state lets pages call again; another 503 brings this page back. */}
      <Button variant="secondary" onClick={() => appStore.getState().setMaintenance(false)}>
        {t('maintenance.reload')}
      </Button>
    </Panel>
  );
}
