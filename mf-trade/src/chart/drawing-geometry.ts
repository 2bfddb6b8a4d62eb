// Drawings in screen space: which drawing a pointer is on, and the lines each tool draws. Pure
// (pixels in, pixels out), so the chart layer only converts between bars/prices and pixels.
import type { DrawingTool } from './chart-state';

export interface Pixel {
  x: number;
  y: number;
}

/** How near (px) a pointer must be to a drawing to pick it (a finger needs more than a mouse). */
export const HIT_DISTANCE_PX = { mouse: 6, touch: 14 } as const;

/** The Fibonacci retracement levels drawn between the two points. */
export const FIB_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

/** Distance from `p` to the segment a–b (or the ray from a through b, or the whole line). */
export function distanceToLine(p: Pixel, a: Pixel, b: Pixel, extend: 'segment' | 'ray' = 'segment'): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  if (length2 === 0) return Math.hypot(p.x - a.x, p.y - a.y);
  let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2;
  t = extend === 'ray' ? Math.max(0, t) : Math.min(1, Math.max(0, t));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** The end of a ray from a through b at the pane's edge (width × height). */
export function rayEnd(a: Pixel, b: Pixel, width: number, height: number): Pixel {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx === 0 && dy === 0) return b;
  const far = (Math.abs(width) + Math.abs(height)) * 2;
  const scale = far / Math.hypot(dx, dy);
  return { x: a.x + dx * scale, y: a.y + dy * scale };
}

/** The y of each Fibonacci level, from the first point's price (level 1) to the second's (level 0). */
export function fibLevelYs(a: Pixel, b: Pixel): { level: number; y: number }[] {
  return FIB_LEVELS.map((level) => ({ level, y: b.y + (a.y - b.y) * level }));
}

export interface TextBox {
  width: number;
  height: number;
}

/**
 * Distance (px) from the pointer to a drawing, 0 inside a rectangle's or a text's box;
 * `pixels` are the drawing's points on screen, `width` the pane's width.
 */
export function distanceToDrawing(tool: DrawingTool, pixels: readonly Pixel[], p: Pixel, width: number, text?: TextBox): number {
  const [a, b] = pixels;
  if (!a) return Infinity;
  switch (tool) {
    case 'hline':
      return Math.abs(p.y - a.y);
    case 'text': {
      const box = text ?? { width: 0, height: 0 };
      const inside = p.x >= a.x && p.x <= a.x + box.width && p.y >= a.y - box.height && p.y <= a.y;
      return inside ? 0 : Math.hypot(p.x - a.x, p.y - a.y);
    }
    default:
      break;
  }
  if (!b) return Infinity;
  switch (tool) {
    case 'trend':
      return distanceToLine(p, a, b, 'segment');
    case 'ray':
      return distanceToLine(p, a, b, 'ray');
    case 'rect': {
      const left = Math.min(a.x, b.x);
      const right = Math.max(a.x, b.x);
      const top = Math.min(a.y, b.y);
      const bottom = Math.max(a.y, b.y);
      if (p.x >= left && p.x <= right && p.y >= top && p.y <= bottom) return 0;
      const dx = Math.max(left - p.x, 0, p.x - right);
      const dy = Math.max(top - p.y, 0, p.y - bottom);
      return Math.hypot(dx, dy);
    }
    case 'fib': {
      const left = Math.min(a.x, b.x);
      const right = Math.max(width, Math.max(a.x, b.x));
      let best = distanceToLine(p, a, b, 'segment');
      for (const { y } of fibLevelYs(a, b)) best = Math.min(best, distanceToLine(p, { x: left, y }, { x: right, y }, 'segment'));
      return best;
    }
    default:
      return Infinity;
  }
}

/** The index of the drawing nearest to `p` within `tolerance`, preferring the one drawn last (on top). */
export function pickDrawing(items: readonly { tool: DrawingTool; pixels: readonly Pixel[]; text?: TextBox }[], p: Pixel, width: number, tolerance: number): number {
  let best = -1;
  let bestDistance = tolerance;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    const distance = distanceToDrawing(item.tool, item.pixels, p, width, item.text);
    if (distance < bestDistance || (distance === 0 && bestDistance > 0)) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}
