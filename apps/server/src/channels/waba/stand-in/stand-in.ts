/**
 * A local stand-in of the WhatsApp Cloud API (Graph API subset + webhooks) on 127.0.0.1, for tests
 * and the developer sandbox (main.ts). Prosa talks to it as to graph.facebook.com; the control
 * surface plays the customer: `userSends` builds the real webhook payload and POSTs it, signed
 * with the app secret, to Prosa's webhook URL; `status` posts delivery statuses; `sent` lists what
 * Prosa sent (with the bytes it uploaded); `failNext` makes the next calls fail like Graph does.
 */
import { randomBytes } from 'node:crypto';
import { graphTokenOf, startGraphStandInHost, type GraphStandInHost } from '../../shared/graph-stand-in-host.js';
import { postGraphWebhook, verifyGraphWebhook, type WebhookDelivery } from '../../testing/graph-webhook.js';
import {
  graphError,
  handleGraph,
  storeMedia,
  type GraphState,
  type SentMessage,
  type StandInCall,
  type StandInTemplate,
} from './graph-api.js';
import { callConnectPayload, messagePayload, statusPayload, type Business, type DeliveryStatus } from './webhook-payloads.js';

export type { SentMessage, StandInCall, StandInTemplate } from './graph-api.js';

export interface WabaStandInOptions {
  accessToken?: string;
  phoneNumberId?: string;
  wabaId?: string;
  displayPhoneNumber?: string;
  appSecret?: string;
  /** Prosa's webhook URL (…/webhooks/waba/{key}); can be set later with setWebhook. */
  webhookUrl?: string;
  version?: string;
  port?: number;
  /** Serve on this shared origin (with the Messenger/Instagram stand-in) instead of an own port. */
  host?: GraphStandInHost;
  /** Largest page of /message_templates (default 100). */
  templatePageSize?: number;
}

interface FileInput {
  data: Buffer;
  mimeType: string;
  caption?: string;
}
export interface UserMessage {
  /** The customer's WhatsApp id (digits). */
  from: string;
  name?: string;
  text?: string;
  image?: FileInput;
  document?: FileInput & { fileName: string };
  audio?: Omit<FileInput, 'caption'> & { voice?: boolean };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  /** A reply button or list row the customer tapped. */
  reply?: { kind: 'button_reply' | 'list_reply'; id: string; title: string };
  /** The wamid of the message this one replies to. */
  context?: string;
  /** A reaction to the message of that wamid; emoji '' takes it back (the webhook then has none). */
  reaction?: { messageId: string; emoji: string };
  /** When the customer sent it (the payload's timestamp); now by default. */
  at?: Date;
}

export type { WebhookDelivery };

export interface WabaStandIn {
  /** The Graph API base (with version), for GRAPH_API_URL. */
  url: string;
  origin: string;
  accessToken: string;
  phoneNumberId: string;
  wabaId: string;
  appSecret: string;
  setWebhook(url: string): void;
  /** Accepts one more access token (a new one when none is given) and answers it. */
  addToken(token?: string): string;
  userSends(msg: UserMessage): Promise<{ wamid: string; status: number; payload: unknown }>;
  status(wamid: string, status: DeliveryStatus, error?: { code: number; title: string }): Promise<number>;
  /** The customer calls the business number: the call rings and its `connect` webhook is posted (`id`: the same call again). */
  userCalls(call: { from: string; name?: string; id?: string }): Promise<{ callId: string; status: number; payload: unknown }>;
  /** The calls rung so far, with what Prosa did with each. */
  voiceCalls(): StandInCall[];
  /** POSTs any payload to the webhook, signed unless a signature is given. */
  postWebhook(payload: unknown, signature?: string): Promise<WebhookDelivery>;
  /** Meta's verification GET; answers Prosa's status and body. */
  verifyWebhook(verifyToken: string, challenge?: string): Promise<WebhookDelivery>;
  sent(): SentMessage[];
  setTemplates(templates: StandInTemplate[]): void;
  /** The next `n` calls (whose path contains `path`, when given) fail with that status and Graph code. */
  failNext(n: number, httpStatus: number, graphCode?: number, path?: string): void;
  calls(): GraphState['calls'];
  deliveries(): WebhookDelivery[];
  close(): Promise<void>;
}

const defaultCode = (httpStatus: number) => (httpStatus >= 500 ? 1 : httpStatus === 429 ? 130429 : 100);

export async function startWabaStandIn(opts: WabaStandInOptions = {}): Promise<WabaStandIn> {
  const version = opts.version ?? 'v21.0';
  const newToken = () => `EAAG${randomBytes(24).toString('base64url')}`;
  const accessToken = opts.accessToken ?? newToken();
  const state: GraphState = {
    origin: '',
    version,
    tokens: new Set([accessToken]),
    phoneNumberId: opts.phoneNumberId ?? '106540352242922',
    wabaId: opts.wabaId ?? '102290129340398',
    displayPhoneNumber: opts.displayPhoneNumber ?? '15550783881',
    media: new Map(),
    sent: [],
    templates: [],
    failures: [],
    templatePageSize: opts.templatePageSize ?? 100,
    calls: [],
    voiceCalls: new Map(),
  };
  const appSecret = opts.appSecret ?? randomBytes(16).toString('hex');
  let webhookUrl = opts.webhookUrl;
  const deliveries: WebhookDelivery[] = [];
  const business: Business = state;

  const host = opts.host ?? (await startGraphStandInHost(opts.port));
  state.origin = host.origin;
  const unmount = host.mount({
    // Every WhatsApp Cloud API call carries the channel's token, media downloads included.
    claims: (req, url) => state.tokens.has(graphTokenOf(req, url)),
    handle: (req, res) => {
      handleGraph(state, req, res).catch(() => {
        if (!res.headersSent) graphError(res, 500, 1);
        else res.end();
      });
    },
  });

  const postWebhook = async (payload: unknown, signature?: string): Promise<WebhookDelivery> => {
    if (!webhookUrl) throw new Error('stand-in: no webhook URL set');
    const delivery = await postGraphWebhook(webhookUrl, payload, appSecret, signature);
    deliveries.push(delivery);
    return delivery;
  };

  const messageOf = (msg: UserMessage): Record<string, unknown> => {
    const media = (f: FileInput, name?: string) => {
      const m = storeMedia(state, f.data, f.mimeType, name);
      return { mime_type: f.mimeType, sha256: m.sha256, id: m.id };
    };
    if (msg.image)
      return {
        type: 'image',
        image: { ...(msg.image.caption ? { caption: msg.image.caption } : {}), ...media(msg.image) },
      };
    if (msg.document) {
      const d = msg.document;
      return {
        type: 'document',
        document: { ...(d.caption ? { caption: d.caption } : {}), filename: d.fileName, ...media(d, d.fileName) },
      };
    }
    if (msg.audio) return { type: 'audio', audio: { ...media(msg.audio), voice: msg.audio.voice ?? true } };
    if (msg.location) return { type: 'location', location: msg.location };
    if (msg.reaction)
      return {
        type: 'reaction',
        reaction: { message_id: msg.reaction.messageId, ...(msg.reaction.emoji ? { emoji: msg.reaction.emoji } : {}) },
      };
    if (msg.reply)
      return {
        type: 'interactive',
        interactive: { type: msg.reply.kind, [msg.reply.kind]: { id: msg.reply.id, title: msg.reply.title } },
      };
    return { type: 'text', text: { body: msg.text ?? '' } };
  };

  return {
    url: `${state.origin}/${version}`,
    origin: state.origin,
    accessToken,
    phoneNumberId: state.phoneNumberId,
    wabaId: state.wabaId,
    appSecret,
    setWebhook: (url) => void (webhookUrl = url),
    addToken(token = newToken()) {
      state.tokens.add(token);
      return token;
    },
    async userSends(msg) {
      const { id, payload } = messagePayload(business, {
        from: msg.from,
        ...(msg.name ? { name: msg.name } : {}),
        ...(msg.context ? { context: msg.context } : {}),
        ...(msg.at ? { at: msg.at } : {}),
        message: messageOf(msg),
      });
      const { status } = await postWebhook(payload);
      return { wamid: id, status, payload };
    },
    async status(wamid, status, error) {
      const recipient = state.sent.find((s) => s.id === wamid)?.to ?? '0';
      return (await postWebhook(statusPayload(business, { id: wamid, status, recipient, ...(error ? { error } : {}) })))
        .status;
    },
    async userCalls(call) {
      const { id, payload } = callConnectPayload(business, call);
      if (!state.voiceCalls.has(id)) state.voiceCalls.set(id, { id, from: call.from, state: 'ringing', actions: [] });
      const { status } = await postWebhook(payload);
      return { callId: id, status, payload };
    },
    voiceCalls: () => [...state.voiceCalls.values()].map((c) => ({ ...c, actions: [...c.actions] })),
    postWebhook,
    async verifyWebhook(verifyToken, challenge) {
      if (!webhookUrl) throw new Error('stand-in: no webhook URL set');
      return verifyGraphWebhook(webhookUrl, verifyToken, challenge);
    },
    sent: () => [...state.sent],
    setTemplates: (templates) => void (state.templates = [...templates]),
    failNext(n, httpStatus, graphCode, path) {
      for (let i = 0; i < n; i++)
        state.failures.push({ httpStatus, code: graphCode ?? defaultCode(httpStatus), ...(path ? { path } : {}) });
    },
    calls: () => [...state.calls],
    deliveries: () => [...deliveries],
    close: async () => {
      unmount();
      if (!opts.host) await host.close();
    },
  };
}
