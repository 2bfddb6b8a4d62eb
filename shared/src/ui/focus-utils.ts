// Focus helpers for dialogs: what can take focus, and which dialog is on top.

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Elements inside `container` reachable with Tab, in DOM order. */
export const getTabbable = (container: HTMLElement): HTMLElement[] =>
  Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.hidden && !el.closest('[hidden], [inert]'),
  );

// Open dialogs, innermost last: only the top one is shown, answers Escape and holds focus (one
// dialog at a time: a prompt the shell opens over an order review hides the review until it ends).
const dialogStack: string[] = [];
const stackListeners = new Set<() => void>();
const stackChanged = () => stackListeners.forEach((listener) => listener());

export const pushDialog = (id: string): void => {
  dialogStack.push(id);
  stackChanged();
};

export const removeDialog = (id: string): void => {
  const index = dialogStack.lastIndexOf(id);
  if (index >= 0) dialogStack.splice(index, 1);
  stackChanged();
};

export const isTopDialog = (id: string): boolean => dialogStack[dialogStack.length - 1] === id;

/** The dialog on top (null when none is open), and a subscription to its changes (useSyncExternalStore). */
export const topDialog = (): string | null => dialogStack[dialogStack.length - 1] ?? null;
export const subscribeDialogs = (listener: () => void): (() => void) => {
  stackListeners.add(listener);
  return () => stackListeners.delete(listener);
};

export const openDialogCount = (): number => dialogStack.length;

// Page scroll is locked while any dialog is open and restored when the last one closes.
let savedOverflow = '';

export const lockPageScroll = (): void => {
  if (dialogStack.length === 1) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
};

export const unlockPageScroll = (): void => {
  if (dialogStack.length === 0) document.body.style.overflow = savedOverflow;
};
