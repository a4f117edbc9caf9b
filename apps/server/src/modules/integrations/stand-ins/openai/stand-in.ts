/**
 * A local stand-in of an OpenAI-compatible API (https://platform.openai.com/docs/api-reference) on
 * loopback, for the OpenAI-family driver's tests and as a sandbox (main.ts). Paths under `/v1`
 * (also without it, as DeepSeek's root has none):
 * - POST /chat/completions: a handover tool call when the customer asks for a person, otherwise an
 *   echo of the system prompt, the turns seen and the last message (model.ts).
 * - POST /conversations, POST /responses with `conversation`: items kept per conversation; a
 *   function_call output item for a handover; a conversation ending on an unanswered function
 *   call is refused with 400 as OpenAI does.
 * - POST /audio/transcriptions (multipart), POST /audio/speech (MP3 bytes).
 * Every call needs `Authorization: Bearer <apiKey>` (401 invalid_api_key otherwise). Switches make
 * the next calls fail with a status (500, 429...), hang until the client gives up, or answer empty.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  chatCompletion,
  conversationObject,
  errorBody,
  functionCallItem,
  invalidKey,
  type Json,
  newId,
  outputMessage,
  rateLimited,
  responseObject,
  serverError,
  transcriptionObject,
} from './fixtures.js';
import { asksForPerson, echo, handoverToolOf, textOf, transcriptOf } from './model.js';

export interface ReceivedRequest {
  method: string;
  /** Path without the `/v1` prefix, e.g. `/chat/completions`. */
  path: string;
  authorization: string | null;
  /** The JSON body; for multipart, its text fields plus `file: { name, size }`. */
  body: Json;
}

export interface OpenAiStandIn {
  /** The base URL to give the driver (`cfg.url`): `http://127.0.0.1:<port>/v1`. */
  url: string;
  apiKey: string;
  /** Every call received, in order. */
  requests: ReceivedRequest[];
  /** Items stored per conversation id. */
  conversations: Map<string, Json[]>;
  /** The next `n` calls (to `path`, if given) answer `status` with OpenAI's error body. */
  failNext(n: number, status: number, path?: string): void;
  /** The next `n` calls (to `path`, if given) never answer (until the client aborts or close). */
  hangNext(n: number, path?: string): void;
  /** The next `n` model answers are empty (no text, no tool call). */
  emptyNext(n: number): void;
  close(): Promise<void>;
}

interface Switch {
  remaining: number;
  path?: string;
  status?: number;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const badRequest = (res: ServerResponse, message: string, param: string | null = null) =>
  send(res, 400, errorBody(message, 'invalid_request_error', null, param));

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startOpenAiStandIn(opts: { apiKey?: string; port?: number } = {}): Promise<OpenAiStandIn> {
  const apiKey = opts.apiKey ?? `sk-standin-${newId('')}`;
  const requests: ReceivedRequest[] = [];
  const conversations = new Map<string, Json[]>();
  const failures: Switch[] = [];
  const hangs: Switch[] = [];
  let empties = 0;

  const take = (list: Switch[], path: string) => {
    const s = list.find((f) => f.remaining > 0 && (!f.path || f.path === path));
    if (s) s.remaining--;
    return s;
  };

  function chat(res: ServerResponse, body: Json) {
    const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : null;
    if (!messages?.length) return badRequest(res, "Missing required parameter: 'messages'.", 'messages');
    if (typeof body.model !== 'string') return badRequest(res, "Missing required parameter: 'model'.", 'model');
    const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => textOf(m.content));
    const turns = messages.filter((m) => m.role === 'user' || m.role === 'assistant');
    const last = textOf([...turns].reverse().find((m) => m.role === 'user')?.content);
    const tool = asksForPerson(last) ? handoverToolOf(body.tools, false) : null;
    const json = (body.response_format as Json | undefined)?.type === 'json_object';
    const content =
      empties > 0
        ? (empties--, '')
        : tool
          ? null
          : echo({ system: system.join('\n') || null, turns: turns.length, last, json });
    send(
      res,
      200,
      chatCompletion({
        model: body.model,
        content,
        ...(tool && content === null
          ? { toolCall: { name: tool, arguments: { reason: 'customer asked for a person' } } }
          : {}),
        promptText: messages.map((m) => textOf(m.content)).join('\n'),
      }),
    );
  }

  /** Input items as conversation items: a string becomes one user message. */
  const itemsOf = (input: unknown): Json[] =>
    typeof input === 'string'
      ? [{ type: 'message', role: 'user', content: input }]
      : Array.isArray(input)
        ? (input as Json[]).map((i) => ({ type: 'message', ...i }))
        : [];

  function createConversation(res: ServerResponse, body: Json) {
    const items = itemsOf(body.items);
    if (items.length > 20) return badRequest(res, 'You may add up to 20 items at a time.', 'items');
    const id = newId('conv_');
    conversations.set(
      id,
      items.map((i) => ({ id: newId('msg_'), ...i })),
    );
    send(res, 200, conversationObject(id, Math.floor(Date.now() / 1000), (body.metadata as Json | undefined) ?? {}));
  }

  function respond(res: ServerResponse, body: Json) {
    const convRef = body.conversation;
    const conversationId = typeof convRef === 'string' ? convRef : ((convRef as Json | null)?.id as string | undefined);
    const stored = conversationId ? conversations.get(conversationId) : [];
    if (!stored)
      return send(
        res,
        404,
        errorBody(`Conversation with id '${conversationId}' not found.`, 'invalid_request_error', null, 'conversation'),
      );
    const pending = stored
      .filter((i) => i.type === 'function_call')
      .find((c) => !stored.some((o) => o.type === 'function_call_output' && o.call_id === c.call_id));
    if (pending) return badRequest(res, `No tool output found for function call ${String(pending.call_id)}.`, 'input');
    const prompt = (body.prompt as Json | undefined)?.id;
    if (typeof body.model !== 'string' && typeof prompt !== 'string')
      return badRequest(res, "Missing required parameter: 'model'.", 'model');
    const input = itemsOf(body.input);
    const seen = [...stored, ...input].filter(
      (i) => i.type === 'message' && (i.role === 'user' || i.role === 'assistant'),
    );
    const last = textOf([...input].reverse().find((i) => i.role === 'user')?.content);
    const tool = asksForPerson(last) ? handoverToolOf(body.tools, true) : null;
    const system =
      typeof body.instructions === 'string'
        ? body.instructions
        : typeof prompt === 'string'
          ? `prompt ${prompt}`
          : null;
    const json = ((body.text as Json | undefined)?.format as Json | undefined)?.type === 'json_object';
    const output =
      empties > 0
        ? (empties--, [])
        : tool
          ? [functionCallItem(tool, { reason: 'customer asked for a person' })]
          : [outputMessage(echo({ system, turns: seen.length, last, json }))];
    if (conversationId) stored.push(...input.map((i) => ({ id: newId('msg_'), ...i })), ...output);
    send(
      res,
      200,
      responseObject({
        model: typeof body.model === 'string' ? body.model : 'gpt-4o-mini',
        output,
        request: body,
        conversationId: conversationId ?? null,
        inputText: seen.map((i) => textOf(i.content)).join('\n'),
      }),
    );
  }

  async function transcribe(req: IncomingMessage, res: ServerResponse, raw: Buffer, record: ReceivedRequest) {
    const form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(raw),
    })
      .formData()
      .catch(() => null);
    const file = form?.get('file');
    const model = form?.get('model');
    if (form) for (const [k, v] of form.entries()) if (typeof v === 'string') record.body[k] = v;
    if (!(file instanceof File)) return badRequest(res, "Missing required parameter: 'file'.", 'file');
    if (typeof model !== 'string') return badRequest(res, "Missing required parameter: 'model'.", 'model');
    const data = new Uint8Array(await file.arrayBuffer());
    record.body.file = { name: file.name, size: data.length };
    send(res, 200, transcriptionObject(transcriptOf(data, file.name), model, data.length));
  }

  function speech(res: ServerResponse, body: Json) {
    for (const k of ['model', 'input', 'voice'])
      if (typeof body[k] !== 'string' || !body[k]) return badRequest(res, `Missing required parameter: '${k}'.`, k);
    // An ID3v2 header, one MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz: a 417-byte frame)
    // and the text: bytes a type check reads as MP3 and a test can recognise
    // (https://platform.openai.com/docs/api-reference/audio/createSpeech answers the audio file).
    const data = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
      Buffer.from([0xff, 0xfb, 0x90, 0x64]),
      Buffer.alloc(413),
      Buffer.from(body.input as string),
    ]);
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': data.length });
    res.end(data);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/^\/v1(?=\/)/, '');
    const raw = await readBody(req);
    const multipart = (req.headers['content-type'] ?? '').startsWith('multipart/');
    let body: Json = {};
    if (!multipart && raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8')) as Json;
      } catch {
        return badRequest(res, 'We could not parse the JSON body of your request.');
      }
    }
    const record: ReceivedRequest = {
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization ?? null,
      body,
    };
    requests.push(record);
    const presented = /^Bearer (.+)$/.exec(record.authorization ?? '')?.[1] ?? '';
    if (presented !== apiKey) return send(res, 401, invalidKey(presented));
    if (take(hangs, path)) return; // never answered: the client's signal (or close) ends it
    const failure = take(failures, path);
    if (failure)
      return send(
        res,
        failure.status!,
        failure.status === 429
          ? rateLimited()
          : failure.status! >= 500
            ? serverError()
            : errorBody('Bad request', 'invalid_request_error', null),
      );
    if (req.method !== 'POST')
      return send(
        res,
        405,
        errorBody(`Invalid method for URL (${req.method} ${req.url})`, 'invalid_request_error', null),
      );
    if (path === '/chat/completions') return chat(res, body);
    if (path === '/conversations') return createConversation(res, body);
    if (path === '/responses') return respond(res, body);
    if (path === '/audio/transcriptions') return transcribe(req, res, raw, record);
    if (path === '/audio/speech') return speech(res, body);
    send(res, 404, errorBody(`Invalid URL (${req.method} ${req.url})`, 'invalid_request_error', null));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, errorBody((err as Error).message, 'server_error', null)));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    conversations,
    failNext: (n, status, path) => void failures.push({ remaining: n, status, path }),
    hangNext: (n, path) => void hangs.push({ remaining: n, path }),
    emptyNext: (n) => void (empties += n),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
