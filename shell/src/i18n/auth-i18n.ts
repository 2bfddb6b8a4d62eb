// The sign-in, sign-up, forgot-PIN and prompt screens' strings, added to the shell's namespace by
// the modules of those screens (each a lazy chunk), before any of them renders.
import { registerTranslations } from '@pasar/shared';
import { authEn } from './auth-en';
import { authId } from './auth-id';
import { SHELL_NAMESPACE } from './shell-i18n';

export const shellAuthTranslations = { id: authId, en: authEn };

export function registerShellAuthTranslations(): void {
  registerTranslations(SHELL_NAMESPACE, shellAuthTranslations);
}
