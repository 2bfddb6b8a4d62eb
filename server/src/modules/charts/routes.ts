// The charts module's HTTP routes (paths from the contract, under the /api prefix): validation and
// translation only, the rules are in the service. Every route needs a login (401 for a guest);
// mutations are idempotent on x-request-id (the idempotency plugin).
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CHART_CONTENT_FIELD,
  CHART_PATHS,
  CHART_SAVE_FIELDS,
  CHART_SETTINGS_KEYS,
  ChartDeletedResponse,
  ChartIdParams,
  ChartSettings,
  ChartSettingsRequest,
  DrawingTemplate,
  DrawingTemplateRequest,
  DrawingTemplatesResponse,
  RenameChartRequest,
  RenameTemplateRequest,
  SaveChartResponse,
  SavedChart,
  SavedChartContent,
  SavedChartFields,
  SavedChartsQuery,
  SavedChartsResponse,
  StudyTemplate,
  StudyTemplateRequest,
  StudyTemplatesResponse,
} from '@pasar/shared/contract';
import { AppError } from '../../http/app-error';
import { apiResponses, ok } from '../../http/envelope';
import { authOf } from '../../plugins/auth';
import type { ChartsService } from './service';

/** What the template routes call of the service, for one kind. */
interface TemplateCalls<Body> {
  list(userId: string): Promise<unknown>;
  one(userId: string, id: string): Promise<unknown>;
  create(userId: string, body: Body): Promise<unknown>;
  rename(userId: string, id: string, name: string): Promise<unknown>;
  remove(userId: string, id: string): Promise<{ deleted: true }>;
}

export interface ChartsRoutesOptions {
  readonly service: ChartsService;
  /** Largest content in bytes (the service refuses beyond it with 4402). */
  readonly contentMaxBytes: number;
}

const local = (path: string): string => path.replace(/^\/api/, '');
const userIdOf = (request: FastifyRequest): string => authOf(request).userId;
/** Longest text field of a save read from the multipart body (the schema then bounds each). */
const FIELD_MAX_BYTES = 1024;

/** The save's text fields and its content file, read from the multipart body (the file up to the limit + 1 byte, so "too large" is seen). */
async function readSave(request: FastifyRequest): Promise<{ fields: Record<string, string>; content: Buffer | null }> {
  if (!request.isMultipart()) throw new AppError('005', { details: [{ path: 'body', message: 'multipart/form-data expected' }] });
  const fields: Record<string, string> = {};
  let content: Buffer | null = null;
  const refuse = (path: string, message: string) => new AppError('002', { details: [{ path, message }] });
  try {
    for await (const part of request.parts()) {
      if (part.fieldname === CHART_CONTENT_FIELD) {
        if (content !== null) throw refuse(part.fieldname, 'sent more than once');
        if (part.type === 'file') content = await part.toBuffer();
        else if (typeof part.value === 'string') content = Buffer.from(part.value, 'utf8');
        else throw new AppError('4401');
      } else if (part.type === 'file') {
        await part.toBuffer().catch(() => undefined);
        throw refuse(part.fieldname, 'unexpected file');
      } else if ((CHART_SAVE_FIELDS as readonly string[]).includes(part.fieldname)) {
        if (typeof part.value !== 'string' || part.valueTruncated) throw refuse(part.fieldname, 'too long');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('4402', { details: [{ path: CHART_CONTENT_FIELD, message: 'too large' }] });
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw new AppError('4401');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw refuse('body', 'too many parts');
    throw error;
  }
  return { fields, content };
}

export const chartsRoutes: FastifyPluginAsyncZod<ChartsRoutesOptions> = async (app, { service, contentMaxBytes }) => {
  const user = { preHandler: [app.requireUser] };
  const tags = ['charts'];
  // JSON bodies carry one content object (or each kind of settings, each up to the limit) besides short names.
  const jsonBody = { bodyLimit: contentMaxBytes * CHART_SETTINGS_KEYS.length + 64 * 1024 };

  // One content file up to the limit (one byte more is read, so a larger one is refused with 4402) and the short fields.
  await app.register(fastifyMultipart, {
    limits: { fileSize: contentMaxBytes, files: 2, fields: CHART_SAVE_FIELDS.length + 2, fieldSize: FIELD_MAX_BYTES, parts: CHART_SAVE_FIELDS.length + 4 },
  });

  const charts = local(CHART_PATHS.charts);
  app.get(
    charts,
    { ...user, schema: { tags, summary: 'The saved charts, last used first (crypto symbols as ticker-IDR); ?content=false leaves out each content', querystring: SavedChartsQuery, response: apiResponses({ 200: SavedChartsResponse }, [401]) } },
    async (request) => ok(await service.charts(userIdOf(request), request.query.content === 'true')),
  );
  app.post(
    charts,
    {
      ...user,
      schema: {
        tags,
        summary: 'Save a chart (multipart: chartId to update, name, resolution, symbol, and the content JSON file); 4401 not a JSON object, 4402 too large, 4403/4404 unknown resolution/symbol, 4405 no content, 4406 not your chart',
        consumes: ['multipart/form-data'],
        response: apiResponses({ 200: SaveChartResponse }, [401, 404, 413, 415]),
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { fields, content } = await readSave(request);
      const parsed = SavedChartFields.safeParse(fields);
      if (!parsed.success) {
        throw new AppError('002', { details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message })) });
      }
      return ok(await service.save(userId, parsed.data, content));
    },
  );

  // Static paths before `/:id`: the router prefers them whatever the order, kept together for reading.
  const settings = local(CHART_PATHS.settings);
  app.get(settings, { ...user, schema: { tags, summary: 'The user web chart settings (null where never saved)', response: apiResponses({ 200: ChartSettings }, [401]) } }, async (request) =>
    ok(await service.settings(userIdOf(request))),
  );
  app.post(
    settings,
    { ...user, ...jsonBody, schema: { tags, summary: 'Save tvProperties and/or {product}Properties; the kinds not sent are kept (4402 too large)', body: ChartSettingsRequest, response: apiResponses({ 200: ChartSettings }, [401, 413]) } },
    async (request) => ok(await service.saveSettings(userIdOf(request), request.body)),
  );

  // Study and drawing templates: the same five routes over each kind's schemas and service.
  const templateRoutes = <Body extends z.ZodType>(
    path: string,
    what: string,
    schemas: { readonly body: Body; readonly one: z.ZodType; readonly list: z.ZodType },
    calls: TemplateCalls<z.infer<Body>>,
  ) => {
    const base = local(path);
    const oneTemplate = apiResponses({ 200: schemas.one }, [401, 404]);
    app.get(base, { ...user, schema: { tags, summary: `The ${what} templates, last changed first`, response: apiResponses({ 200: schemas.list }, [401]) } }, async (request) =>
      ok(await calls.list(userIdOf(request))),
    );
    app.post(
      base,
      { ...user, ...jsonBody, schema: { tags, summary: `A new ${what} template (4402 too large)`, body: schemas.body, response: apiResponses({ 200: schemas.one }, [401, 413]) } },
      async (request) => ok(await calls.create(userIdOf(request), request.body as z.infer<Body>)),
    );
    app.get(`${base}/:id`, { ...user, schema: { tags, summary: `One ${what} template (4407 not yours)`, params: ChartIdParams, response: oneTemplate } }, async (request) =>
      ok(await calls.one(userIdOf(request), request.params.id)),
    );
    app.patch(`${base}/:id`, { ...user, schema: { tags, summary: `Rename a ${what} template`, params: ChartIdParams, body: RenameTemplateRequest, response: oneTemplate } }, async (request) =>
      ok(await calls.rename(userIdOf(request), request.params.id, request.body.name)),
    );
    app.delete(`${base}/:id`, { ...user, schema: { tags, summary: `Delete a ${what} template`, params: ChartIdParams, response: apiResponses({ 200: ChartDeletedResponse }, [401, 404]) } }, async (request) =>
      ok(await calls.remove(userIdOf(request), request.params.id)),
    );
  };
  // Study templates: the studies with their parameters and colours; drawing templates: one drawing tool's style.
  templateRoutes(CHART_PATHS.studyTemplates, 'study', { body: StudyTemplateRequest, one: StudyTemplate, list: StudyTemplatesResponse }, service.studyTemplates);
  templateRoutes(CHART_PATHS.drawingTemplates, 'drawing', { body: DrawingTemplateRequest, one: DrawingTemplate, list: DrawingTemplatesResponse }, service.drawingTemplates);

  const one = `${charts}/:id`;
  app.get(one, { ...user, schema: { tags, summary: 'Open a saved chart: prefixes stripped from its content, which is saved again (4406 not yours)', params: ChartIdParams, response: apiResponses({ 200: SavedChartContent }, [401, 404]) } }, async (request) =>
    ok(await service.load(userIdOf(request), request.params.id)),
  );
  app.patch(one, { ...user, schema: { tags, summary: 'Rename a saved chart', params: ChartIdParams, body: RenameChartRequest, response: apiResponses({ 200: SavedChart }, [401, 404]) } }, async (request) =>
    ok(await service.rename(userIdOf(request), request.params.id, request.body.name)),
  );
  app.delete(one, { ...user, schema: { tags, summary: 'Delete a saved chart', params: ChartIdParams, response: apiResponses({ 200: ChartDeletedResponse }, [401, 404]) } }, async (request) =>
    ok(await service.remove(userIdOf(request), request.params.id)),
  );
};
