// The shell's answers to session events from anywhere on the page (the API client, a remote):
// a logout (asked for or forced by a 401/403) returns to the trade home, and a 040/041 error
// opens the prompt.
import { useEffect } from 'react';
import { eventBus, useNavigate } from '@pasar/shared';
import { TRADE_HOME_PATH } from '../routes/route-table';
import { useShellStore } from '../state/shell-store';

export function useSessionEvents(): void {
  const navigate = useNavigate();
  const openPrompt = useShellStore((s) => s.openPrompt);

  useEffect(() => {
    const offLogout = eventBus.on('auth:logout', () => navigate(TRADE_HOME_PATH));
    const offPrompt = eventBus.on('prompt:pin', ({ code }) => openPrompt({ code }));
    return () => {
      offLogout();
      offPrompt();
    };
  }, [navigate, openPrompt]);
}
