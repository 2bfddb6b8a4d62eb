// Saved charts, study and drawing templates, and the user web chart settings (§3, §7 Charts) — zod
// schemas and their types. Paths and plain constants: `charts-paths.ts`.
//
// A saved chart's content is the text of the JSON file it was saved with, answered byte for byte
// (a string: the chart parses it). A template's content is a JSON object in the body.
import { z } from './zod';
import { plainLine } from './text';
import { CHART_NAME_MAX } from './charts-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
/** A saved chart's or a template's name: one line, no control characters. */
export const ChartName = plainLine().min(1).max(CHART_NAME_MAX);
/** Any JSON object (the server bounds its size). */
export const JsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof JsonObject>;

/**
 * The text fields of a save (multipart, beside the `content` JSON file). The symbol and resolution
 * are judged against the market registry by the server (a listed symbol, a resolution its market
 * offers), so the shapes here are only their lengths.
 */
export const SavedChartFields = z.object({
  /** A chart of the person's to update; absent: a new chart. */
  chartId: plainLine().min(1).max(64).optional(),
  name: ChartName,
  /** §9: "1", "5", "60", "1D", "1W", … as the symbol's market offers. */
  resolution: plainLine().min(1).max(8),
  /** A ticker ("BTC-IDR", "AAPL", "BBCA", "BTCUSDT-PERP") or a symbol-info id ("CRYPTO:BTC-IDR", "USSTOCK:7"). */
  symbol: plainLine().min(1).max(48),
});
export type SavedChartFields = z.infer<typeof SavedChartFields>;

export const SaveChartResponse = z.object({ _id: z.string() });
export type SaveChartResponse = z.infer<typeof SaveChartResponse>;

/** One saved chart in the list: crypto symbols as short ticker + -IDR, others as their ticker. */
export const SavedChart = z.object({
  id: z.string(),
  name: z.string(),
  resolution: z.string(),
  symbol: z.string(),
  /** The JSON text as saved (crypto and US stock symbol prefixes stripped); absent when the list was asked for without it. */
  content: z.string().optional(),
  updatedAt: IsoDateTime,
});
export type SavedChart = z.infer<typeof SavedChart>;
export const SavedChartsResponse = z.array(SavedChart);
export type SavedChartsResponse = z.infer<typeof SavedChartsResponse>;
/** `?content=false`: the list without each chart's content (a menu of names needs none of it). */
export const SavedChartsQuery = z.object({ content: z.enum(['true', 'false']).default('true') });
export type SavedChartsQuery = z.infer<typeof SavedChartsQuery>;

/** GET by id: what a chart needs to open. */
export const SavedChartContent = z.object({ name: z.string(), symbol: z.string(), resolution: z.string(), content: z.string() });
export type SavedChartContent = z.infer<typeof SavedChartContent>;

export const RenameChartRequest = z.object({ name: ChartName });
export type RenameChartRequest = z.infer<typeof RenameChartRequest>;
export const ChartIdParams = z.object({ id: z.string().min(1).max(64) });
export const ChartDeletedResponse = z.object({ deleted: z.literal(true) });
export type ChartDeletedResponse = z.infer<typeof ChartDeletedResponse>;

/** A study template: the studies with their parameters and colours. */
export const StudyTemplateRequest = z.object({ name: ChartName, content: JsonObject });
export type StudyTemplateRequest = z.infer<typeof StudyTemplateRequest>;
export const StudyTemplate = z.object({ id: z.string(), name: z.string(), content: JsonObject, createdAt: IsoDateTime, updatedAt: IsoDateTime });
export type StudyTemplate = z.infer<typeof StudyTemplate>;
export const StudyTemplatesResponse = z.array(StudyTemplate);
export type StudyTemplatesResponse = z.infer<typeof StudyTemplatesResponse>;

/** A drawing tool's name ("trend-line", "horizontal-line", "fib-retracement"). */
export const DrawingToolName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, 'must be a drawing tool name such as trend-line');
/** A drawing template: the style of one drawing tool. */
export const DrawingTemplateRequest = z.object({ name: ChartName, tool: DrawingToolName, content: JsonObject });
export type DrawingTemplateRequest = z.infer<typeof DrawingTemplateRequest>;
export const DrawingTemplate = StudyTemplate.extend({ tool: z.string() });
export type DrawingTemplate = z.infer<typeof DrawingTemplate>;
export const DrawingTemplatesResponse = z.array(DrawingTemplate);
export type DrawingTemplatesResponse = z.infer<typeof DrawingTemplatesResponse>;

export const RenameTemplateRequest = z.object({ name: ChartName });
export type RenameTemplateRequest = z.infer<typeof RenameTemplateRequest>;

/** The user web chart settings: each kind of properties an object, null while never saved. */
export const ChartSettings = z.object({
  tvProperties: JsonObject.nullable(),
  cryptoProperties: JsonObject.nullable(),
  usStockProperties: JsonObject.nullable(),
  idxProperties: JsonObject.nullable(),
  perpProperties: JsonObject.nullable(),
});
export type ChartSettings = z.infer<typeof ChartSettings>;
/** Either or both kinds; each given one replaces its stored object, the others are kept. */
export const ChartSettingsRequest = z
  .object({
    tvProperties: JsonObject.optional(),
    cryptoProperties: JsonObject.optional(),
    usStockProperties: JsonObject.optional(),
    idxProperties: JsonObject.optional(),
    perpProperties: JsonObject.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'must hold tvProperties or a {product}Properties');
export type ChartSettingsRequest = z.infer<typeof ChartSettingsRequest>;
