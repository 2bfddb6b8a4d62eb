// Saved charts, study and drawing templates and the user web chart settings: the rules. A save is
// refused whole (nothing stored) when its content is missing, too large or not a JSON object, or
// its symbol or resolution is unknown; another person's chart or template answers 404 like one
// that does not exist. Loading a chart strips crypto and US stock symbol prefixes from its content
// and re-saves it (§7 Charts), so the stored copy and its time of use move on.
import { randomUUID } from 'node:crypto';
import {
  CHART_SETTINGS_KEYS,
  type ChartSettings,
  type ChartSettingsRequest,
  type DrawingTemplate,
  type DrawingTemplateRequest,
  type JsonObject,
  type SavedChart,
  type SavedChartContent,
  type SavedChartFields,
  type StudyTemplate,
  type StudyTemplateRequest,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { chartInstrument, chartResolution, listedSymbol, readChartContent, stripSymbolPrefixes, type ChartsMarket } from './chart-content';
import type { ChartsRepo } from './repo';
import type { ChartTemplateRow, SavedChartRow, TemplateKind } from './tables';

export interface ChartsServiceDeps {
  readonly repo: ChartsRepo;
  readonly market: ChartsMarket;
  /** Largest content in bytes: a saved chart's file, a template's or a kind of settings' JSON (4402 beyond). */
  readonly contentMaxBytes: number;
  /** Saved charts a person may keep, and templates of each kind (4408 beyond). */
  readonly limits: { readonly maxSavedCharts: number; readonly maxTemplatesPerKind: number };
  readonly now: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const chartNotFound = () => new AppError('4406');
const templateNotFound = () => new AppError('4407');
const overLimit = (message: string) => new AppError('4408', { details: [{ path: 'name', message }] });

export function createChartsService(deps: ChartsServiceDeps) {
  const { repo, market, contentMaxBytes } = deps;

  /** 4402 when an object's JSON is over the limit. */
  function bounded(path: string, content: JsonObject): JsonObject {
    const bytes = Buffer.byteLength(JSON.stringify(content), 'utf8');
    if (bytes > contentMaxBytes) throw new AppError('4402', { details: [{ path, message: `${bytes} bytes; at most ${contentMaxBytes}` }] });
    return content;
  }

  function chartView(row: Omit<SavedChartRow, 'content'> & { content?: string }): SavedChart {
    return {
      id: row.id,
      name: row.name,
      resolution: row.resolution,
      symbol: listedSymbol(market, row.symbol),
      ...(row.content === undefined ? {} : { content: stripSymbolPrefixes(row.content) }),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function templateView(row: ChartTemplateRow): StudyTemplate {
    return { id: row.id, name: row.name, content: row.content, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
  }

  function templates(kind: TemplateKind) {
    const found = async (userId: string, id: string): Promise<ChartTemplateRow> => {
      const row = UUID.test(id) ? await repo.template(userId, kind, id) : null;
      if (!row) throw templateNotFound();
      return row;
    };
    return {
      async list(userId: string): Promise<ChartTemplateRow[]> {
        return repo.templates(userId, kind);
      },
      found,
      async create(userId: string, name: string, content: JsonObject, tool: string | null): Promise<ChartTemplateRow> {
        const at = deps.now();
        const row: ChartTemplateRow = { id: randomUUID(), userId, kind, name, tool, content: bounded('content', content), createdAt: at, updatedAt: at };
        if (!(await repo.insertTemplate(row, deps.limits.maxTemplatesPerKind))) throw overLimit(`at most ${deps.limits.maxTemplatesPerKind} ${kind.toLowerCase()} templates`);
        return row;
      },
      async rename(userId: string, id: string, name: string): Promise<ChartTemplateRow> {
        if (!UUID.test(id) || !(await repo.renameTemplate(userId, kind, id, name, deps.now()))) throw templateNotFound();
        return found(userId, id);
      },
      async remove(userId: string, id: string): Promise<{ deleted: true }> {
        if (!UUID.test(id) || !(await repo.removeTemplate(userId, kind, id))) throw templateNotFound();
        return { deleted: true };
      },
    };
  }
  const studies = templates('STUDY');
  const drawings = templates('DRAWING');
  const drawingView = (row: ChartTemplateRow): DrawingTemplate => ({ ...templateView(row), tool: row.tool ?? '' });

  async function settings(userId: string): Promise<ChartSettings> {
    const stored = await repo.settings(userId);
    return Object.fromEntries(CHART_SETTINGS_KEYS.map((key) => [key, stored.get(key) ?? null])) as ChartSettings;
  }

  return {
    /** The person's charts, with each one's content unless `withContent` is false. */
    async charts(userId: string, withContent = true): Promise<SavedChart[]> {
      return (withContent ? await repo.charts(userId) : await repo.chartSummaries(userId)).map(chartView);
    },

    /** Saves a new chart, or updates `chartId` (the person's own); the id either way. */
    async save(userId: string, fields: SavedChartFields, file: Buffer | null): Promise<{ _id: string }> {
      // Another person's chart id answers 404 before anything else about the save is judged.
      if (fields.chartId !== undefined && !(UUID.test(fields.chartId) && (await repo.chart(userId, fields.chartId)))) throw chartNotFound();
      const content = readChartContent(file, contentMaxBytes);
      if ('problem' in content) {
        if (content.problem === 'missing') throw new AppError('4405');
        if (content.problem === 'size') throw new AppError('4402', { details: [{ path: 'content', message: `at most ${contentMaxBytes} bytes` }] });
        throw new AppError('4401');
      }
      const inst = chartInstrument(market, fields.symbol);
      if (!inst) throw new AppError('4404', { details: [{ path: 'symbol', message: `${fields.symbol} is not a listed symbol` }] });
      const resolution = chartResolution(inst, fields.resolution);
      if (!resolution) throw new AppError('4403', { details: [{ path: 'resolution', message: `${fields.resolution} is not offered for ${inst.symbol}` }] });
      const chart = { name: fields.name, symbol: inst.symbol, resolution, content: content.text };
      const at = deps.now();
      if (fields.chartId !== undefined) {
        if (!(await repo.updateChart(userId, fields.chartId, chart, at))) throw chartNotFound();
        return { _id: fields.chartId };
      }
      const id = randomUUID();
      if (!(await repo.insertChart(userId, id, chart, at, deps.limits.maxSavedCharts))) throw overLimit(`at most ${deps.limits.maxSavedCharts} saved charts`);
      return { _id: id };
    },

    /** The chart to open, prefixes stripped; the stripped copy is saved again and the chart counts as used now. */
    async load(userId: string, id: string): Promise<SavedChartContent> {
      const row = UUID.test(id) ? await repo.chart(userId, id) : null;
      if (!row) throw chartNotFound();
      const content = stripSymbolPrefixes(row.content);
      // A content without prefixes is not written again (up to the size limit each time a chart opens).
      if (!(await repo.touchChart(userId, id, content === row.content ? null : content, deps.now()))) throw chartNotFound();
      return { name: row.name, symbol: listedSymbol(market, row.symbol), resolution: row.resolution, content };
    },

    async rename(userId: string, id: string, name: string): Promise<SavedChart> {
      if (!UUID.test(id) || !(await repo.renameChart(userId, id, name, deps.now()))) throw chartNotFound();
      const row = await repo.chart(userId, id);
      if (!row) throw chartNotFound();
      return chartView(row);
    },

    async remove(userId: string, id: string): Promise<{ deleted: true }> {
      if (!UUID.test(id) || !(await repo.removeChart(userId, id))) throw chartNotFound();
      return { deleted: true };
    },

    studyTemplates: {
      list: async (userId: string) => (await studies.list(userId)).map(templateView),
      one: async (userId: string, id: string) => templateView(await studies.found(userId, id)),
      create: async (userId: string, body: StudyTemplateRequest) => templateView(await studies.create(userId, body.name, body.content, null)),
      rename: async (userId: string, id: string, name: string) => templateView(await studies.rename(userId, id, name)),
      remove: (userId: string, id: string) => studies.remove(userId, id),
    },

    drawingTemplates: {
      list: async (userId: string) => (await drawings.list(userId)).map(drawingView),
      one: async (userId: string, id: string) => drawingView(await drawings.found(userId, id)),
      create: async (userId: string, body: DrawingTemplateRequest) => drawingView(await drawings.create(userId, body.name, body.content, body.tool)),
      rename: async (userId: string, id: string, name: string) => drawingView(await drawings.rename(userId, id, name)),
      remove: (userId: string, id: string) => drawings.remove(userId, id),
    },

    settings,

    /** Stores the kinds of properties given (each replaces its own), keeps the others; the settings after. */
    async saveSettings(userId: string, body: ChartSettingsRequest): Promise<ChartSettings> {
      const entries = CHART_SETTINGS_KEYS.flatMap((key) => {
        const properties = body[key];
        return properties === undefined ? [] : [[key, bounded(key, properties)] as const];
      });
      await repo.saveSettings(userId, entries, deps.now());
      return settings(userId);
    },
  };
}

export type ChartsService = ReturnType<typeof createChartsService>;
