// Logout (§4): the flagged logout call, then the session is cleared whatever the call answered
// (tokens, user id, last symbol, firebase ids; auth, trading, misc and chart state; the
// `auth:logout` event). Navigation back to the trade home follows the event (see useSessionEvents).
import { api, appStore, logoutSession, type ApiClient } from '@pasar/shared';

export async function logout(client: ApiClient = api, store = appStore): Promise<void> {
  await logoutSession(client, store);
}
