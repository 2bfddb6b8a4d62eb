// When the shell refreshes balances (§4, §6): once per session, on the first page that is not a
// guest-mode page (at start with a session, or after login), with the stock and margin wallets;
// the IDR cash again when the tab comes back after more than 30 s hidden; and back to empty on
// logout. The rules themselves (guest mode, failures, coalescing) are shared's refreshBalances.
import { useEffect, useRef } from 'react';
import { appStore, refreshBalances, useAppStore } from '@pasar/shared';
import { useShellStore } from '../state/shell-store';

/** A tab hidden longer than this refreshes the IDR cash when it is shown again (ms). */
export const HIDDEN_REFRESH_AFTER_MS = 30_000;

export function useBalanceRefresh(): void {
  const loggedIn = useAppStore((s) => s.auth.accessToken !== null);
  const initialDone = useRef(false);
  const wasLoggedIn = useRef(loggedIn);

  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) {
      initialDone.current = false;
      void refreshBalances({ reset: true });
    }
    wasLoggedIn.current = loggedIn;
  }, [loggedIn]);

  // Until the page on screen has said whether it is a guest page, nothing is asked. The page's
  // flags are read from the stores, not rendered from: a page declaring them (in a layout effect of
  // the page's first commit) then re-renders nothing, where a re-render of the whole shell there
  // made React run every effect of that commit in the same long task.
  useEffect(() => {
    if (!loggedIn) return undefined;
    const check = () => {
      if (initialDone.current || appStore.getState().guestMode || !useShellStore.getState().pageDeclared) return;
      initialDone.current = true;
      void refreshBalances({ initial: true, gss: true, cryptoPerps: true });
    };
    check();
    const offApp = appStore.subscribe(check);
    const offShell = useShellStore.subscribe(check);
    return () => {
      offApp();
      offShell();
    };
  }, [loggedIn]);

  useEffect(() => {
    if (!loggedIn) return undefined;
    let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt ??= Date.now();
        return;
      }
      const away = hiddenAt === null ? 0 : Date.now() - hiddenAt;
      hiddenAt = null;
      if (away > HIDDEN_REFRESH_AFTER_MS) void refreshBalances();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [loggedIn]);
}
