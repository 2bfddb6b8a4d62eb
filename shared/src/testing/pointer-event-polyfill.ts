// jsdom has no PointerEvent, so `pointerType` (mouse or touch) is lost in tests. A minimal one,
// installed only where missing.
export const installPointerEventPolyfill = (): void => {
  if (typeof window === 'undefined' || window.PointerEvent) return;
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    readonly isPrimary: boolean;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
      this.isPrimary = init.isPrimary ?? true;
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
};
