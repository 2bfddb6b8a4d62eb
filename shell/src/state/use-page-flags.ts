import { useLayoutEffect } from 'react';
import { appStore, useAppStore } from '@pasar/shared';
import { useShellStore, type PageFlags } from './shell-store';

/**
 * Declares the properties of the page on screen. Guest mode (§2, §6: no balance calls, no session
 * handling) means a guest is looking at a guest-mode page: a signed-in person on the same page
 * keeps their session, balances and forced logout. It follows login and logout on the page.
 */
export function usePageFlags({ guest = false, signup = false, auth = false }: Partial<PageFlags>): void {
  const setPage = useShellStore((s) => s.setPage);
  const signedIn = useAppStore((s) => s.auth.accessToken !== null);
  useLayoutEffect(() => {
    setPage({ guest, signup, auth });
  }, [guest, signup, auth, setPage]);
  useLayoutEffect(() => {
    appStore.getState().setGuestMode(guest && !signedIn);
  }, [guest, signedIn]);
}
