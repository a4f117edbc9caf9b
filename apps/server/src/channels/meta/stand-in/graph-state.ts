/**
 * The state of the Messenger / Instagram stand-in: the app's pages (each with its page token and
 * linked Instagram account), the people who wrote to them, the files they sent (served as CDN
 * links), what Prosa sent, and the failures queued by tests.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export type MetaObject = 'page' | 'instagram';

export interface StandInPage {
  id: string;
  name: string;
  accessToken: string;
  ig?: { id: string; username: string };
}
export interface StandInUser {
  id: string;
  object: MetaObject;
  pageId: string;
  name: string;
  username?: string;
}
export interface StoredFile {
  id: string;
  data: Buffer;
  mimeType: string;
  fileName: string;
  /** Uploaded for Instagram (message_attachments with platform=instagram). */
  instagram?: boolean;
  type?: string;
}
export interface StandInComment {
  id: string;
  object: MetaObject;
  pageId: string;
  fromId: string;
}
export interface SentItem {
  /** The message id (mid) or the id of the reply comment. */
  id: string;
  /** `reaction`: a sender action react / unreact on message `reactedTo` (`reaction` '' for unreact). */
  kind: 'message' | 'comment_reply' | 'reaction';
  object: MetaObject;
  pageId: string;
  /** PSID / IGSID of a message's recipient. */
  recipient?: string;
  /** The comment a reply answers. */
  commentId?: string;
  text?: string;
  /** The JSON Prosa posted. */
  payload: Record<string, unknown>;
  /** The uploaded file a message with an attachment refers to. */
  attachment?: StoredFile;
  reactedTo?: string;
  reaction?: string;
  at: Date;
}
export interface GraphFailure {
  httpStatus: number;
  code: number;
  subcode?: number;
  /** Only calls whose path contains this fail (other tests' jobs may call the stand-in meanwhile). */
  path?: string;
}
export interface MetaGraphState {
  origin: string;
  version: string;
  appName: string;
  appId: string;
  pages: StandInPage[];
  /** User access tokens and the pages each user manages (GET /me/accounts). */
  userTokens: Map<string, string[]>;
  users: Map<string, StandInUser>;
  /** Files customers sent, served without auth at /cdn/… (Meta's signed CDN links). */
  cdn: Map<string, StoredFile>;
  /** Files Prosa uploaded (attachment_id). */
  attachments: Map<string, StoredFile>;
  comments: Map<string, StandInComment>;
  /** Subscribed fields of the app on each page (POST /{page-id}/subscribed_apps). */
  subscriptions: Map<string, string[]>;
  sent: SentItem[];
  failures: GraphFailure[];
  calls: { method: string; path: string; authorized: boolean }[];
  /** Largest page of GET /me/accounts. */
  accountsPageSize: number;
  /** Called after each accepted send (the stand-in posts Meta's echo when enabled). */
  onSent?: (item: SentItem) => void;
}

export const numericId = (digits = 16) =>
  String(randomInt(1, 10)) + Array.from({ length: digits - 1 }, () => randomInt(0, 10)).join('');
export const newMid = (object: MetaObject) =>
  object === 'page'
    ? `m_${randomBytes(32).toString('base64url')}`
    : `aWdfZAG1faXRlbToxOklHTWVzc2FnZAWQ6${randomBytes(24).toString('base64url')}`;

const ERROR_TEXT: Record<number, string> = {
  1: 'An unknown error has occurred.',
  2: 'An unexpected error has occurred. Please retry your request later.',
  4: 'Application request limit reached',
  10: 'This message is sent outside of allowed window.',
  32: 'Page request limit reached',
  100: 'Invalid parameter',
  190: 'Invalid OAuth access token - Cannot parse access token',
  200: 'Permissions error',
  551: "This person isn't available right now.",
  613: 'Calls to this api have exceeded the rate limit.',
};
const SUBCODE_TEXT: Record<number, string> = {
  2018001: 'No matching user found',
  2534014: 'The requested user cannot be found.',
  2018278: 'This message is sent outside of allowed window.',
  2534022: 'This message is sent outside of allowed window.',
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** Graph's error envelope. */
export function graphError(
  res: ServerResponse,
  httpStatus: number,
  code: number,
  message?: string,
  subcode?: number,
): void {
  const text = message ?? (subcode ? SUBCODE_TEXT[subcode] : undefined) ?? ERROR_TEXT[code] ?? 'Invalid request';
  sendJson(res, httpStatus, {
    error: {
      message: code === 190 ? text : `(#${code}) ${text}`,
      type: 'OAuthException',
      code,
      ...(subcode ? { error_subcode: subcode } : {}),
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
}

export const unknownObject = (res: ServerResponse, method: string, id: string) =>
  graphError(
    res,
    400,
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    33,
  );
