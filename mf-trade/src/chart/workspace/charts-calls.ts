// The chart workspace's calls (§7 Charts): saved charts, study and drawing templates and the user
// web chart settings, one function per endpoint, typed and checked by the contract's schemas
// (loaded with the first call: this module is only in the workspace's chunks). Every call needs a
// login (§5, §6): the workspace makes none for a guest. A saved chart's content goes up as a JSON
// file part of a multipart body (the browser sets the boundary) and comes back as the same text.
import { api as pageApi, type ApiClient, type RequestOptions } from '@pasar/shared';
import {
  CHART_CONTENT_FIELD,
  CHART_PATHS,
  chartPath,
  drawingTemplatePath,
  studyTemplatePath,
  type ChartSettings,
  type ChartSettingsRequest,
  type JsonObject,
} from '@pasar/shared/contract';
import { deserializeChartState, serializeChartState, type ChartState, type Drawing, type Study } from '../chart-state';

/** Cancellation, and the request id a retried save keeps (the server saves it once). */
export interface CallOptions {
  signal?: AbortSignal;
  requestId?: string;
}

export interface SavedChartSummary {
  id: string;
  name: string;
  resolution: string;
  symbol: string;
}

export interface OpenedChart {
  name: string;
  symbol: string;
  state: ChartState;
}

export type TemplateKind = 'study' | 'drawing';
export type TemplateContent<K extends TemplateKind> = K extends 'study' ? { studies: Study[] } : { drawings: Drawing[] };

export interface ChartTemplate<K extends TemplateKind> {
  id: string;
  name: string;
  content: TemplateContent<K>;
}

export type { ChartSettings, ChartSettingsRequest };

/** The analytics event of §7 sent when a person loads a saved chart (a click on Open). */
export const CHART_LOADED_EVENT = 'chart_loaded';

/** A template's items through the chart state's own checks, so a template applies only what a chart can hold. */
function templateContent<K extends TemplateKind>(kind: K, content: JsonObject): TemplateContent<K> {
  const list = kind === 'study' ? content.studies : content.drawings;
  const state = deserializeChartState(
    JSON.stringify({ version: 1, symbol: 'X', resolution: '1', studies: kind === 'study' ? list : [], drawings: kind === 'drawing' ? list : [] }),
  );
  return (kind === 'study' ? { studies: state.studies } : { drawings: state.drawings }) as TemplateContent<K>;
}

/** A drawing template names its tool: the one its drawings share, or "mixed". */
function toolOf(drawings: readonly Drawing[]): string {
  const tools = new Set(drawings.map((d) => d.tool));
  return tools.size === 1 ? [...tools][0]! : 'mixed';
}

export interface ChartsCalls {
  list(options?: CallOptions): Promise<SavedChartSummary[]>;
  /** Saves the state as a new chart, or over `chartId`; answers the chart's id. */
  save(input: { chartId?: string; name: string; state: ChartState }, options?: CallOptions): Promise<string>;
  open(id: string, options?: CallOptions): Promise<OpenedChart>;
  rename(id: string, name: string, options?: CallOptions): Promise<void>;
  remove(id: string, options?: CallOptions): Promise<void>;
  templates<K extends TemplateKind>(kind: K, options?: CallOptions): Promise<ChartTemplate<K>[]>;
  saveTemplate<K extends TemplateKind>(kind: K, name: string, content: TemplateContent<K>, options?: CallOptions): Promise<ChartTemplate<K>>;
  renameTemplate(kind: TemplateKind, id: string, name: string, options?: CallOptions): Promise<void>;
  removeTemplate(kind: TemplateKind, id: string, options?: CallOptions): Promise<void>;
  settings(options?: CallOptions): Promise<ChartSettings>;
  /** Sends tvProperties, a {product}Properties, or both; each sent replaces its stored object, the others are kept. */
  saveSettings(patch: ChartSettingsRequest, options?: CallOptions): Promise<void>;
}

type Schemas = typeof import('@pasar/shared/contract');
type SchemaOf<T> = NonNullable<RequestOptions<T>['schema']>;
const schemas = () => import('@pasar/shared/contract');

export function createChartsCalls(client: ApiClient = pageApi): ChartsCalls {
  async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, pick: (s: Schemas) => SchemaOf<T>, body?: unknown, options: CallOptions = {}): Promise<T> {
    const schema = pick(await schemas());
    return client.request<T>({
      method,
      path,
      ...(body !== undefined ? { body } : {}),
      language: true,
      schema,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.requestId ? { requestId: options.requestId } : {}),
    });
  }
  const templateBase = (kind: TemplateKind) => (kind === 'study' ? CHART_PATHS.studyTemplates : CHART_PATHS.drawingTemplates);
  const templatePath = (kind: TemplateKind, id: string) => (kind === 'study' ? studyTemplatePath(id) : drawingTemplatePath(id));

  return {
    async list(options) {
      const rows = await call('GET', CHART_PATHS.charts, (s) => s.SavedChartsResponse, undefined, options);
      return rows.map(({ id, name, resolution, symbol }) => ({ id, name, resolution, symbol }));
    },
    async save({ chartId, name, state }, options) {
      const form = new FormData();
      if (chartId) form.append('chartId', chartId);
      form.append('name', name);
      form.append('resolution', state.resolution);
      form.append('symbol', state.symbol);
      form.append(CHART_CONTENT_FIELD, new Blob([serializeChartState(state)], { type: 'application/json' }), 'chart.json');
      return (await call('POST', CHART_PATHS.charts, (s) => s.SaveChartResponse, form, options))._id;
    },
    async open(id, options) {
      const chart = await call('GET', chartPath(id), (s) => s.SavedChartContent, undefined, options);
      return { name: chart.name, symbol: chart.symbol, state: deserializeChartState(chart.content) };
    },
    async rename(id, name, options) {
      await call('PATCH', chartPath(id), (s) => s.SavedChartContent.partial(), { name }, options);
    },
    async remove(id, options) {
      await call('DELETE', chartPath(id), (s) => s.ChartDeletedResponse, undefined, options);
    },
    async templates(kind, options) {
      const rows = await call('GET', templateBase(kind), (s) => (kind === 'study' ? s.StudyTemplatesResponse : s.DrawingTemplatesResponse), undefined, options);
      return rows.flatMap((row) => {
        try {
          return [{ id: row.id, name: row.name, content: templateContent(kind, row.content) }];
        } catch {
          return []; // a template this chart cannot hold is not offered
        }
      });
    },
    async saveTemplate(kind, name, content, options) {
      const body = kind === 'drawing' ? { name, tool: toolOf((content as TemplateContent<'drawing'>).drawings), content } : { name, content };
      const row = await call('POST', templateBase(kind), (s) => s.StudyTemplate.pick({ id: true, name: true }), body, options);
      return { id: row.id, name: row.name, content };
    },
    async renameTemplate(kind, id, name, options) {
      await call('PATCH', templatePath(kind, id), (s) => s.StudyTemplate.pick({ id: true }), { name }, options);
    },
    async removeTemplate(kind, id, options) {
      await call('DELETE', templatePath(kind, id), (s) => s.ChartDeletedResponse, undefined, options);
    },
    settings: (options) => call('GET', CHART_PATHS.settings, (s) => s.ChartSettings, undefined, options),
    async saveSettings(patch, options) {
      await call('POST', CHART_PATHS.settings, (s) => s.ChartSettings.partial(), patch, options);
    },
  };
}
