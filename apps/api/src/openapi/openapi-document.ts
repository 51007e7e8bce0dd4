import { SERVICE_BASE_PATHS, type ServiceName } from '@pult/contract';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import type { RouteAccess } from '../access/route-access.js';
import { operationName } from './operation-names.js';
import type { CollectedRoute } from './route-collector.js';

type Json = Record<string, unknown>;

/** What the document covers: the four services, and the server's own JSON endpoints. */
const SERVER_PATHS = ['/healthz', '/readyz', '/config.json'];

export function isDocumented(url: string): boolean {
  return (
    SERVER_PATHS.includes(url) || Object.values(SERVICE_BASE_PATHS).some((base) => url.startsWith(`${base}/`))
  );
}

const SERVICE_TAGS: [ServiceName, string][] = (
  Object.entries(SERVICE_BASE_PATHS) as [ServiceName, string][]
).sort((a, b) => b[1].length - a[1].length);

const SERVICE_DESCRIPTIONS: Record<ServiceName, string> = {
  auth: 'Administrators, their groups, permissions, sessions and second factor; platform users and their sign-in; settings and API keys; countries, cities; the audit log and the dashboard.',
  storage:
    'Buckets and files (streamed uploads, signed download links), log and error ingest, error groups, retention settings.',
  chat: "Channels, their members and messages (cursor pages), the WebSocket of chat events; the administrators' moderation.",
  notification:
    'The e-mail, SMS and push queue, templates and their translations, SMTP/SMS/push delivery configurations, devices, and `POST /send`.',
};

function tagOf(url: string): string {
  return SERVICE_TAGS.find(([, base]) => url.startsWith(`${base}/`))?.[0] ?? 'server';
}

/** `/admin/users/:id` → `/admin/users/{id}`; a wildcard becomes `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

function jsonSchema(schema: unknown, io: 'input' | 'output'): Json {
  if (!isZod(schema)) return {};
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete converted.$schema;
  return withoutVacuousUnions(converted) as Json;
}

/**
 * A type zod cannot express in JSON Schema (a transform's input, with `unrepresentable: 'any'`) becomes
 * `{}`; an `anyOf` holding it accepts anything, which linters flag as illogical. Such a union is written
 * as what it means: any value (its annotations kept).
 */
function withoutVacuousUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutVacuousUnions);
  if (typeof node !== 'object' || node === null) return node;
  const walked = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, withoutVacuousUnions(value)]),
  ) as Json;
  const members = walked.anyOf;
  if (Array.isArray(members) && members.some((member) => isEmptySchema(member))) {
    const { anyOf: _vacuous, ...rest } = walked;
    return rest;
  }
  return walked;
}

function isEmptySchema(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}

/** Public routes of the auth service: everything else under an `/admin/` path needs an admin's token. */
const PUBLIC_ADMIN_PATHS = new Set([
  '/auth/admin/signin',
  '/auth/admin/refresh-token',
  '/auth/admin/logout',
  '/auth/admin/recover-password-request',
  '/auth/admin/change-password',
]);

/**
 * Who may call: administrators' routes take an admin's Bearer token; the platform routes take a
 * platform user's Bearer token or a service's `X-Api-Key` (each route checks which it accepts);
 * sign-in, renewal, recovery, key sets and public links take none.
 */
function securityOf(method: string, url: string): Json[] | undefined {
  if (PUBLIC_ADMIN_PATHS.has(url) || SERVER_PATHS.includes(url)) return [];
  if (url === '/auth/admin/settings' && method === 'GET') return [{}, { bearerAuth: [] }];
  if (url.includes('/admin/')) return [{ bearerAuth: [] }];
  if (/\/(user\/(signin|refresh-token|logout)|\.well-known\/|blobs\/|public\/)/.test(url)) return [];
  return [{ bearerAuth: [] }, { apiKey: [] }];
}

const ERROR_RESPONSES: Record<string, Json> = {
  '401': {
    description: 'Not signed in, or the token is no longer valid',
    content: json({ $ref: '#/components/schemas/Message' }),
  },
  '403': { description: 'Not allowed', content: json({ $ref: '#/components/schemas/Forbidden' }) },
  '404': { description: 'No such record or route', content: json({ $ref: '#/components/schemas/Message' }) },
  '422': {
    description: 'Invalid input: a general text or texts per field',
    content: json({ $ref: '#/components/schemas/Unprocessable' }),
  },
  '429': {
    description: 'Too many requests (see Retry-After)',
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
    content: json({ $ref: '#/components/schemas/Message' }),
  },
  '5XX': {
    description:
      'A fault of the server, or not available now (503, see Retry-After): quote `request_id` when reporting it',
    headers: {
      'X-Request-Id': {
        description: 'The id every log line of the request carries',
        schema: { type: 'string' },
      },
    },
    content: json({ $ref: '#/components/schemas/ServerError' }),
  },
};

function json(schema: Json): Json {
  return { 'application/json': { schema } };
}

/** A list answer (`{ items, total, pageCount }`) takes the list grammar of ARCHITECTURE.md. */
function isList(schema: Json): boolean {
  const properties = schema.properties as Json | undefined;
  return Boolean(properties && 'items' in properties && 'total' in properties && 'pageCount' in properties);
}

const LIST_PARAMETERS: Json[] = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'perPage', in: 'query', schema: { type: 'integer', enum: [5, 10, 20, 50, 100], default: 10 } },
  {
    name: 'sort',
    in: 'query',
    description: 'Comma-separated sortable fields, `-` for descending: `-created_at,email`',
    schema: { type: 'string' },
  },
  {
    name: 'filter',
    in: 'query',
    style: 'deepObject',
    explode: true,
    description:
      "`filter[field]=value` by the field's filter type: text contains (case-insensitive), number equals, date `YYYY-MM-DD` or `YYYY-MM-DD,YYYY-MM-DD` (UTC days, inclusive), select one of the options",
    schema: { type: 'object', additionalProperties: { type: 'string' } },
  },
  {
    name: 'total',
    in: 'query',
    description:
      'Where a big list answers an estimate or a lower bound (`totalExact: false`, `totalKind` `estimate` or `moreThan`), `total=exact` counts every match, within 5 s; a count that takes longer still answers an estimate or a bound',
    schema: { type: 'string', enum: ['exact'] },
  },
];

function parametersOf(url: string, schema: FastifySchema | undefined): Json[] {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  if (url.endsWith('*')) names.push('path');
  const parameters: Json[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = jsonSchema(schema?.querystring, 'input');
  const properties = (query.properties ?? {}) as Record<string, Json>;
  const required = new Set((query.required ?? []) as string[]);
  for (const [name, property] of Object.entries(properties))
    parameters.push({ name, in: 'query', required: required.has(name), schema: property });
  return parameters;
}

function operationOf(route: CollectedRoute): Json {
  const { schema } = route;
  const responses: Json = {};
  const declared = (schema?.response ?? {}) as Record<string, unknown>;
  let list = false;
  for (const [status, response] of Object.entries(declared)) {
    const body = jsonSchema(response, 'output');
    if (route.method === 'GET' && isList(body)) list = true;
    responses[status] = { description: status.startsWith('2') ? 'Success' : 'Error', content: json(body) };
  }
  if (Object.keys(responses).length === 0)
    responses.default = { description: 'Not JSON: a file, a redirect or a stream; see docs/api.md' };
  for (const [status, response] of Object.entries(ERROR_RESPONSES)) responses[status] ??= response;
  const parameters = parametersOf(route.url, schema);
  if (list && !parameters.some((parameter) => parameter.name === 'page')) parameters.push(...LIST_PARAMETERS);
  const name = operationName(route.method, openApiPath(route.url));
  const operation: Json = {
    tags: [tagOf(route.url)],
    operationId: name.id,
    summary: name.summary,
    parameters: [
      ...parameters,
      { name: 'Lang', in: 'header', schema: { type: 'string', enum: ['uk-UA', 'en-US'], default: 'uk-UA' } },
    ],
    responses,
  };
  if (schema?.body)
    operation.requestBody = { required: true, content: json(jsonSchema(schema.body, 'input')) };
  else if (fileBody(schema)) operation.requestBody = fileBody(schema);
  const security = securityOf(route.method, route.url);
  if (security) operation.security = security;
  const permission = permissionOf(route.access);
  if (permission) operation['x-pult-permission'] = permission;
  return operation;
}

/**
 * A route whose body is a file read as a stream (a CSV import) declares the media types it takes in
 * `schema.consumes`; the body is documented as those bytes.
 */
function fileBody(schema: FastifySchema | undefined): Json | undefined {
  const consumes = (schema as { consumes?: unknown } | undefined)?.consumes;
  if (!Array.isArray(consumes) || consumes.length === 0) return undefined;
  const content: Json = {};
  for (const type of consumes) content[String(type)] = { schema: { type: 'string', format: 'binary' } };
  return { required: true, content };
}

/**
 * The permission an administrator's route checks (access control), so a client and a reviewer can
 * see it per operation: `{ resource, action }`, a lookup's rule, or `signed-in` for every admin.
 */
function permissionOf(declared: RouteAccess | undefined): Json | undefined {
  if (!declared || declared.kind === 'public' || declared.kind === 'platform') return undefined;
  if (declared.kind === 'signed-in') return { signedIn: true };
  if (declared.kind === 'lookup')
    return { resource: declared.resource, action: 'list', orReferencedBy: declared.usedBy };
  return { resource: declared.resource, action: declared.action };
}

/** The OpenAPI 3.1 document of every route the four services register, built from their zod schemas. */
export function buildOpenApiDocument(routes: readonly CollectedRoute[], serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    if (!isDocumented(route.url) || route.method === 'HEAD') continue;
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path]![route.method.toLowerCase()] = operationOf(route);
  }
  const fieldErrors = { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pult services',
      version: '1.0.0',
      // The project is not published under an open licence; the operator of a server is the contact.
      license: { name: 'Proprietary: all rights reserved', url: `${serverUrl}/docs` },
      contact: { name: 'The operators of this Pult server', url: serverUrl },
      description:
        'The auth, storage, chat and notification services of one Pult server. Texts follow the `Lang` header (uk-UA by default).',
    },
    servers: [{ url: serverUrl }],
    tags: [
      ...SERVICE_TAGS.map(([name, base]) => ({
        name,
        description: `${SERVICE_DESCRIPTIONS[name]} Mounted at \`${base}\`.`,
      })),
      {
        name: 'server',
        description: "The server itself: liveness and readiness probes, the panel's runtime configuration.",
      },
    ],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
      schemas: {
        Message: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
        ServerError: {
          type: 'object',
          properties: { message: { type: 'string' }, request_id: { type: 'string' } },
          required: ['message', 'request_id'],
        },
        Forbidden: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
        Unprocessable: {
          type: 'object',
          properties: { message: { oneOf: [{ type: 'string' }, fieldErrors] } },
          required: ['message'],
        },
      },
    },
  };
}
