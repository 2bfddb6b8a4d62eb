// What a form says about free text the contract's plainLine()/plainMultiLine() refuse: one key of
// the common namespace, so every form shows the same localized message before the server is asked.
import { isPlainLine, isPlainMultiLine } from '../contract/text-values';
import { COMMON_NAMESPACE } from './common-translations';

/** `t(CONTROL_CHARACTERS_KEY)` works in any namespace: the key names the common one. */
export const CONTROL_CHARACTERS_KEY = `${COMMON_NAMESPACE}:error.controlCharacters`;

/**
 * The i18n key of the problem with a free-text value, or null: a single-line field refuses every
 * control character; a multi-line one (`multiLine`) keeps tab and line breaks.
 */
export function plainTextProblem(text: string, multiLine = false): string | null {
  return (multiLine ? isPlainMultiLine(text) : isPlainLine(text)) ? null : CONTROL_CHARACTERS_KEY;
}
