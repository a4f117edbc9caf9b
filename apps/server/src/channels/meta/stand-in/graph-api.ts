/**
 * The Graph API subset Prosa's Messenger and Instagram channels use, served by the stand-in:
 * /me, /me/accounts, /{page-id}, /{ig-user-id}, /{page-id}/subscribed_apps, /{page-id}/messages,
 * /{page-id}/message_attachments, /{psid|igsid} profiles, /{comment-id}/comments (Facebook) and
 * /{comment-id}/replies (Instagram); plus the CDN links of customers' files. Tokens are read from
 * a Bearer header or the access_token query, like Graph does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  graphError,
  newMid,
  numericId,
  sendJson,
  unknownObject,
  type MetaGraphState,
  type MetaObject,
  type StandInPage,
  type StoredFile,
} from './graph-state.js';

const MB = 1024 * 1024;
/** Instagram's limits per attachment type (images 8 MB, the rest 25 MB); Messenger's 25 MB. */
const IG_MAX: Record<string, number> = { image: 8 * MB, video: 25 * MB, audio: 25 * MB, file: 25 * MB };
const MESSENGER_MAX = 25 * MB;

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Graph takes parameters as query, JSON or form fields alike. */
async function paramsOf(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const raw = await bodyOf(req);
  if (!raw.length) return params;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json'))
    return { ...params, ...(JSON.parse(raw.toString('utf8')) as Record<string, unknown>) };
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    for (const [k, v] of form.entries()) params[k] = v;
  }
  return params;
}

function tokenOf(req: IncomingMessage, url: URL): string {
  const auth = req.headers.authorization ?? '';
  return auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : (url.searchParams.get('access_token') ?? '');
}

const pageOfToken = (state: MetaGraphState, token: string) => state.pages.find((p) => p.accessToken === token);

function accounts(state: MetaGraphState, res: ServerResponse, url: URL, token: string): void {
  const ids = state.userTokens.get(token) ?? [];
  const pages = state.pages.filter((p) => ids.includes(p.id));
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 25) || 25, 1), state.accountsPageSize);
  const after = url.searchParams.get('after');
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) || 0 : 0;
  const withIg = (url.searchParams.get('fields') ?? '').includes('instagram_business_account');
  const data = pages.slice(start, start + limit).map((p) => ({
    access_token: p.accessToken,
    category: 'Shopping & retail',
    category_list: [{ id: '200600219953504', name: 'Shopping & retail' }],
    name: p.name,
    id: p.id,
    tasks: ['ANALYZE', 'ADVERTISE', 'MESSAGING', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
    ...(withIg && p.ig ? { instagram_business_account: { id: p.ig.id, username: p.ig.username } } : {}),
  }));
  const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
  const next = new URL(url.toString());
  next.searchParams.set('after', cursor(start + limit));
  next.searchParams.set('limit', String(limit));
  next.searchParams.delete('access_token');
  sendJson(res, 200, {
    data,
    paging: {
      cursors: { before: cursor(start), after: cursor(start + limit) },
      ...(start + limit < pages.length ? { next: next.toString() } : {}),
    },
  });
}

async function upload(state: MetaGraphState, res: ServerResponse, params: Record<string, unknown>): Promise<void> {
  let message: { attachment?: { type?: string; payload?: { is_reusable?: boolean } } };
  try {
    message = JSON.parse(String(params.message ?? '')) as typeof message;
  } catch {
    return graphError(res, 400, 100, 'The parameter message is required');
  }
  const type = message.attachment?.type ?? '';
  if (!['image', 'video', 'audio', 'file'].includes(type))
    return graphError(res, 400, 100, 'Param message[attachment][type] must be one of {image, video, audio, file}');
  const file = params.filedata;
  if (!(file instanceof Blob)) return graphError(res, 400, 100, 'The parameter filedata is required');
  const instagram = params.platform === 'instagram';
  const data = Buffer.from(await file.arrayBuffer());
  if (data.length > (instagram ? IG_MAX[type]! : MESSENGER_MAX))
    return graphError(res, 400, 100, 'Upload attachment failure.', 2018047);
  const stored: StoredFile = {
    id: numericId(16),
    data,
    mimeType: file.type || 'application/octet-stream',
    fileName: (file as File).name ?? 'file',
    instagram,
    type,
  };
  state.attachments.set(stored.id, stored);
  sendJson(res, 200, { attachment_id: stored.id });
}

/**
 * A sender action react / unreact: the message id in `payload`; a reaction any emoji on Messenger,
 * only "love" on Instagram. Answers the recipient only (no message is created).
 */
function senderAction(
  state: MetaGraphState,
  res: ServerResponse,
  page: StandInPage,
  object: MetaObject,
  recipient: string,
  params: Record<string, unknown>,
): void {
  const action = String(params.sender_action);
  if (action !== 'react' && action !== 'unreact')
    return graphError(
      res,
      400,
      100,
      'Param sender_action must be one of {typing_on, typing_off, mark_seen, react, unreact}',
    );
  const payload = params.payload as { message_id?: unknown; reaction?: unknown } | undefined;
  const messageId = typeof payload?.message_id === 'string' ? payload.message_id : '';
  if (!messageId) return graphError(res, 400, 100, "The parameter payload['message_id'] is required");
  const reaction = typeof payload?.reaction === 'string' ? payload.reaction : '';
  if (action === 'react' && (!reaction || (object === 'instagram' && reaction !== 'love')))
    return graphError(res, 400, 100, 'Invalid reaction');
  state.sent.push({
    id: `${action}:${messageId}:${state.sent.length}`,
    kind: 'reaction',
    object,
    pageId: page.id,
    recipient,
    reactedTo: messageId,
    reaction: action === 'react' ? reaction : '',
    payload: params,
    at: new Date(),
  });
  sendJson(res, 200, { recipient_id: recipient });
}

/** Validates a Send API call like Meta does (the parts Prosa uses) and records it. */
function send(state: MetaGraphState, res: ServerResponse, page: StandInPage, params: Record<string, unknown>): void {
  const recipient = (params.recipient as { id?: string } | undefined)?.id ?? '';
  const message = params.message as
    { text?: string; attachment?: { type?: string; payload?: { attachment_id?: string; url?: string } } } | undefined;
  const user = state.users.get(recipient);
  const object: MetaObject = user?.object ?? 'page';
  if (!user || user.pageId !== page.id)
    return graphError(res, 400, 100, undefined, object === 'instagram' ? 2534014 : 2018001);
  if (params.sender_action !== undefined) return senderAction(state, res, page, object, recipient, params);
  if (object === 'page' && !params.messaging_type)
    return graphError(res, 400, 100, 'The parameter messaging_type is required');
  if (!message || (!message.text && !message.attachment))
    return graphError(res, 400, 100, 'The parameter message is required');
  const maxText = object === 'instagram' ? 1000 : 2000;
  if (message.text && message.text.length > maxText)
    return graphError(res, 400, 100, `Length of param message[text] must be less than or equal to ${maxText}`);
  let attachment: StoredFile | undefined;
  if (message.attachment) {
    const id = message.attachment.payload?.attachment_id;
    attachment = id ? state.attachments.get(id) : undefined;
    if (!attachment && !message.attachment.payload?.url)
      return graphError(res, 400, 100, 'Attachment not found', 2018047);
  }
  const id = newMid(object);
  const item = {
    id,
    kind: 'message' as const,
    object,
    pageId: page.id,
    recipient,
    ...(message.text ? { text: message.text } : {}),
    payload: params,
    ...(attachment ? { attachment } : {}),
    at: new Date(),
  };
  state.sent.push(item);
  sendJson(res, 200, { recipient_id: recipient, message_id: id });
  state.onSent?.(item);
}

function replyToComment(
  state: MetaGraphState,
  res: ServerResponse,
  method: string,
  commentId: string,
  edge: string,
  params: Record<string, unknown>,
): void {
  const comment = state.comments.get(commentId);
  const wanted = edge === 'replies' ? 'instagram' : 'page';
  if (!comment || comment.object !== wanted) return unknownObject(res, method, commentId);
  const text = typeof params.message === 'string' ? params.message : '';
  if (!text) return graphError(res, 400, 100, 'The parameter message is required');
  const id = wanted === 'page' ? `${commentId.split('_')[0]}_${numericId(16)}` : numericId(17);
  state.comments.set(id, { id, object: comment.object, pageId: comment.pageId, fromId: comment.pageId });
  state.sent.push({
    id,
    kind: 'comment_reply',
    object: comment.object,
    pageId: comment.pageId,
    commentId,
    text,
    payload: params,
    at: new Date(),
  });
  sendJson(res, 200, { id });
}

/** Handles one request: CDN links first (no token), then the token, a queued failure, the path. */
export async function handleGraph(state: MetaGraphState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', state.origin);
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'cdn' && method === 'GET') {
    const f = state.cdn.get(parts[1] ?? '');
    if (!f) return sendJson(res, 404, { error: 'URL signature expired' });
    res.writeHead(200, { 'content-type': f.mimeType, 'content-length': String(f.data.length) });
    return void res.end(f.data);
  }
  const token = tokenOf(req, url);
  const page = pageOfToken(state, token);
  const authorized = !!page || state.userTokens.has(token);
  state.calls.push({ method, path, authorized });
  if (!authorized) return graphError(res, 401, 190);
  const at = state.failures.findIndex((f) => !f.path || path.includes(f.path));
  const failure = at >= 0 ? state.failures.splice(at, 1)[0] : undefined;
  if (failure) return graphError(res, failure.httpStatus, failure.code, undefined, failure.subcode);
  const params = await paramsOf(req, url).catch(() => null);
  if (!params) return graphError(res, 400, 100, 'Invalid request body');

  const [id, edge] = parts;
  if (!id) return unknownObject(res, method, '');
  if (id === 'me' && edge === 'accounts' && method === 'GET') {
    if (!state.userTokens.has(token))
      return graphError(res, 400, 100, '(#100) Tried accessing nonexisting field (accounts) on node type (Page)');
    return accounts(state, res, url, token);
  }
  if (id === 'me' && !edge && method === 'GET')
    return sendJson(
      res,
      200,
      page
        ? { id: page.id, name: page.name }
        : { id: '10' + token.length.toString().padStart(14, '0'), name: 'Admin da Loja' },
    );
  const target = state.pages.find((p) => p.id === id || p.ig?.id === id);
  if (target) {
    // A page's token works on its own page and Instagram account only.
    if (page !== target) return graphError(res, 403, 200);
    if (!edge && method === 'GET')
      return sendJson(res, 200, id === target.id ? { id, name: target.name } : { id, username: target.ig!.username });
    if (id !== target.id) return unknownObject(res, method, id);
    if (edge === 'subscribed_apps') {
      if (method === 'GET')
        return sendJson(res, 200, {
          data: state.subscriptions.has(id)
            ? [
                {
                  category: 'Business',
                  link: 'https://prosa.test/',
                  name: state.appName,
                  id: state.appId,
                  subscribed_fields: state.subscriptions.get(id),
                },
              ]
            : [],
        });
      if (method === 'DELETE') {
        state.subscriptions.delete(id);
        return sendJson(res, 200, { success: true });
      }
      const raw = params.subscribed_fields;
      const fields = Array.isArray(raw)
        ? raw.map(String)
        : typeof raw === 'string'
          ? raw.split(',').filter(Boolean)
          : [];
      if (!fields.length) return graphError(res, 400, 100, 'The parameter subscribed_fields is required');
      state.subscriptions.set(id, fields);
      return sendJson(res, 200, { success: true });
    }
    if (edge === 'messages' && method === 'POST') return send(state, res, target, params);
    if (edge === 'message_attachments' && method === 'POST') return upload(state, res, params);
    return unknownObject(res, method, id);
  }
  const user = state.users.get(id);
  if (user && !edge && method === 'GET') {
    if (page?.id !== user.pageId) return unknownObject(res, method, id);
    return sendJson(res, 200, {
      name: user.name,
      ...(user.object === 'instagram'
        ? { username: user.username ?? user.name.toLowerCase().replace(/\W+/g, '') }
        : { first_name: user.name.split(' ')[0] }),
      profile_pic: `${state.origin}/cdn/profile-${user.id}/photo.jpg`,
      id,
    });
  }
  if (state.comments.has(id) && (edge === 'comments' || edge === 'replies') && method === 'POST') {
    if (page?.id !== state.comments.get(id)!.pageId) return graphError(res, 403, 200);
    return replyToComment(state, res, method, id, edge, params);
  }
  return unknownObject(res, method, id);
}
