// In-memory chart routes over the test API client (tests only): saved charts from multipart saves
// (the content file's text kept as sent), templates and settings, refusing like the server (a
// content file that is not JSON 4401, an unknown id 404).
import { CHART_PATHS } from '@pasar/shared';
import type { TestApiClient, TestReply, TestRequest } from '@pasar/shared/testing';

const ok = (data: unknown): TestReply => ({ body: { status: 'success', data } });
const refused = (code: string, message: string, status = 400): TestReply => ({ status, body: { status: 'error', error_code: code, error_message: message } });
const AT = '2026-11-27T10:00:00.000Z';

export interface StoredChart {
  id: string;
  name: string;
  symbol: string;
  resolution: string;
  content: string;
}

export interface StoredTemplate {
  id: string;
  name: string;
  tool?: string;
  content: Record<string, unknown>;
}

export interface ChartsServer {
  charts: StoredChart[];
  studyTemplates: StoredTemplate[];
  drawingTemplates: StoredTemplate[];
  settings: Record<string, Record<string, unknown> | null>;
  /** The next save answers this refusal instead (then saves work again). */
  refuseNextSave: { code: string; message: string } | null;
}

/** A file part's text (jsdom's Blob has no text(): read it as the browser's FileReader does). */
const textOf = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

async function readForm(request: TestRequest): Promise<Record<string, string>> {
  const form = request.body as FormData;
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) fields[key] = typeof value === 'string' ? value : await textOf(value);
  return fields;
}

export function mockChartsServer(api: TestApiClient): ChartsServer {
  const server: ChartsServer = {
    charts: [],
    studyTemplates: [],
    drawingTemplates: [],
    settings: { tvProperties: null, cryptoProperties: null, usStockProperties: null, idxProperties: null, perpProperties: null },
    refuseNextSave: null,
  };
  let next = 1;
  const listOf = (chart: StoredChart) => ({ ...chart, updatedAt: AT });
  api
    .on('GET', CHART_PATHS.charts, () => ok(server.charts.map(listOf)))
    .on('POST', CHART_PATHS.charts, async (request) => {
      if (server.refuseNextSave) {
        const { code, message } = server.refuseNextSave;
        server.refuseNextSave = null;
        return refused(code, message);
      }
      const fields = await readForm(request);
      if (fields.content === undefined) return refused('4405', 'The chart content is missing');
      try {
        JSON.parse(fields.content);
      } catch {
        return refused('4401', 'The chart content is not JSON');
      }
      const existing = fields.chartId ? server.charts.find((c) => c.id === fields.chartId) : undefined;
      if (fields.chartId && !existing) return refused('4406', 'Chart not found', 404);
      const chart: StoredChart = { id: existing?.id ?? `c${next++}`, name: fields.name!, symbol: fields.symbol!, resolution: fields.resolution!, content: fields.content };
      server.charts = [chart, ...server.charts.filter((c) => c.id !== chart.id)];
      return ok({ _id: chart.id });
    })
    .on('GET', `${CHART_PATHS.charts}/:id`, (request) => {
      const chart = server.charts.find((c) => c.id === request.params.id);
      return chart ? ok({ name: chart.name, symbol: chart.symbol, resolution: chart.resolution, content: chart.content }) : refused('4406', 'Chart not found', 404);
    })
    .on('PATCH', `${CHART_PATHS.charts}/:id`, (request) => {
      const chart = server.charts.find((c) => c.id === request.params.id);
      if (!chart) return refused('4406', 'Chart not found', 404);
      chart.name = (request.body as { name: string }).name;
      return ok(listOf(chart));
    })
    .on('DELETE', `${CHART_PATHS.charts}/:id`, (request) => {
      server.charts = server.charts.filter((c) => c.id !== request.params.id);
      return ok({ deleted: true });
    })
    .on('GET', CHART_PATHS.settings, () => ok(server.settings))
    .on('POST', CHART_PATHS.settings, (request) => {
      Object.assign(server.settings, request.body as object);
      return ok(server.settings);
    });
  for (const [path, key] of [
    [CHART_PATHS.studyTemplates, 'studyTemplates'],
    [CHART_PATHS.drawingTemplates, 'drawingTemplates'],
  ] as const) {
    const row = (template: StoredTemplate) => ({ ...template, createdAt: AT, updatedAt: AT });
    api
      .on('GET', path, () => ok(server[key].map(row)))
      .on('POST', path, (request) => {
        const body = request.body as StoredTemplate;
        const template: StoredTemplate = { id: `t${next++}`, name: body.name, content: body.content, ...(body.tool ? { tool: body.tool } : {}) };
        server[key].push(template);
        return ok(row(template));
      })
      .on('PATCH', `${path}/:id`, (request) => {
        const template = server[key].find((t) => t.id === request.params.id);
        if (!template) return refused('4407', 'Template not found', 404);
        template.name = (request.body as { name: string }).name;
        return ok(row(template));
      })
      .on('DELETE', `${path}/:id`, (request) => {
        server[key] = server[key].filter((t) => t.id !== request.params.id);
        return ok({ deleted: true });
      });
  }
  return server;
}
