import { z } from 'zod';
import { callNames, contract, type CallDef } from './contract';
import { servicePrefix } from './service-prefix';
import { V1_ERRORS, v1Csv, v1Endpoints, v1ErrorSchema, v1MetaSchema, v1Queries, v1Summaries } from './v1/endpoints';
import { v1Responses } from './v1/responses';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

function queryParameters(schema: z.ZodType) {
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}

const envelope = (data: JsonSchema): JsonSchema => ({
  oneOf: [
    { type: 'object', required: ['code'], properties: { code: { const: 1 }, data } },
    {
      type: 'object',
      required: ['code', 'msg'],
      properties: {
        code: {
          type: 'integer',
          description:
            '0 generic, 400 invalid input, 401 login expired, 403 not entitled, 404 not found, 409 conflict, 429 rate limited',
        },
        msg: { type: 'string', description: 'What went wrong, in English' },
        msgKey: {
          type: 'string',
          description: 'The message key (e.g. `market.refused`), for showing msg in another language',
        },
        msgParams: {
          type: 'object',
          description:
            'Values of the message placeholders: text, numbers, `{en, zh-CN}` names or nested `{key, params}` messages',
        },
        data: {},
      },
    },
  ],
});

/** The OpenAPI 3.1 document, generated from the contract table. */
export function buildOpenApi(siteName: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of callNames) {
    const def = contract[name] as CallDef;
    const path = servicePrefix(def.service) + def.path;
    const op: Record<string, unknown> = {
      operationId: name,
      summary: def.summary,
      tags: [def.service],
      parameters: queryParameters(def.query),
      responses: {
        '200': {
          description: 'The envelope: code 1 with data, or a business failure',
          content: { 'application/json': { schema: envelope(toSchema(def.response, 'output')) } },
        },
        ...(def.auth !== 'public' ? { '401': { description: 'Missing or expired login (body code 401)' } } : {}),
      },
      ...(def.auth !== 'public' ? { security: [{ token: [] }], 'x-role': def.auth } : {}),
      ...(def.extra ? { 'x-extra': true } : {}),
    };
    if (def.method === 'POST') {
      op.requestBody = { required: false, content: { 'application/json': { schema: toSchema(def.body, 'input') } } };
    }
    paths[path] = { [def.method.toLowerCase()]: op };
  }
  Object.assign(paths, dataApiPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: `${siteName} API`,
      version: '1.0.0',
      description:
        'Every call of the portal, generated from lib/api/contract.ts (all POST unless marked GET; bodies are JSON), and the data API /api/v1 (GET, with an API key; docs/data-api.md).',
    },
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'A data API key (yk_…), made in the equities centre; also accepted as X-Api-Key',
        },
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The session token (or "Bearer <token>")',
        },
      },
    },
    paths,
  };
}

/** The data API's endpoints (lib/api/v1): real HTTP statuses and a stable error shape. */
function dataApiPaths(): Record<string, Record<string, unknown>> {
  const error = { 'application/json': { schema: toSchema(v1ErrorSchema, 'output') } };
  return Object.fromEntries(
    v1Endpoints.map((name) => {
      const ok = z.object({ data: v1Responses[name], meta: v1MetaSchema });
      const statuses = Object.entries(V1_ERRORS).reduce<Record<string, string[]>>((acc, [code, status]) => {
        (acc[status] ??= []).push(code);
        return acc;
      }, {});
      return [
        `/api/v1/${name}`,
        {
          get: {
            operationId: `v1_${name}`,
            summary: v1Summaries[name],
            tags: ['data API v1'],
            parameters: queryParameters(v1Queries[name]),
            security: [{ apiKey: [] }],
            responses: {
              '200': {
                description: v1Csv[name]
                  ? 'The data and its sources, licence and citation (JSON), or the same rows as CSV with the licence and citation in X-Data-Licence and X-Citation'
                  : 'The data and its sources, licence and citation',
                headers: { ETag: { schema: { type: 'string' } } },
                content: {
                  'application/json': { schema: toSchema(ok, 'output') },
                  ...(v1Csv[name] ? { 'text/csv': { schema: { type: 'string' } } } : {}),
                },
              },
              '304': { description: 'Not modified (If-None-Match matched the ETag)' },
              ...Object.fromEntries(
                Object.entries(statuses).map(([status, codes]) => [
                  status,
                  {
                    description: `error.code ${codes.join(' | ')}`,
                    ...(status === '429' ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
                    content: error,
                  },
                ]),
              ),
            },
          },
        },
      ];
    }),
  );
}
