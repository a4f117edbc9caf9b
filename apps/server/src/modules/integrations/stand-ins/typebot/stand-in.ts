/**
 * A local stand-in of Typebot's chat API (https://docs.typebot.io/api-reference/chat/start-chat,
 * https://docs.typebot.io/api-reference/chat/continue-chat) on loopback, running the scripted
 * bots of bots.ts: `POST /api/v1/typebots/{publicId}/startChat` and
 * `POST /api/v1/sessions/{sessionId}/continueChat`, with Typebot's answers: `sessionId`,
 * `typebot`, `messages` (rich text or markdown bubbles, image, audio, video), `input` (a
 * "choice input" with `items`, a "text input"), `clientSideActions` (the Chatwoot block), and
 * errors as Typebot's tRPC-OpenAPI layer sends them, `{ message, code }` (404 "Session not
 * found." / "Session expired. You need to start a new session.").
 *
 * Like Typebot: the start message is used only when the flow opens with an input; an answer that
 * matches no choice gets "Invalid message. Please, try again." and the same input; the session of
 * an ended bot is gone. Deviation: `{{variable}}` in a text is filled from the prefilled and
 * answered variables, as Typebot's variable syntax does.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInBots, type Block, type ScriptedBot } from './bots.js';

export const RETRY_MESSAGE = 'Invalid message. Please, try again.';

export interface TypebotRequest {
  path: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

interface Session {
  bot: ScriptedBot;
  step: number;
  variables: Record<string, string>;
  format: 'richText' | 'markdown';
  /** Past Typebot's own expiry: the next continueChat answers "Session expired...". */
  expired?: boolean;
}

export interface TypebotStandIn {
  /** The viewer URL to give the integration (`url`). */
  url: string;
  /** Every call, in order. */
  requests(): TypebotRequest[];
  /** Sessions alive now, by id: the bot, the step it waits on, its variables. */
  session(id: string): { publicId: string; step: number; variables: Record<string, string> } | undefined;
  /** Typebot forgets the session: continueChat answers 404 "Session expired...". */
  expireSession(id: string): void;
  /** The next `n` calls answer `status` (500: Typebot down). */
  failNext(n: number, status: number): void;
  close(): Promise<void>;
}

const id = () => randomBytes(12).toString('base64url');

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const trpcError = (res: ServerResponse, status: number, code: string, message: string) =>
  send(res, status, { message, code, issues: [] });

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Typebot's message schema takes a string or `{ type: 'text', text }`. */
function messageText(m: unknown): string | null {
  if (typeof m === 'string') return m;
  if (m && typeof m === 'object' && (m as { type?: unknown }).type === 'text') {
    const t = (m as { text?: unknown }).text;
    return typeof t === 'string' ? t : null;
  }
  return null;
}

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{([^}]+)\}\}/g, (_, k: string) => vars[k.trim()] ?? '');

function textBubble(text: string, format: Session['format']) {
  return format === 'markdown'
    ? { id: id(), type: 'text', content: { type: 'markdown', markdown: text } }
    : { id: id(), type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } };
}

/** The answer for the session's current step: its bubbles and its input (none at the end). */
function stepAnswer(s: Session) {
  const blocks: Block[] = s.bot.steps[s.step] ?? [];
  const messages: unknown[] = [];
  const clientSideActions: unknown[] = [];
  let input: unknown;
  let lastBubbleBlockId: string | undefined;
  for (const b of blocks) {
    const bubbleId = id();
    if (b.kind === 'text') messages.push({ ...textBubble(fill(b.text, s.variables), s.format), id: bubbleId });
    else if (b.kind === 'image') messages.push({ id: bubbleId, type: 'image', content: { url: b.url } });
    else if (b.kind === 'audio') messages.push({ id: bubbleId, type: 'audio', content: { url: b.url } });
    else if (b.kind === 'video') messages.push({ id: bubbleId, type: 'video', content: { type: 'url', url: b.url } });
    else if (b.kind === 'chatwoot')
      clientSideActions.push({
        type: 'chatwoot',
        chatwoot: { scriptToExecute: { content: 'window.$chatwoot?.toggle("open")', args: [] } },
        lastBubbleBlockId,
      });
    else if (b.kind === 'choice')
      input = {
        id: id(),
        type: 'choice input',
        items: b.items.map((content) => ({ id: id(), outgoingEdgeId: id(), content })),
        options: {},
      };
    else
      input = {
        id: id(),
        type: 'text input',
        options: { labels: { placeholder: b.placeholder }, variableId: b.variable },
      };
    if (b.kind === 'text' || b.kind === 'image' || b.kind === 'audio' || b.kind === 'video')
      lastBubbleBlockId = bubbleId;
  }
  return { messages, ...(input ? { input } : {}), ...(clientSideActions.length ? { clientSideActions } : {}) };
}

const inputOf = (s: Session): Block | undefined =>
  s.bot.steps[s.step]?.find((b) => b.kind === 'choice' || b.kind === 'text-input');

export async function startTypebotStandIn(opts: { port?: number } = {}): Promise<TypebotStandIn> {
  const sessions = new Map<string, Session>();
  const requests: TypebotRequest[] = [];
  const failures: { remaining: number; status: number }[] = [];

  /** Answers the input the session waits on; false when the answer matches no choice. */
  function answer(s: Session, text: string): boolean {
    const input = inputOf(s);
    if (!input) return true;
    if (input.kind === 'choice') {
      const item = input.items.find((i) => i.toLowerCase() === text.trim().toLowerCase());
      if (!item) return false;
      s.variables[input.variable] = item;
    } else if (input.kind === 'text-input') s.variables[input.variable] = text;
    s.step += 1;
    return true;
  }

  /** The step's answer; a session whose bot has ended is dropped, as Typebot does. */
  function reply(sessionId: string, s: Session) {
    const out = stepAnswer(s);
    if (!('input' in out)) sessions.delete(sessionId);
    return out;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ path, body: body ?? {}, authorization: req.headers.authorization ?? null });
      const fail = failures.find((f) => f.remaining > 0);
      if (fail) {
        fail.remaining -= 1;
        return trpcError(res, fail.status, 'INTERNAL_SERVER_ERROR', 'Internal server error');
      }
      if (req.method !== 'POST') return trpcError(res, 405, 'METHOD_NOT_SUPPORTED', 'Method not supported');
      if (!body) return trpcError(res, 400, 'PARSE_ERROR', 'Invalid JSON');
      const format = body.textBubbleContentFormat === 'markdown' ? 'markdown' : 'richText';

      const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
      if (start) {
        const bot = standInBots.find((b) => b.publicId === decodeURIComponent(start[1]!));
        if (!bot) return trpcError(res, 404, 'NOT_FOUND', 'Typebot not found');
        const prefilled = (body.prefilledVariables ?? {}) as Record<string, unknown>;
        const variables = Object.fromEntries(Object.entries(prefilled).map(([k, v]) => [k, String(v)]));
        const sessionId = id();
        const s: Session = { bot, step: 0, variables, format };
        sessions.set(sessionId, s);
        // The start message answers the first block only when the flow opens with an input.
        const first = bot.steps[0]?.[0];
        const text = messageText(body.message);
        if (text !== null && first && (first.kind === 'choice' || first.kind === 'text-input')) answer(s, text);
        return send(res, 200, {
          sessionId,
          resultId: id(),
          typebot: {
            id: `tb_${bot.publicId}`,
            version: '6',
            theme: { general: {}, chat: {} },
            settings: { general: {}, typingEmulation: { enabled: true, speed: 400, maxDelay: 3 } },
          },
          ...reply(sessionId, s),
        });
      }

      const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
      if (cont) {
        const sessionId = decodeURIComponent(cont[1]!);
        const s = sessions.get(sessionId);
        if (!s) return trpcError(res, 404, 'NOT_FOUND', 'Session not found.');
        if (s.expired) {
          sessions.delete(sessionId);
          return trpcError(res, 404, 'NOT_FOUND', 'Session expired. You need to start a new session.');
        }
        s.format = format;
        const text = messageText(body.message);
        if (text === null) return send(res, 200, reply(sessionId, s));
        if (!answer(s, text))
          return send(res, 200, { messages: [textBubble(RETRY_MESSAGE, s.format)], input: stepAnswer(s).input });
        return send(res, 200, { lastMessageNewFormat: text, ...reply(sessionId, s) });
      }
      return trpcError(res, 404, 'NOT_FOUND', `No procedure found on path "${path}"`);
    })().catch(() => {
      if (!res.headersSent) trpcError(res, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...requests],
    session: (sid) => {
      const s = sessions.get(sid);
      return s && { publicId: s.bot.publicId, step: s.step, variables: { ...s.variables } };
    },
    expireSession: (sid) => {
      const s = sessions.get(sid);
      if (s) s.expired = true;
    },
    failNext: (n, status) => void failures.push({ remaining: n, status }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
