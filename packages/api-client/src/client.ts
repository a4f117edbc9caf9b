/**
 * A typed client over the OpenAPI document, with plain fetch: `npm run openapi` generates
 * `./generated/openapi.d.ts` from the running app's document (openapi-typescript) and type-checks
 * this file against it, so a change of the API that breaks these calls fails CI.
 *
 * Types are read by operationId: `Body<'login'>`, `Answer<'listTickets'>`, `Query<'listTickets'>`.
 */
import type { components, operations } from './generated/openapi.js';

export type OperationId = keyof operations;
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body an operation takes. */
export type Body<O extends OperationId> = Json<NonNullable<operations[O]['requestBody']>>;
/** The query parameters an operation takes. */
export type Query<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;
/** The JSON an operation answers with on success (200 or 201). */
export type Answer<O extends OperationId> = operations[O]['responses'] extends infer R
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer A }
      ? Json<A>
      : never
  : never;
/** Every failed request answers `{ error: CODE }` with a code of the catalogue. */
export type ErrorBody = components['schemas']['ErrorBody'];

export class ProsaError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.error);
  }
}

export interface Client {
  baseUrl: string;
  token?: string;
}

async function call<T>(client: Client, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, client.baseUrl), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new ProsaError(res.status, (await res.json()) as ErrorBody);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

const search = (query: Record<string, unknown>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) v.forEach((item) => q.append(k, String(item)));
    else if (v !== undefined && v !== null) q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** POST /auth/login/: the answer carries the access token for the other calls. */
export async function login(baseUrl: string, body: Body<'login'>): Promise<Client & { user: Answer<'login'> }> {
  const user = await call<Answer<'login'>>({ baseUrl }, 'POST', '/auth/login/', body);
  return { baseUrl, token: user.token, user };
}

/** GET /tickets: a page of the tickets the user sees. */
export function listTickets(client: Client, query: Query<'listTickets'> = {}): Promise<Answer<'listTickets'>> {
  return call(client, 'GET', `/tickets${search(query)}`);
}

/** PUT /tickets/{id}: accept, return, close, reopen or transfer. */
export function updateTicket(client: Client, id: number, body: Body<'updateTicket'>): Promise<Answer<'updateTicket'>> {
  return call(client, 'PUT', `/tickets/${id}`, body);
}

/** The external API: an API configuration's id and token (shown once by POST /api-config). */
export function externalClient(baseUrl: string, apiId: number, token: string): Client & { apiId: number } {
  return { baseUrl, token, apiId };
}

/** POST /v1/api/external/{apiId}/messages: a text or a file, sent once per externalKey. */
export function sendExternalMessage(
  client: Client & { apiId: number },
  body: Body<'externalSendMessage'>,
): Promise<Answer<'externalSendMessage'>> {
  return call(client, 'POST', `/v1/api/external/${client.apiId}/messages`, body);
}
