/**
 * The Graph API subset Prosa's WhatsApp channel uses, served by the stand-in: the phone number,
 * /{phone-number-id}/messages, /{phone-number-id}/media, /{media-id} with its download URL,
 * /{waba-id}/message_templates with cursor paging, and /{phone-number-id}/calls for the calls it
 * rang (the Calling API; only `reject` is served). Errors use Graph's envelope
 * { error: { message, type, code, error_subcode, fbtrace_id } } and its codes.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newWamid } from './webhook-payloads.js';

export interface StoredMedia {
  id: string;
  data: Buffer;
  mimeType: string;
  fileName?: string;
  sha256: string;
}
export interface SentMessage {
  id: string;
  to: string;
  type: string;
  /** The JSON Prosa posted. */
  payload: Record<string, unknown>;
  /** The uploaded file a media message refers to. */
  media?: StoredMedia;
  at: Date;
}
export interface StandInTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: Record<string, unknown>[];
}
/** A call the stand-in rang on the business number, and what Prosa did with it. */
export interface StandInCall {
  id: string;
  from: string;
  state: 'ringing' | 'rejected';
  /** Each POST /{phone-number-id}/calls Prosa made for it (its JSON). */
  actions: Record<string, unknown>[];
}
export interface GraphState {
  origin: string;
  version: string;
  /** Tokens the stand-in accepts (several system users may hold tokens for one number). */
  tokens: Set<string>;
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  media: Map<string, StoredMedia>;
  sent: SentMessage[];
  templates: StandInTemplate[];
  /** Queued failures; `path` (a substring of the request path) limits one to matching calls. */
  failures: { httpStatus: number; code: number; path?: string }[];
  /** The most templates one page holds, whatever `limit` asks (to exercise paging). */
  templatePageSize: number;
  calls: { method: string; path: string; authorized: boolean }[];
  /** Voice calls by call id (the Calling API). */
  voiceCalls: Map<string, StandInCall>;
}

const ERROR_TEXT: Record<number, string> = {
  1: 'An unknown error has occurred.',
  4: 'Application request limit reached',
  100: 'Invalid parameter',
  190: 'Invalid OAuth access token - Cannot parse access token',
  80007: 'Rate limit issues',
  130429: 'Rate limit hit',
  131000: 'Something went wrong',
  131016: 'Service unavailable',
  131026: 'Message undeliverable',
  131030: 'Recipient phone number not in allowed list',
  131047: 'Re-engagement message',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
  132012: 'Parameter format does not match format in the created template',
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

export function graphError(
  res: ServerResponse,
  httpStatus: number,
  code: number,
  message?: string,
  subcode?: number,
): void {
  const text = message ?? ERROR_TEXT[code] ?? 'Invalid request';
  sendJson(res, httpStatus, {
    error: {
      message: code === 190 ? text : `(#${code}) ${text}`,
      type: 'OAuthException',
      code,
      ...(subcode ? { error_subcode: subcode } : {}),
      ...(code >= 130000 ? { error_data: { messaging_product: 'whatsapp', details: text } } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
}

const unknownObject = (res: ServerResponse, method: string, id: string) =>
  graphError(
    res,
    400,
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    33,
  );

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const SEND_TYPES = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'interactive',
  'template',
  'location',
  'contacts',
  'reaction',
];
const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'];

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const countVars = (text: unknown) => (typeof text === 'string' ? new Set([...text.matchAll(VARIABLE)].map((m) => m[1])).size : 0);
type Part = { type?: string; parameters?: Record<string, unknown>[] };

/**
 * The template's parameters checked as the Cloud API does: the body's count (#132000), and a
 * media header (IMAGE, VIDEO, DOCUMENT) given as { type: 'image', image: { link | id } } (#132012).
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/template-media/
 */
function templateParamsError(state: GraphState, t: StandInTemplate, components: unknown): number | null {
  const parts = (Array.isArray(components) ? components : []) as Part[];
  const of = (type: string) => t.components.find((c) => String(c.type).toUpperCase() === type);
  const sent = (type: string) => parts.find((p) => p.type === type)?.parameters ?? [];
  if (sent('body').length !== countVars(of('BODY')?.text)) return 132000;
  const format = String(of('HEADER')?.format ?? '').toUpperCase();
  if (['IMAGE', 'VIDEO', 'DOCUMENT'].includes(format)) {
    const kind = format.toLowerCase();
    const [p] = sent('header');
    const media = p?.type === kind ? (p[kind] as { link?: unknown; id?: unknown } | undefined) : undefined;
    const ok = typeof media?.link === 'string' ? /^https?:\/\//.test(media.link) : typeof media?.id === 'string' && state.media.has(media.id);
    if (!ok) return 132012;
  }
  return null;
}

/** Validates a send like the Cloud API does (the parts Prosa uses) and records it. */
function sendMessage(state: GraphState, res: ServerResponse, body: Record<string, unknown>): void {
  if (body.messaging_product !== 'whatsapp')
    return graphError(res, 400, 100, 'The parameter messaging_product is required.');
  const to = typeof body.to === 'string' ? body.to : '';
  if (!/^\+?\d{6,20}$/.test(to)) return graphError(res, 400, 131026);
  const type = typeof body.type === 'string' ? body.type : 'text';
  if (!SEND_TYPES.includes(type))
    return graphError(res, 400, 100, `Param type must be one of {${SEND_TYPES.join(', ')}}`);
  const content = body[type] as Record<string, unknown> | undefined;
  if (!content || typeof content !== 'object') return graphError(res, 400, 100, `The parameter ${type} is required.`);
  let media: StoredMedia | undefined;
  if (type === 'text' && (typeof content.body !== 'string' || !content.body))
    return graphError(res, 400, 100, "The parameter text['body'] is required.");
  if (MEDIA_TYPES.includes(type)) {
    media = typeof content.id === 'string' ? state.media.get(content.id) : undefined;
    if (!media && typeof content.link !== 'string') return graphError(res, 400, 131053, 'Media upload error');
  }
  if (type === 'template') {
    const language = (content.language as { code?: string } | undefined)?.code;
    const t = state.templates.find(
      (x) => x.name === content.name && x.language === language && x.status === 'APPROVED',
    );
    if (!t) return graphError(res, 404, 132001);
    const wrong = templateParamsError(state, t, content.components);
    if (wrong) return graphError(res, 400, wrong);
  }
  // A reaction names the message by its wamid; an empty emoji takes the reaction back.
  if (
    type === 'reaction' &&
    (typeof content.message_id !== 'string' || !content.message_id || typeof content.emoji !== 'string')
  )
    return graphError(res, 400, 100, "The parameters reaction['message_id'] and reaction['emoji'] are required.");
  if (type === 'interactive') {
    const action = content.action as { buttons?: unknown[]; sections?: unknown[] } | undefined;
    const n = content.type === 'button' ? (action?.buttons?.length ?? 0) : (action?.sections?.length ?? 0);
    if (n < 1 || (content.type === 'button' && n > 3))
      return graphError(res, 400, 131009, 'Parameter value is not valid');
  }
  const id = newWamid();
  state.sent.push({ id, to: to.replace(/\D/g, ''), type, payload: body, ...(media ? { media } : {}), at: new Date() });
  sendJson(res, 200, {
    messaging_product: 'whatsapp',
    contacts: [{ input: to, wa_id: to.replace(/\D/g, '') }],
    messages: [{ id, ...(type === 'template' ? { message_status: 'accepted' } : {}) }],
  });
}

/**
 * POST /{phone-number-id}/calls { messaging_product: 'whatsapp', call_id, action: 'reject' }: the
 * ringing call ends, answer { success: true }. A call that is not ringing (unknown, rejected
 * already) is refused with Graph's invalid-parameter error.
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 */
function callAction(state: GraphState, res: ServerResponse, body: Record<string, unknown>): void {
  if (body.messaging_product !== 'whatsapp')
    return graphError(res, 400, 100, 'The parameter messaging_product is required.');
  const call = typeof body.call_id === 'string' ? state.voiceCalls.get(body.call_id) : undefined;
  if (call) call.actions.push(body);
  if (body.action !== 'reject') return graphError(res, 400, 100, 'Param action must be one of {reject}');
  if (!call || call.state !== 'ringing') return graphError(res, 400, 100, 'Invalid parameter: call_id');
  call.state = 'rejected';
  sendJson(res, 200, { success: true });
}

export function storeMedia(state: GraphState, data: Buffer, mimeType: string, fileName?: string): StoredMedia {
  const id = String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100_000, 999_999));
  const m: StoredMedia = {
    id,
    data,
    mimeType,
    sha256: createHash('sha256').update(data).digest('base64'),
    ...(fileName ? { fileName } : {}),
  };
  state.media.set(id, m);
  return m;
}

async function upload(state: GraphState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await bodyOf(req);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
  } catch {
    return graphError(res, 400, 100, 'Unsupported file or multipart body');
  }
  const file = form.get('file');
  if (form.get('messaging_product') !== 'whatsapp')
    return graphError(res, 400, 100, 'The parameter messaging_product is required.');
  if (!file || typeof file === 'string') return graphError(res, 400, 100, 'The parameter file is required.');
  const type = String(form.get('type') ?? file.type ?? '');
  if (!type) return graphError(res, 400, 100, 'The parameter type is required.');
  const m = storeMedia(state, Buffer.from(await file.arrayBuffer()), type, file.name);
  sendJson(res, 200, { id: m.id });
}

function templatesPage(state: GraphState, res: ServerResponse, url: URL): void {
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 25) || 25, 1), state.templatePageSize);
  const after = url.searchParams.get('after');
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) || 0 : 0;
  const data = state.templates.slice(start, start + limit);
  const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
  const more = start + limit < state.templates.length;
  const next = new URL(url.toString());
  next.searchParams.set('after', cursor(start + limit));
  next.searchParams.set('limit', String(limit));
  sendJson(res, 200, {
    data,
    paging: {
      cursors: { before: cursor(start), after: cursor(start + limit) },
      ...(more ? { next: next.toString() } : {}),
    },
  });
}

/** Handles one Graph API request (token first, then a queued failure, then the path). */
export async function handleGraph(state: GraphState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', state.origin);
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
  const auth = req.headers.authorization ?? '';
  const authorized = auth.startsWith('Bearer ') && state.tokens.has(auth.slice('Bearer '.length));
  state.calls.push({ method, path, authorized });
  if (!authorized) return graphError(res, 401, 190);
  const at = state.failures.findIndex((f) => !f.path || path.includes(f.path));
  if (at >= 0) {
    const [failure] = state.failures.splice(at, 1);
    return graphError(res, failure!.httpStatus, failure!.code);
  }

  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'whatsapp_business' && parts[1] === 'attachments' && method === 'GET') {
    const m = state.media.get(url.searchParams.get('mid') ?? '');
    if (!m) return unknownObject(res, method, url.searchParams.get('mid') ?? '');
    res.writeHead(200, { 'content-type': m.mimeType, 'content-length': String(m.data.length) });
    return void res.end(m.data);
  }
  const [id, edge] = parts;
  if (!id) return unknownObject(res, method, '');
  if (id === state.phoneNumberId && !edge && method === 'GET')
    return sendJson(res, 200, { display_phone_number: state.displayPhoneNumber, verified_name: 'Prosa Stand-in', id });
  if (id === state.phoneNumberId && edge === 'messages' && method === 'POST') {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await bodyOf(req)).toString('utf8')) as Record<string, unknown>;
    } catch {
      return graphError(res, 400, 100, 'Invalid JSON body');
    }
    return sendMessage(state, res, body);
  }
  if (id === state.phoneNumberId && edge === 'media' && method === 'POST') return upload(state, req, res);
  if (id === state.phoneNumberId && edge === 'calls' && method === 'POST') {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await bodyOf(req)).toString('utf8')) as Record<string, unknown>;
    } catch {
      return graphError(res, 400, 100, 'Invalid JSON body');
    }
    return callAction(state, res, body);
  }
  if (id === state.wabaId && edge === 'message_templates' && method === 'GET') return templatesPage(state, res, url);
  const m = !edge && method === 'GET' ? state.media.get(id) : undefined;
  if (m)
    return sendJson(res, 200, {
      messaging_product: 'whatsapp',
      url: `${state.origin}/whatsapp_business/attachments/?mid=${m.id}&ext=${Date.now()}&hash=${m.sha256.slice(0, 12)}`,
      mime_type: m.mimeType,
      sha256: m.sha256,
      file_size: m.data.length,
      id: m.id,
    });
  return unknownObject(res, method, id);
}
