/**
 * A local stand-in of Meta's Graph API for Messenger and Instagram (plus their webhooks) on
 * 127.0.0.1, for tests and the developer sandbox (main.ts). Prosa talks to it as to
 * graph.facebook.com; the control surface plays the customer: `userSends` and `comment` build the
 * real webhook payloads and POST them, signed with the app secret, to Prosa's webhook URL of that
 * object; `delivered`, `read` and `seen` post receipts; `sent` lists what Prosa sent (with the
 * bytes it uploaded); `failNext` makes the next Graph calls fail like Graph does.
 */
import { randomBytes } from 'node:crypto';
import { graphTokenOf, startGraphStandInHost, type GraphStandInHost } from '../../shared/graph-stand-in-host.js';
import { postGraphWebhook, verifyGraphWebhook, type WebhookDelivery } from '../../testing/graph-webhook.js';
import { handleGraph } from './graph-api.js';
import {
  graphError,
  newMid,
  numericId,
  type MetaGraphState,
  type MetaObject,
  type SentItem,
  type StandInPage,
} from './graph-state.js';
import * as wh from './webhook-payloads.js';

export type { MetaObject, SentItem, StandInPage } from './graph-state.js';

export interface MetaStandInOptions {
  appSecret?: string;
  pages?: StandInPage[];
  /** Largest page of GET /me/accounts (default 25). */
  accountsPageSize?: number;
  version?: string;
  port?: number;
  /** Serve on this shared origin (with the WhatsApp Cloud API stand-in) instead of an own port. */
  host?: GraphStandInHost;
}

interface FileInput {
  data: Buffer;
  mimeType: string;
  fileName?: string;
}
export interface UserMessage {
  object: MetaObject;
  /** The page (Messenger) or the page whose Instagram account is written to; the first by default. */
  pageId?: string;
  /** The person's PSID / IGSID; a new one when omitted. */
  from?: string;
  name?: string;
  text?: string;
  image?: FileInput;
  file?: FileInput;
  /** The mid of the message this one replies to. */
  replyTo?: string;
  /** Instagram: a reply to the account's story. */
  storyReply?: { id: string; url: string };
  /** Messenger: a sticker (369239263222822 is the thumbs-up "like"). */
  stickerId?: string;
}
export interface UserComment {
  object: MetaObject;
  pageId?: string;
  from?: string;
  name?: string;
  text: string;
  /** The comment this one answers. */
  parentId?: string;
}
export type { WebhookDelivery };

export interface MetaStandIn {
  /** The Graph API base (with version), for GRAPH_API_URL. */
  url: string;
  origin: string;
  appSecret: string;
  pages: StandInPage[];
  /** One more page of the app (with its page token and a linked Instagram account). */
  addPage(name?: string): StandInPage;
  /** A user token managing `pageIds` (all pages by default), for GET /me/accounts. */
  userToken(pageIds?: string[]): string;
  setWebhook(object: MetaObject, url: string): void;
  /** Posts Meta's echo of every accepted send (as Meta does with message_echoes). */
  setAutoEcho(on: boolean): void;
  userSends(msg: UserMessage): Promise<{ mid: string; from: string; status: number; payload: unknown }>;
  /** A message the page sent from elsewhere (the Page inbox, the Instagram app). */
  pageSends(opts: {
    object: MetaObject;
    pageId?: string;
    to: string;
    text: string;
  }): Promise<{ mid: string; status: number }>;
  comment(c: UserComment): Promise<{ commentId: string; from: string; status: number; payload: unknown }>;
  /** The person reacts to a message of the conversation (null takes the reaction back). */
  userReacts(opts: {
    object: MetaObject;
    pageId?: string;
    from: string;
    mid: string;
    emoji: string | null;
  }): Promise<number>;
  /** The person edits a message they sent (Messenger message_edits). */
  userEdits(opts: { object: MetaObject; pageId?: string; from: string; mid: string; text: string }): Promise<number>;
  /** The person unsends a message (Instagram: a message event with is_deleted). */
  userUnsends(opts: { object: MetaObject; pageId?: string; from: string; mid: string }): Promise<number>;
  delivered(mid: string): Promise<number>;
  read(watermark?: number, opts?: { to?: string; pageId?: string }): Promise<number>;
  seen(mid: string): Promise<number>;
  postWebhook(object: MetaObject, payload: unknown, signature?: string): Promise<WebhookDelivery>;
  verifyWebhook(object: MetaObject, verifyToken: string, challenge?: string): Promise<WebhookDelivery>;
  sent(): SentItem[];
  subscriptions(pageId: string): string[] | undefined;
  failNext(n: number, httpStatus: number, graphCode?: number, subcode?: number, path?: string): void;
  calls(): MetaGraphState['calls'];
  deliveries(): WebhookDelivery[];
  close(): Promise<void>;
}

const defaultCode = (httpStatus: number) => (httpStatus >= 500 ? 2 : httpStatus === 429 ? 613 : 100);
const newToken = () => `EAAG${randomBytes(30).toString('base64url')}`;

export async function startMetaStandIn(opts: MetaStandInOptions = {}): Promise<MetaStandIn> {
  const newPage = (name: string): StandInPage => ({
    id: numericId(15),
    name,
    accessToken: newToken(),
    ig: { id: `1784${numericId(13)}`, username: name.toLowerCase().replace(/\W+/g, '') },
  });
  const pages = opts.pages ?? [newPage('Loja Prosa')];
  const state: MetaGraphState = {
    origin: '',
    version: opts.version ?? 'v21.0',
    appName: 'Prosa Stand-in',
    appId: numericId(16),
    pages,
    userTokens: new Map(),
    users: new Map(),
    cdn: new Map(),
    attachments: new Map(),
    comments: new Map(),
    subscriptions: new Map(),
    sent: [],
    failures: [],
    calls: [],
    accountsPageSize: opts.accountsPageSize ?? 25,
  };
  const appSecret = opts.appSecret ?? randomBytes(16).toString('hex');
  const webhooks = new Map<MetaObject, string>();
  const deliveries: WebhookDelivery[] = [];

  const host = opts.host ?? (await startGraphStandInHost(opts.port));
  state.origin = host.origin;
  const unmount = host.mount({
    // Its page and user tokens, and the CDN links it handed out (those carry no token).
    claims: (req, url) => {
      if (url.pathname.startsWith('/cdn/')) return true;
      const token = graphTokenOf(req, url);
      return state.userTokens.has(token) || state.pages.some((p) => p.accessToken === token);
    },
    handle: (req, res) => {
      handleGraph(state, req, res).catch(() => (res.headersSent ? res.end() : graphError(res, 500, 1)));
    },
  });

  const pageOf = (pageId?: string) => {
    const p = pageId ? pages.find((x) => x.id === pageId) : pages[0];
    if (!p) throw new Error(`stand-in: no page ${pageId}`);
    return p;
  };
  const accountId = (object: MetaObject, page: StandInPage) => (object === 'page' ? page.id : page.ig!.id);

  const postWebhook = async (object: MetaObject, payload: unknown, signature?: string): Promise<WebhookDelivery> => {
    const url = webhooks.get(object);
    if (!url) throw new Error(`stand-in: no webhook URL for ${object}`);
    const delivery = await postGraphWebhook(url, payload, appSecret, signature);
    deliveries.push(delivery);
    return delivery;
  };

  /** A person of the page: kept so profile look-ups and sends to them work. */
  const person = (object: MetaObject, page: StandInPage, id: string | undefined, name: string | undefined) => {
    const userId = id ?? numericId(object === 'page' ? 16 : 17);
    const known = state.users.get(userId);
    const display = name ?? known?.name ?? `Cliente ${userId.slice(-4)}`;
    state.users.set(userId, {
      id: userId,
      object,
      pageId: page.id,
      name: display,
      ...(object === 'instagram' ? { username: display.toLowerCase().replace(/\W+/g, '_') } : {}),
    });
    return userId;
  };
  const cdnUrl = (f: FileInput, fallback: string) => {
    const id = randomBytes(12).toString('hex');
    const fileName = f.fileName ?? fallback;
    state.cdn.set(id, { id, data: f.data, mimeType: f.mimeType, fileName });
    return `${state.origin}/cdn/${id}/${encodeURIComponent(fileName)}?_nc_cat=1&oh=${randomBytes(8).toString('hex')}`;
  };

  let autoEcho = false;
  state.onSent = (item) => {
    if (!autoEcho || item.kind !== 'message') return;
    const page = pageOf(item.pageId);
    const own = accountId(item.object, page);
    const message = item.payload.message as Record<string, unknown>;
    const echo = {
      mid: item.id,
      ...(item.object === 'page'
        ? { app_id: Number(state.appId), ...(message.metadata ? { metadata: message.metadata } : {}) }
        : {}),
      ...(item.text ? { text: item.text } : {}),
      ...(item.attachment
        ? {
            attachments: [
              { type: item.attachment.type, payload: { url: cdnUrl(item.attachment, item.attachment.fileName) } },
            ],
          }
        : {}),
    };
    void postWebhook(
      item.object,
      wh.messagingPayload(item.object, own, [wh.messageEvent(item.recipient!, own, echo, true)]),
    ).catch(() => undefined);
  };

  return {
    url: `${state.origin}/${state.version}`,
    origin: state.origin,
    appSecret,
    pages,
    addPage(name = `Loja ${pages.length + 1}`) {
      const page = newPage(name);
      pages.push(page);
      return page;
    },
    userToken(pageIds = pages.map((p) => p.id)) {
      const token = newToken();
      state.userTokens.set(token, pageIds);
      return token;
    },
    setWebhook: (object, url) => void webhooks.set(object, url),
    setAutoEcho: (on) => void (autoEcho = on),
    async userSends(msg) {
      const page = pageOf(msg.pageId);
      const own = accountId(msg.object, page);
      const from = person(msg.object, page, msg.from, msg.name);
      const mid = newMid(msg.object);
      const attachments = [
        ...(msg.image ? [{ type: 'image', payload: { url: cdnUrl(msg.image, 'image.jpg') } }] : []),
        ...(msg.file ? [{ type: 'file', payload: { url: cdnUrl(msg.file, 'file.pdf') } }] : []),
      ];
      const message: Record<string, unknown> = {
        mid,
        ...(msg.stickerId
          ? {
              sticker_id: Number(msg.stickerId),
              attachments: [
                {
                  type: 'image',
                  payload: {
                    url: `${state.origin}/cdn/sticker/${msg.stickerId}.png`,
                    sticker_id: Number(msg.stickerId),
                  },
                },
              ],
            }
          : {}),
        ...(msg.text ? { text: msg.text } : {}),
        ...(attachments.length ? { attachments } : {}),
        ...(msg.replyTo ? { reply_to: { mid: msg.replyTo } } : {}),
        ...(msg.storyReply ? { reply_to: { story: msg.storyReply } } : {}),
      };
      const payload = wh.messagingPayload(msg.object, own, [wh.messageEvent(from, own, message)]);
      const { status } = await postWebhook(msg.object, payload);
      return { mid, from, status, payload };
    },
    async pageSends({ object, pageId, to, text }) {
      const page = pageOf(pageId);
      const own = accountId(object, page);
      const mid = newMid(object);
      const echo = { mid, text, ...(object === 'page' ? { app_id: 263902037430900 } : {}) };
      const { status } = await postWebhook(
        object,
        wh.messagingPayload(object, own, [wh.messageEvent(to, own, echo, true)]),
      );
      return { mid, status };
    },
    async comment(c) {
      const page = pageOf(c.pageId);
      const own = accountId(c.object, page);
      const from = person(c.object, page, c.from, c.name);
      const user = state.users.get(from)!;
      const postId = `${page.id}_${numericId(16)}`;
      const commentId = c.object === 'page' ? `${postId.split('_')[1]}_${numericId(16)}` : numericId(17);
      state.comments.set(commentId, { id: commentId, object: c.object, pageId: page.id, fromId: from });
      const change =
        c.object === 'page'
          ? wh.feedCommentChange({
              pageId: page.id,
              postId,
              commentId,
              from: { id: from, name: user.name },
              text: c.text,
              ...(c.parentId ? { parentId: c.parentId } : {}),
            })
          : wh.igCommentChange({
              commentId,
              mediaId: numericId(17),
              from: { id: from, username: user.username! },
              text: c.text,
              ...(c.parentId ? { parentId: c.parentId } : {}),
            });
      const payload = wh.changesPayload(c.object, own, [change]);
      const { status } = await postWebhook(c.object, payload);
      return { commentId, from, status, payload };
    },
    async userReacts({ object, pageId, from, mid, emoji }) {
      const own = accountId(object, pageOf(pageId));
      return (await postWebhook(object, wh.messagingPayload(object, own, [wh.reactionEvent(from, own, mid, emoji)])))
        .status;
    },
    async userEdits({ object, pageId, from, mid, text }) {
      const own = accountId(object, pageOf(pageId));
      return (await postWebhook(object, wh.messagingPayload(object, own, [wh.editEvent(from, own, mid, text)]))).status;
    },
    async userUnsends({ object, pageId, from, mid }) {
      const own = accountId(object, pageOf(pageId));
      const event = wh.messageEvent(from, own, { mid, is_deleted: true });
      return (await postWebhook(object, wh.messagingPayload(object, own, [event]))).status;
    },
    async delivered(mid) {
      const item = state.sent.find((s) => s.id === mid);
      if (!item?.recipient) throw new Error(`stand-in: nothing sent with mid ${mid}`);
      return (
        await postWebhook(
          'page',
          wh.messagingPayload('page', item.pageId, [wh.deliveryEvent(item.recipient, item.pageId, [mid])]),
        )
      ).status;
    },
    async read(watermark = Date.now(), opts = {}) {
      const last = [...state.sent].reverse().find((s) => s.object === 'page' && s.kind === 'message');
      const to = opts.to ?? last?.recipient;
      const pageId = opts.pageId ?? last?.pageId ?? pages[0]!.id;
      if (!to) throw new Error('stand-in: read by whom?');
      return (await postWebhook('page', wh.messagingPayload('page', pageId, [wh.readEvent(to, pageId, watermark)])))
        .status;
    },
    async seen(mid) {
      const item = state.sent.find((s) => s.id === mid && s.object === 'instagram');
      if (!item?.recipient) throw new Error(`stand-in: nothing sent on Instagram with mid ${mid}`);
      const igId = pageOf(item.pageId).ig!.id;
      return (
        await postWebhook(
          'instagram',
          wh.messagingPayload('instagram', igId, [wh.seenEvent(item.recipient, igId, mid)]),
        )
      ).status;
    },
    postWebhook,
    async verifyWebhook(object, verifyToken, challenge) {
      const target = webhooks.get(object);
      if (!target) throw new Error(`stand-in: no webhook URL for ${object}`);
      return verifyGraphWebhook(target, verifyToken, challenge);
    },
    sent: () => [...state.sent],
    subscriptions: (pageId) => state.subscriptions.get(pageId),
    failNext(n, httpStatus, graphCode, subcode, path) {
      for (let i = 0; i < n; i++)
        state.failures.push({
          httpStatus,
          code: graphCode ?? defaultCode(httpStatus),
          ...(subcode ? { subcode } : {}),
          ...(path ? { path } : {}),
        });
    },
    calls: () => [...state.calls],
    deliveries: () => [...deliveries],
    close: async () => {
      unmount();
      if (!opts.host) await host.close();
    },
  };
}
