// Which characters user free text may hold, as plain values (no zod): the contract's text schemas,
// the browser and the operator CLI all read these.
//
// Control characters have no meaning in a name, a place or an address: C0 controls (ESC starts
// terminal escape sequences), DEL, C1 controls (CSI, OSC … in 8-bit form) and the bidirectional
// overrides and isolates, which reorder how the surrounding text is displayed. Multi-line fields
// (addresses, notes, reasons) may also hold tab, line feed and carriage return.

/** Every control character, as one global pattern (for escaping): C0, DEL, C1 and bidirectional controls. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/** True when single-line user text holds no control character. */
export const isPlainLine = (text: string): boolean => !SINGLE_LINE_FORBIDDEN.test(text);

/** True when multi-line user text holds no control character but tab, line feed and carriage return. */
export const isPlainMultiLine = (text: string): boolean => !MULTI_LINE_FORBIDDEN.test(text);
