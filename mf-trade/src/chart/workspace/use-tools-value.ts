// Hands a value to a chart's tools (studies, drawings, view, position lines: their own chunk) each
// time it changes, fetching that chunk only once the value needs it: a chart whose value has only
// ever been the default (the theme's view, no position) never loads the tools for it.
import { useEffect, useRef } from 'react';
import type { ChartEngine } from '../chart-engine';
import type { ChartTools } from '../chart-tools';

export function useToolsValue<T>(engine: ChartEngine | null, value: T, needed: boolean, apply: (tools: ChartTools, value: T) => void, what: string): void {
  const shownOn = useRef<ChartEngine | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!engine || (!needed && shownOn.current !== engine)) return;
    shownOn.current = engine;
    engine.openTools().then(
      (tools) => applyRef.current(tools, value),
      (error: unknown) => console.warn(`[trade] chart ${what} could not be shown`, error),
    );
  }, [engine, value, needed, what]);
}
