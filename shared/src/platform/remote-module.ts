// The one thing a remote exposes (`./Module`): its routes, nav entries and translations.
import type { ComponentType } from 'react';
import type { Language } from '../contract/enums';

/** Translations of one i18n namespace, per language. */
export type Translations = Record<Language, Record<string, unknown>>;

export interface RemoteRoute {
  /**
   * Path of the route as the specification writes it, without the locale (`/en`) or mobile
   * (`/pwa`) prefix: `/trade/USDT-IDR`, `/asset/crypto/:symbol/:assetId`.
   */
  path: string;
  Component: ComponentType;
  /**
   * A guest-mode page (§2): viewable without login. While a guest looks at it the page is in guest
   * mode (no balance calls, no session handling, §6); a signed-in person keeps both there.
   */
  guest?: boolean;
  /** A signup page (§2). */
  signup?: boolean;
  /** The page needs a logged-in user (it shows a log-in prompt to guests). */
  auth?: boolean;
}

export interface NavEntry {
  /** Where the entry leads (unprefixed, like a route path). */
  path: string;
  /** Key in the remote's own namespace. */
  labelKey: string;
  /** Lower comes first in the header. */
  order: number;
}

export interface RemoteModule {
  /** Federation name: `mf_trade`. */
  id: string;
  /** The remote's own i18n namespace: `trade`. */
  namespace: string;
  routes: RemoteRoute[];
  nav: NavEntry[];
  i18n: Translations;
  /** A label baked in at build time (`PASAR_BUILD_LABEL`); the shell shows it when set. */
  buildLabel?: string;
}

/** Identity helper that types a remote's module. */
export const defineRemoteModule = (module: RemoteModule): RemoteModule => module;
