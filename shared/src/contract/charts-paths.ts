// Paths of the chart calls (§7 Charts: saved charts, study and drawing templates, the user web
// chart settings) and the area's plain constants (plain values: the browser index exports them
// without zod). Schemas: `charts.ts`.
//
// Everything here is a signed-in person's own; a guest gets 401, and another person's chart or
// template id answers 404, revealing nothing.

export const CHART_PATHS = {
  /** GET ?content=false (SavedChartsQuery, default with content): the person's saved charts, last used first (SavedChartsResponse). POST multipart SavedChartFields + a `content` JSON file: save, or update with `chartId` (SaveChartResponse). */
  charts: '/api/charts',
  /** GET: the user web chart settings (ChartSettings). POST ChartSettingsRequest: either or both kinds of properties; the others are kept. */
  settings: '/api/charts/settings',
  /** GET: the study templates (StudyTemplatesResponse). POST StudyTemplateRequest: a new one. */
  studyTemplates: '/api/charts/study-templates',
  /** GET: the drawing templates (DrawingTemplatesResponse). POST DrawingTemplateRequest: a new one. */
  drawingTemplates: '/api/charts/drawing-templates',
} as const;

/** `/api/charts/:id`: GET the chart (SavedChartContent; loading also re-saves it), PATCH RenameChartRequest, DELETE. */
export const chartPath = (id: string): string => `${CHART_PATHS.charts}/${encodeURIComponent(id)}`;
/** `/api/charts/study-templates/:id`: GET, PATCH RenameTemplateRequest, DELETE. */
export const studyTemplatePath = (id: string): string => `${CHART_PATHS.studyTemplates}/${encodeURIComponent(id)}`;
/** `/api/charts/drawing-templates/:id`: GET, PATCH RenameTemplateRequest, DELETE. */
export const drawingTemplatePath = (id: string): string => `${CHART_PATHS.drawingTemplates}/${encodeURIComponent(id)}`;

/** Longest name of a saved chart or a template. */
export const CHART_NAME_MAX = 64;
/** The multipart fields of a save, besides the `content` file. */
export const CHART_SAVE_FIELDS = ['chartId', 'name', 'resolution', 'symbol'] as const;
/** The multipart file part holding the chart's JSON. */
export const CHART_CONTENT_FIELD = 'content';
/** Largest content (bytes of JSON) until the server's configuration says otherwise (413 beyond). */
export const DEFAULT_CHART_CONTENT_MAX_BYTES = 1024 * 1024;
/** How many saved charts a person may keep, and templates of each kind (4408 beyond), until the server's configuration says otherwise. */
export const DEFAULT_CHART_LIMITS = { maxSavedCharts: 100, maxTemplatesPerKind: 100 } as const;

/**
 * The settings' kinds of properties: the chart's own (`tvProperties`: chart type, scale, colours,
 * crosshair, the layout of 1/2/4 charts) and one per market product.
 */
export const CHART_SETTINGS_KEYS = ['tvProperties', 'cryptoProperties', 'usStockProperties', 'idxProperties', 'perpProperties'] as const;
export type ChartSettingsKey = (typeof CHART_SETTINGS_KEYS)[number];

/**
 * Symbol prefixes a saved chart's content may carry from the symbol-info ids ("CRYPTO:BTC-IDR",
 * "USSTOCK:AAPL"); loading a chart strips them (§7 Charts).
 */
export const CHART_STRIPPED_PREFIXES = ['CRYPTO:', 'USSTOCK:'] as const;
