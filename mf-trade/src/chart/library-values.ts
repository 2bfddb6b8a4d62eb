// lightweight-charts' enum values as plain values, named once for the chart's files: importing the
// library's enums would add their exports to the library chunk, which the guest page fetches on
// idle (decision 0006). Types only come from the library; these are its documented values.
import type { ColorType, CrosshairMode, LineStyle, PriceScaleMode, TickMarkType } from 'lightweight-charts';

/** ColorType.Solid */
export const SOLID = 'solid' as ColorType;
/** LineStyle.Solid, .Dotted, .Dashed */
export const LINE_SOLID = 0 as LineStyle;
export const LINE_DOTTED = 1 as LineStyle;
export const LINE_DASHED = 2 as LineStyle;
/** CrosshairMode.Normal, .Magnet, .Hidden */
export const CROSSHAIR_NORMAL = 0 as CrosshairMode;
export const CROSSHAIR_MAGNET = 1 as CrosshairMode;
export const CROSSHAIR_HIDDEN = 2 as CrosshairMode;
/** PriceScaleMode.Normal, .Logarithmic, .Percentage */
export const SCALE_NORMAL = 0 as PriceScaleMode;
export const SCALE_LOG = 1 as PriceScaleMode;
export const SCALE_PERCENTAGE = 2 as PriceScaleMode;
/** TickMarkType.Year, .Month, .DayOfMonth */
export const TICK_YEAR = 0 as TickMarkType;
export const TICK_MONTH = 1 as TickMarkType;
export const TICK_DAY = 2 as TickMarkType;
