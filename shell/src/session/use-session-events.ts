// The shell's answers to session events from anywhere on the page (the API client, a remote):
// a logout (asked for or forced by a 401/403) returns to the trade home; a 040/041 error opens
// the prompt, and the call that hit it waits for the answer (setPromptHandler); the session
// manager renews the access token in time; and the user's details are loaded once per session.
import { useEffect } from 'react';
import {
  api,
  appStore,
  eventBus,
  SESSION_PATHS,
  sessionManager,
  setPromptHandler,
  useAppStore,
  useNavigate,
  type UserMe,
} from '@pasar/shared';
import { TRADE_HOME_PATH } from '../routes/route-table';
import { useShellStore } from '../state/shell-store';

export function useSessionEvents(): void {
  const navigate = useNavigate();
  const openPrompt = useShellStore((s) => s.openPrompt);
  const token = useAppStore((s) => s.auth.accessToken);
  const hasDetails = useAppStore((s) => s.auth.userDetails !== null);

  useEffect(() => {
    const offLogout = eventBus.on('auth:logout', () => navigate(TRADE_HOME_PATH));
    const offPrompt = eventBus.on('prompt:pin', ({ code }) => openPrompt({ code }));
    const offHandler = setPromptHandler((code) => new Promise<boolean>((resolve) => openPrompt({ code, resolve })));
    return () => {
      offLogout();
      offPrompt();
      offHandler();
    };
  }, [navigate, openPrompt]);

  useEffect(() => {
    void sessionManager.start();
    return () => sessionManager.stop();
  }, []);

  // The token cookie outlives the page; who it belongs to is asked again (KYC states change).
  useEffect(() => {
    if (!token || hasDetails) return undefined;
    let current = true;
    api
      .get<UserMe>(SESSION_PATHS.userMe)
      .then((me) => {
        if (current && appStore.getState().auth.accessToken === token) {
          appStore.getState().setUserDetails({ id: me.id, gssKycStatus: me.gssKycStatus });
        }
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [token, hasDetails]);
}
