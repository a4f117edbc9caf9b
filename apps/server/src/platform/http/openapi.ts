/**
 * The OpenAPI document (/docs/json) integrators generate clients from. Route files stay
 * declarative; this file adds what every operation shares:
 *
 * - `operationId`, `summary` and `tags` come from the route's schema (written there, checked by
 *   openapi.routes.test.ts and by `redocly lint`);
 * - `security` comes from the route's `config.auth` (house rule 4): an explicit empty one for
 *   `public` routes, the bearer scheme otherwise, unless the route's schema names its own (the
 *   external API's `apiToken`);
 * - the error answers: the route's own catalogue codes (`schema.errors`, e.g.
 *   `errors: ['ERR_NO_TAG_FOUND', 'ERR_TAG_EXISTS']`) plus the common ones added here (validation,
 *   session and profile, plan expiry, rate limit, body limits, 500 and 503), grouped by the
 *   catalogue's status, each answering the `ErrorBody` component with one example per code;
 * - a route without a response schema answers 204 with no body, or the file type of
 *   `schema.binary` (media, PDF, CSV, a webhook's verification challenge).
 */
import { ERROR_CODES, ERROR_STATUS, ZSlipContractAnswer, ZSlipContractSlip, type ErrorCode } from '@prosa/contracts';
import { z } from 'zod';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifySchema {
    /** Catalogue codes this operation answers besides the common ones (see openapi.ts). */
    errors?: readonly ErrorCode[];
    /**
     * The content type of a 200 that is a file, not JSON (the route has no response schema); a
     * list when the query picks the type (a report as CSV or XLSX).
     */
    binary?: string | readonly string[];
  }
}

type Json = Record<string, unknown>;
const ERRORS_MARK = 'x-prosa-errors';
const BINARY_MARK = 'x-prosa-binary';
export const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** The codes every operation of this kind may answer, whatever its handler does. */
function commonErrors(route: { method: string | string[]; config?: Json; schema?: Json }): ErrorCode[] {
  const auth = (route.config?.auth as string | undefined) ?? 'public';
  const schema = route.schema ?? {};
  // Bad URL encoding or malformed input reaches any route (frameworkErrors, the zod validators).
  const codes: ErrorCode[] = ['ERR_VALIDATION', 'ERR_INTERNAL', 'ERR_DATABASE_UNAVAILABLE'];
  if (auth !== 'public') codes.push('ERR_SESSION_EXPIRED', 'ERR_TOKEN_EXPIRED', 'ERR_TENANT_INACTIVE');
  if (auth !== 'public' && !route.config?.allowExpired) codes.push('ERR_PLAN_EXPIRED');
  if (auth !== 'public' && auth !== 'user') codes.push('ERR_NO_PERMISSION');
  if (route.config?.rateLimit) codes.push('ERR_TOO_MANY_ATTEMPTS');
  const methods = ([] as string[]).concat(route.method);
  if (schema.body || methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) {
    codes.push('ERR_REQUEST_TOO_LARGE', 'ERR_UNSUPPORTED_MEDIA_TYPE');
  }
  return codes;
}

/** Per route: zod -> JSON schema (the type provider's transform), then security and answers. */
export const openapiTransform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input) as { schema: Json; url: string };
  if (!out.schema || out.schema.hide) return out;
  const route = input.route as unknown as { method: string | string[]; config?: Json; schema?: Json };
  const src = (input.schema ?? {}) as Json;
  const schema: Json = { ...out.schema };
  delete schema.errors;
  delete schema.binary;
  // A route that names its own scheme keeps it (the external API's configuration tokens).
  schema.security =
    (src.security as Json[] | undefined) ?? ((route.config?.auth ?? 'public') === 'public' ? [] : [{ bearer: [] }]);
  const responses: Json = { ...((schema.response as Json | undefined) ?? {}) };
  if (!schema.response) {
    const types = typeof src.binary === 'string' ? [src.binary] : (src.binary as string[] | undefined);
    if (types)
      responses['200'] = { description: `The file (${types.join(' or ')})`, type: 'string', [BINARY_MARK]: types };
    else responses['204'] = { description: 'Done; no body', type: 'null' };
  }
  const codes = [...new Set([...((src.errors as ErrorCode[] | undefined) ?? []), ...commonErrors(route)])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: `\`{ error }\` with ${list.join(', ')}`,
      type: 'object',
      [ERRORS_MARK]: list,
    };
  }
  schema.response = responses;
  return { schema, url: out.url };
};

/** OpenAPI 3.0 wants `type` beside `nullable`, null in a nullable enum, and an `anyOf` of one schema is that schema. */
function tidy(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(tidy);
  if (!node || typeof node !== 'object') return;
  const s = node as Json;
  for (const v of Object.values(s)) tidy(v);
  // OpenAPI 3.0: a nullable enum lists null among its values, or null fails the schema.
  if (s.nullable && Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...(s.enum as unknown[]), null];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key] as Json[] | undefined;
    if (!list) continue;
    if (list.length === 1 && !s.nullable) {
      delete s[key];
      Object.assign(s, { ...list[0], ...s });
    } else if (s.nullable && s.type === undefined) {
      delete s.nullable;
      list.push({ type: 'string', nullable: true, enum: [null] });
    }
  }
}

/** SlipContractAnswer and SlipContractSlip, as components referring to each other. */
function slipContractSchemas(): Json {
  const registry = z.registry<{ id: string }>();
  registry.add(ZSlipContractAnswer, { id: 'SlipContractAnswer' });
  registry.add(ZSlipContractSlip, { id: 'SlipContractSlip' });
  const { schemas } = z.toJSONSchema(registry, { target: 'openapi-3.0', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $id: _, ...schema }]) => [id, schema]));
}

/** The whole document: the error body component, the answers' content, servers, tidy schemas. */
export const openapiTransformObject: SwaggerTransformObject = (input) => {
  const doc = ('openapiObject' in input ? input.openapiObject : {}) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        if (response.description === 'Default Response') response.description = status === '201' ? 'Created' : 'OK';
        // Whatever media type swagger gave it (a route's `produces` applies to every status).
        const media = Object.values((response.content as Record<string, { schema?: Json }> | undefined) ?? {})[0];
        const codes = media?.schema?.[ERRORS_MARK] as ErrorCode[] | undefined;
        const binary = media?.schema?.[BINARY_MARK] as string[] | undefined;
        if (codes) {
          response.content = {
            'application/json': {
              schema: { $ref: ERROR_BODY_REF },
              examples: Object.fromEntries(codes.map((code) => [code, { value: { error: code } }])),
            },
          };
        } else if (binary) {
          response.content = Object.fromEntries(
            binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          );
        }
      }
    }
  }
  tidy(paths);
  const components = (doc.components ?? {}) as Json;
  return {
    ...doc,
    servers: [{ url: '/', description: 'This Prosa server' }],
    components: {
      ...components,
      schemas: {
        ...((components.schemas as Json | undefined) ?? {}),
        // Not an operation of Prosa: what a billing system answers the payment-slip integration
        // (model `contract`) at `GET {its URL}/slips?document=<digits>` with the integration's Bearer key.
        ...slipContractSchemas(),
        ErrorBody: {
          type: 'object',
          description:
            'Every failed request answers this body; `error` is a code of the catalogue (texts in pt, en and es).',
          properties: {
            error: { type: 'string', enum: ERROR_CODES },
            fields: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: 'Invalid inputs (ERR_VALIDATION only)',
            },
            requestId: { type: 'string', description: 'The request to look up in the log (ERR_INTERNAL only)' },
          },
          required: ['error'],
          additionalProperties: false,
        },
      },
    },
  } as ReturnType<SwaggerTransformObject>;
};
