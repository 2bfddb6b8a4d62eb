// What a chart holds besides its candles: the studies (indicators), the drawings, the chart type
// and the visible range. Saved charts, study and drawing templates and layouts store this shape,
// so it is plain data with a version, and these helpers are pure (no chart library here: this
// module is small enough for any chunk that saves or loads a chart).

export const STUDY_TYPES = ['MA', 'EMA', 'BOLL', 'VWAP', 'VOL', 'RSI', 'MACD', 'STOCH'] as const;
export type StudyType = (typeof STUDY_TYPES)[number];

export const DRAWING_TOOLS = ['trend', 'ray', 'hline', 'rect', 'fib', 'text'] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];

export const CHART_TYPES = ['candles', 'line', 'area', 'heikin-ashi'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface Study {
  id: string;
  type: StudyType;
  params: Record<string, number>;
  colors: string[];
  pane: 'price' | 'own';
}

export interface DrawingPoint {
  /** Epoch milliseconds of the bar the point sits on (the candles' `t`). */
  time: number;
  /** A decimal string, as every price on the wire. */
  price: string;
}

export interface DrawingStyle {
  color: string;
  width: number;
  dash?: boolean;
}

export interface Drawing {
  id: string;
  tool: DrawingTool;
  points: DrawingPoint[];
  style: DrawingStyle;
  text?: string;
  /**
   * The symbol it was drawn on: a chart shows only its symbol's drawings and keeps the others for
   * when the person comes back. None: a template's (or an older state's), the chart's own symbol.
   */
  symbol?: string;
}

export interface ChartState {
  version: 1;
  symbol: string;
  resolution: string;
  range?: { from: number; to: number };
  chartType?: ChartType;
  studies: Study[];
  drawings: Drawing[];
}

/** Points each drawing tool needs (a text label and a horizontal line sit on one point). */
export const DRAWING_POINT_COUNT: Readonly<Record<DrawingTool, number>> = {
  trend: 2,
  ray: 2,
  hline: 1,
  rect: 2,
  fib: 2,
  text: 1,
};

/** Default parameters and colours of each study, and where it is drawn. */
export const STUDY_DEFAULTS: Readonly<Record<StudyType, Omit<Study, 'id' | 'type'>>> = {
  MA: { params: { period: 20 }, colors: ['#2962ff'], pane: 'price' },
  EMA: { params: { period: 50 }, colors: ['#ff6d00'], pane: 'price' },
  BOLL: { params: { period: 20, deviation: 2 }, colors: ['#7e57c2', '#26a69a', '#26a69a'], pane: 'price' },
  VWAP: { params: {}, colors: ['#ad1457'], pane: 'price' },
  VOL: { params: { maPeriod: 20 }, colors: ['#26a69a', '#ef5350', '#f9a825'], pane: 'own' },
  RSI: { params: { period: 14 }, colors: ['#7e57c2'], pane: 'own' },
  MACD: { params: { short: 12, long: 26, signal: 9 }, colors: ['#2962ff', '#ff6d00', '#26a69a'], pane: 'own' },
  STOCH: { params: { k: 14, d: 3, smooth: 3 }, colors: ['#2962ff', '#ff6d00'], pane: 'own' },
};

let counter = 0;
/** A short id unique within a page (studies and drawings are referenced by id inside one state). */
export function newChartItemId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter.toString(36)}`;
}

export function newStudy(type: StudyType): Study {
  const defaults = STUDY_DEFAULTS[type];
  return { id: newChartItemId('s'), type, params: { ...defaults.params }, colors: [...defaults.colors], pane: defaults.pane };
}

export function emptyChartState(symbol: string, resolution: string): ChartState {
  return { version: 1, symbol, resolution, studies: [], drawings: [] };
}

/** A study template is a state's studies; copies, so a template never aliases a live chart. */
export function studiesOf(state: ChartState): Study[] {
  return state.studies.map((s) => ({ ...s, params: { ...s.params }, colors: [...s.colors] }));
}

/** Whether a drawing belongs on a chart of `symbol` (one without a symbol belongs to any). */
export const drawnOn = (drawing: Drawing, symbol: string): boolean => (drawing.symbol ?? symbol) === symbol;

/** A drawing template is the drawings on the state's symbol (copies without the symbol: a template applies to any chart). */
export function drawingsOf(state: ChartState): Drawing[] {
  return state.drawings
    .filter((d) => drawnOn(d, state.symbol))
    .map(({ symbol: _symbol, ...d }) => ({
      ...d,
      points: d.points.map((p) => ({ ...p })),
      style: { ...d.style },
    }));
}

/** Applies a study template to a state: the template's studies replace the state's, with fresh ids. */
export function withStudies(state: ChartState, studies: readonly Study[]): ChartState {
  return { ...state, studies: studies.map((s) => ({ ...s, id: newChartItemId('s'), params: { ...s.params }, colors: [...s.colors] })) };
}

/** Applies a drawing template: its drawings are added to the state's, with fresh ids. */
export function withDrawings(state: ChartState, drawings: readonly Drawing[]): ChartState {
  const added = drawings.map((d) => ({ ...d, id: newChartItemId('d'), points: d.points.map((p) => ({ ...p })), style: { ...d.style } }));
  return { ...state, drawings: [...state.drawings, ...added] };
}

/** The state as JSON text, checked and in a fixed key order (throws ChartStateError on a bad state). */
export function serializeChartState(state: ChartState): string {
  return JSON.stringify(parseChartState(state));
}

export class ChartStateError extends Error {
  constructor(readonly path: string) {
    super(`Invalid chart state at ${path}`);
    this.name = 'ChartStateError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const DECIMAL = /^-?\d+(\.\d+)?$/;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i;
const MAX_ITEMS = 500;
const MAX_TEXT = 500;

function need(ok: boolean, path: string): void {
  if (!ok) throw new ChartStateError(path);
}

function parseStudy(raw: unknown, path: string): Study {
  need(isRecord(raw), path);
  const s = raw as Record<string, unknown>;
  need(typeof s.id === 'string' && s.id.length > 0 && s.id.length <= 64, `${path}.id`);
  need((STUDY_TYPES as readonly unknown[]).includes(s.type), `${path}.type`);
  need(isRecord(s.params), `${path}.params`);
  const params: Record<string, number> = {};
  for (const [key, value] of Object.entries(s.params as Record<string, unknown>)) {
    need(isFiniteNumber(value), `${path}.params.${key}`);
    params[key] = value as number;
  }
  need(Array.isArray(s.colors) && s.colors.length <= 8, `${path}.colors`);
  const colors = (s.colors as unknown[]).map((c, i) => {
    need(typeof c === 'string' && COLOR.test(c), `${path}.colors[${i}]`);
    return c as string;
  });
  need(s.pane === 'price' || s.pane === 'own', `${path}.pane`);
  return { id: s.id as string, type: s.type as StudyType, params, colors, pane: s.pane as Study['pane'] };
}

function parseDrawing(raw: unknown, path: string): Drawing {
  need(isRecord(raw), path);
  const d = raw as Record<string, unknown>;
  need(typeof d.id === 'string' && d.id.length > 0 && d.id.length <= 64, `${path}.id`);
  need((DRAWING_TOOLS as readonly unknown[]).includes(d.tool), `${path}.tool`);
  const tool = d.tool as DrawingTool;
  need(Array.isArray(d.points) && d.points.length === DRAWING_POINT_COUNT[tool], `${path}.points`);
  const points = (d.points as unknown[]).map((p, i) => {
    need(isRecord(p), `${path}.points[${i}]`);
    const point = p as Record<string, unknown>;
    need(isFiniteNumber(point.time), `${path}.points[${i}].time`);
    need(typeof point.price === 'string' && DECIMAL.test(point.price), `${path}.points[${i}].price`);
    return { time: point.time as number, price: point.price as string };
  });
  need(isRecord(d.style), `${path}.style`);
  const st = d.style as Record<string, unknown>;
  need(typeof st.color === 'string' && COLOR.test(st.color), `${path}.style.color`);
  need(isFiniteNumber(st.width) && (st.width as number) > 0 && (st.width as number) <= 10, `${path}.style.width`);
  need(st.dash === undefined || typeof st.dash === 'boolean', `${path}.style.dash`);
  const style: DrawingStyle = { color: st.color as string, width: st.width as number };
  if (st.dash !== undefined) style.dash = st.dash as boolean;
  const drawing: Drawing = { id: d.id as string, tool, points, style };
  if (d.text !== undefined) {
    need(typeof d.text === 'string' && d.text.length <= MAX_TEXT, `${path}.text`);
    drawing.text = d.text as string;
  }
  if (d.symbol !== undefined) {
    need(typeof d.symbol === 'string' && d.symbol.length > 0 && d.symbol.length <= 40, `${path}.symbol`);
    drawing.symbol = d.symbol as string;
  }
  return drawing;
}

/** Checks an unknown value (parsed JSON) and returns a clean ChartState; throws ChartStateError naming the first bad field. */
export function parseChartState(raw: unknown): ChartState {
  need(isRecord(raw), '$');
  const r = raw as Record<string, unknown>;
  need(r.version === 1, 'version');
  need(typeof r.symbol === 'string' && r.symbol.length > 0 && r.symbol.length <= 40, 'symbol');
  need(typeof r.resolution === 'string' && r.resolution.length > 0 && r.resolution.length <= 10, 'resolution');
  need(Array.isArray(r.studies) && r.studies.length <= MAX_ITEMS, 'studies');
  need(Array.isArray(r.drawings) && r.drawings.length <= MAX_ITEMS, 'drawings');
  // Built in a fixed key order, so the same state always serialises to the same text.
  const ordered = { version: 1, symbol: r.symbol as string, resolution: r.resolution as string } as ChartState;
  if (r.range !== undefined) {
    need(isRecord(r.range), 'range');
    const range = r.range as Record<string, unknown>;
    need(isFiniteNumber(range.from) && isFiniteNumber(range.to) && (range.from as number) <= (range.to as number), 'range');
    ordered.range = { from: range.from as number, to: range.to as number };
  }
  if (r.chartType !== undefined) {
    need((CHART_TYPES as readonly unknown[]).includes(r.chartType), 'chartType');
    ordered.chartType = r.chartType as ChartType;
  }
  ordered.studies = (r.studies as unknown[]).map((s, i) => parseStudy(s, `studies[${i}]`));
  ordered.drawings = (r.drawings as unknown[]).map((d, i) => parseDrawing(d, `drawings[${i}]`));
  return ordered;
}

/** The text of a saved chart's content back into a ChartState (throws ChartStateError on bad JSON or shape). */
export function deserializeChartState(text: string): ChartState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ChartStateError('$');
  }
  return parseChartState(raw);
}

/** What the chart engine offers saved charts, templates and layouts (chart-engine.ts implements it). */
export interface ChartStateApi {
  getState(): ChartState;
  /** Replaces studies, drawings, chart type and range (symbol and resolution are the page's to change). */
  applyState(state: ChartState): void;
  /** Called after every change a person makes (a study added or edited, a drawing moved); returns the unsubscribe. */
  onStateChange(listener: (state: ChartState) => void): () => void;
  setChartType(type: ChartType): void;
}
