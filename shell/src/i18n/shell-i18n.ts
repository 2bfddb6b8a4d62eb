// The shell's namespace. Registered at start (before the first render), in both languages; the
// sign-in, sign-up and prompt screens add their own strings to it when their chunk loads
// (`registerShellAuthTranslations`).
import { useCallback } from 'react';
import { registerTranslations, useT } from '@pasar/shared';
import { en } from './en';
import type { ShellAuthStrings } from './auth-id';
import { id, type ShellStrings } from './id';

export const SHELL_NAMESPACE = 'shell';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the namespace, checked at compile time. */
export type ShellKey = Leaves<ShellStrings & ShellAuthStrings>;

export const shellTranslations = { id, en };

export function registerShellTranslations(): void {
  registerTranslations(SHELL_NAMESPACE, shellTranslations);
}

export type ShellT = (key: ShellKey, values?: Record<string, string | number>) => string;

/** `t` of the shell namespace, typed by its keys. */
export function useShellT(): ShellT {
  const { t } = useT(SHELL_NAMESPACE);
  return useCallback<ShellT>((key, values) => String(t(key, values)), [t]);
}
