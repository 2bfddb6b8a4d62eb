// The page's API client, wired to the shared store, storage and event bus so it works before the
// shell configures anything; the shell may still override hosts and hooks with `api.configure`.
import { appStore } from '../store/app-store';
import { eventBus } from '../events/event-bus';
import { COOKIE_KEYS, getCookie } from '../storage/cookie-storage';
import { getDeviceId } from '../storage/device-id';
import { type ApiClient, type ApiClientHooks, createApiClient } from './api-client';
import { isApiError } from './api-error';
import { API_PATHS } from './api-paths';
import { createSessionManager, hasPromptHandler, requestPrompt, type SessionManager } from './session-manager';

// Set once the page's session manager exists (below); hooks read it lazily.
let refresher: SessionManager | null = null;

/** Hooks that connect a client to the shared session state. */
export function sessionHooks(store = appStore, bus = eventBus): Required<ApiClientHooks> {
  // Read (and if need be created) once: the id is the device's for good, and reading the cookie
  // for every call cost a synchronous cookie read per request (a symbol switch sends five or more).
  let deviceId: string | undefined;
  return {
    getToken: () => store.getState().auth.accessToken,
    getLanguage: () => store.getState().language,
    getDeviceId: () => (deviceId ??= getDeviceId()),
    getFirebaseInstanceId: () => getCookie(COOKIE_KEYS.firebaseInstanceId),
    isGuestMode: () => store.getState().guestMode,
    onMaintenance: () => {
      store.getState().setMaintenance(true);
      bus.emit('session:maintenance');
    },
    // The shell's prompt answers and the call is retried; without one (a remote's standalone
    // page) the event still tells whoever listens.
    onPrompt: (code) => {
      if (hasPromptHandler()) return requestPrompt(code);
      bus.emit('prompt:pin', { code });
      return undefined;
    },
    refreshSession: () => (refresher ? refresher.refresh() : Promise.resolve(false)),
    onForcedLogout: () => {
      // Parallel calls can all answer 401; the session ends once.
      if (store.getState().auth.accessToken) store.getState().logout('forced');
    },
  };
}

/** Same-origin client for the whole page (shared is a Module Federation singleton). */
export const api: ApiClient = createApiClient(sessionHooks());

/** The page's session manager: token refresh for `api` and the store. The shell starts it. */
export const sessionManager: SessionManager = createSessionManager({ client: api, store: appStore });
refresher = sessionManager;

/**
 * Ends the session: calls logout (flagged, so its own 401 is not a forced logout), then clears
 * the session whatever the answer (§4: a failed logout call still clears the session).
 */
export async function logoutSession(client: ApiClient = api, store = appStore): Promise<void> {
  try {
    await client.post(API_PATHS.logout, undefined, { logout: true });
  } catch (error) {
    // A refused logout (the session had already ended) is expected; only a failure is an error.
    if (!(isApiError(error) && error.httpStatus < 500)) console.error('[api] logout call failed; clearing the session anyway', error);
  } finally {
    store.getState().logout('user');
  }
}
