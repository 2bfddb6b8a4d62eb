import { useEffect, useRef } from 'react';
import { Button } from '@pasar/shared';
import { useShellT } from '../i18n/shell-i18n';
import { InlinePanel, PanelSubtitle, PanelText } from '../layout/panel-styles';
import { usePageFlags } from '../state/use-page-flags';

interface Props {
  remoteId: string;
  onRetry: () => void;
  /** After a failed retry the button keeps the focus it had. */
  focusRetry: boolean;
}

/** The local stand-in for a remote that could not load or crashed. */
export function RemoteUnavailable({ remoteId, onRetry, focusRetry }: Props) {
  const t = useShellT();
  // The shell's own page, not a guest-mode one: the session's balances load (and the header shows
  // them) instead of waiting for a page that did not come.
  usePageFlags({});
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusRetry) retryRef.current?.focus();
  }, [focusRetry]);
  return (
    <InlinePanel role="alert" data-testid="remote-unavailable" data-remote={remoteId}>
      <PanelSubtitle>{t('unavailable.title')}</PanelSubtitle>
      <PanelText>{t('unavailable.body')}</PanelText>
      <Button ref={retryRef} variant="secondary" onClick={onRetry}>
        {t('unavailable.retry')}
      </Button>
    </InlinePanel>
  );
}
