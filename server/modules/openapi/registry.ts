// The API's OpenAPI 3.1 description, generated from the same zod schemas the routes validate with
// (zod 4's z.toJSONSchema; OpenAPI 3.1 uses JSON Schema 2020-12, so no translation is needed).
// Each module adds its operations next to its routes with `app.openapi.add({...})`; GET
// /api/openapi.json assembles the document when asked. No library: a route plugin that rewrote
// Fastify's validation would have to agree with our zod-based error shape, and this is 100 lines.
// See docs/decisions/0006-submission-lifecycle.md.
import { z } from 'zod';

/** Who may call an operation. */
export type ApiAccess = 'public' | 'user' | 'admin';

/** One operation as a module describes it. */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The full path as Fastify writes it ('/api/submissions/:id'); ':name' becomes '{name}'. */
  path: string;
  summary: string;
  description?: string;
  /** Groups operations in viewers ('submissions', 'admin', ...). */
  tags?: string[];
  access: ApiAccess;
  /** The query string's schema (input side). */
  query?: z.ZodObject;
  /** The JSON body's schema (input side: what the client sends). */
  body?: z.ZodType;
  /** The success response's schema (output side). */
  response?: z.ZodType;
  /** The success status (default 200). */
  successStatus?: number;
  /** Error statuses worth listing besides the ones `access` implies. */
  errors?: number[];
}

/** The per-app list of operations. */
export interface OpenApiRegistry {
  /** Adds an operation (call once per route, at registration). */
  add(operation: ApiOperation): void;
  /** The operations added so far. */
  operations(): readonly ApiOperation[];
  /** The OpenAPI 3.1 document of every operation added. */
  document(info: { title: string; version: string }): Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's OpenAPI registry (buildApp decorates it). */
    openapi: OpenApiRegistry;
  }
}

/** JSON Schema for one side of a zod schema; what JSON cannot express (refinements, transforms) is left open. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: { message, code, issues: [{ path, message }] }',
  401: 'Not signed in',
  403: 'Signed in without the needed role or right',
  404: 'Not found (or not yours)',
  409: 'Not possible in the current state: { message } says why',
};

const errorBody = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
  },
  required: ['message'],
};

/** Turns one operation into its OpenAPI Operation object. */
function operationObject(operation: ApiOperation): Record<string, unknown> {
  const parameters: Record<string, unknown>[] = [];
  for (const match of operation.path.matchAll(/:([A-Za-z0-9_]+)/g)) {
    parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (operation.query) {
    const query = jsonSchema(operation.query, 'input') as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  const errors = new Set<number>(operation.errors ?? []);
  if (operation.body || operation.query) errors.add(400);
  if (operation.access !== 'public') errors.add(401);
  if (operation.access === 'admin') errors.add(403);
  const responses: Record<string, unknown> = {
    [String(operation.successStatus ?? 200)]: {
      description: 'Success',
      ...(operation.response
        ? { content: { 'application/json': { schema: jsonSchema(operation.response, 'output') } } }
        : {}),
    },
  };
  for (const status of [...errors].sort()) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      content: { 'application/json': { schema: errorBody } },
    };
  }
  return {
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.tags ? { tags: operation.tags } : {}),
    ...(operation.access === 'public' ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** A new, empty registry. */
export function createOpenApiRegistry(): OpenApiRegistry {
  const list: ApiOperation[] = [];
  return {
    add(operation) {
      list.push(operation);
    },
    operations: () => list,
    document(info) {
      const paths: Record<string, Record<string, unknown>> = {};
      for (const operation of list) {
        const path = operation.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        (paths[path] ??= {})[operation.method.toLowerCase()] = operationObject(operation);
      }
      return {
        openapi: '3.1.0',
        info,
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'session' },
            bearer: { type: 'http', scheme: 'bearer' },
          },
        },
        security: [{ session: [] }, { bearer: [] }],
        paths,
      };
    },
  };
}
