// What the operator CLI prints from user data goes through here: every control character (ESC,
// other C0 and C1 controls, DEL, line breaks, bidirectional overrides) is shown as a visible escape
// such as `\x1b` or `\u202e`, so stored text can neither drive the operator's terminal nor forge
// a line next to a record.
import { CONTROL_CHARACTERS } from '@pasar/shared/contract';

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeControl(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The text with each control character replaced by its visible escape; one terminal line. */
export function safeText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, escapeControl);
}
