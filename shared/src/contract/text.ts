// The zod strings every user free-text field is built from, so the server and the client refuse
// the same characters (see text-values): `plainLine().min(2).max(100)`.
import { z } from './zod';
import { CONTROL_CHARACTERS_MESSAGE, isPlainLine, isPlainMultiLine } from './text-values';

/** Trimmed single-line text without control characters (names, places, signatures). */
export const plainLine = () => z.string().trim().refine(isPlainLine, CONTROL_CHARACTERS_MESSAGE);

/** Trimmed text that may span lines (tab and line breaks kept), without other control characters. */
export const plainMultiLine = () => z.string().trim().refine(isPlainMultiLine, CONTROL_CHARACTERS_MESSAGE);
