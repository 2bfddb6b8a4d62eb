import type { Ref, RefCallback } from 'react';

/** One ref callback feeding several refs (a component's own and its caller's). */
export const mergeRefs =
  <T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> =>
  (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };

/** Joins id lists for aria-describedby / aria-labelledby, skipping blanks. */
export const joinIds = (...ids: (string | false | null | undefined)[]): string | undefined =>
  ids.filter(Boolean).join(' ') || undefined;
