import { useLayoutEffect } from 'react';
import { appStore } from '@pasar/shared';
import { useShellStore, type PageFlags } from './shell-store';

/** Declares the properties of the page on screen; guest mode also reaches the API client. */
export function usePageFlags({ guest = false, signup = false, auth = false }: Partial<PageFlags>): void {
  const setPage = useShellStore((s) => s.setPage);
  useLayoutEffect(() => {
    setPage({ guest, signup, auth });
    appStore.getState().setGuestMode(guest);
  }, [guest, signup, auth, setPage]);
}
