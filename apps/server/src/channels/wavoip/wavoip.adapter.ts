/**
 * Wavoip (https://wavoip.com), the calling provider of voice calls (issue 17), behind the calls
 * domain's port (modules/calls/call-provider.ts). The browser talks to Wavoip's device socket with
 * the line's token (the web's WavoipProvider); the server's event source is the device's webhook
 * (https://wavoip.gitbook.io/api/webhook-beta), parsed here, and recordings are fetched from
 * Wavoip's storage (WAVOIP_STORAGE_URL) only.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { CallStatus } from '@prosa/contracts';
import { WAVOIP_DEFAULTS, type Config } from '../../platform/config.js';
import {
  registerCallProvider,
  type CallEvent,
  type CallProvider,
  type CallProviderEvent,
  type RecordingStream,
} from '../../modules/calls/call-provider.js';

export const wavoipUrl = (config: Config) => config.providers.wavoipUrl ?? WAVOIP_DEFAULTS.url;
export const wavoipStorageUrl = (config: Config) => config.providers.wavoipStorageUrl ?? WAVOIP_DEFAULTS.storageUrl;

/** The CALL event's `status` values (webhook-beta). */
export const WAVOIP_CALL_STATUSES = [
  'NONE',
  'INCOMING_RING',
  'OUTGOING_RING',
  'OUTGOING_CALLING',
  'CONNECTING',
  'CONNECTION_LOST',
  'ACTIVE',
  'HANDLED_REMOTELY',
  'ENDED',
  'REJECTED',
  'REMOTE_CALL_IN_PROGRESS',
  'FAILED',
  'NOT_ANSWERED',
] as const;
export type WavoipCallStatus = (typeof WAVOIP_CALL_STATUSES)[number];

/**
 * The call's outcome so far for a Wavoip status: ACTIVE answered; ENDED ended (missed when it was
 * never answered, decided with the stored row); NOT_ANSWERED missed; REJECTED rejected;
 * FAILED and CONNECTION_LOST failed. Ringing and connecting change nothing.
 */
export function mapWavoipStatus(status: string | undefined): { status: CallStatus | null; final: boolean } {
  switch (status) {
    case 'ACTIVE':
      return { status: 'answered', final: false };
    case 'ENDED':
      return { status: 'ended', final: true };
    case 'NOT_ANSWERED':
      return { status: 'missed', final: true };
    case 'REJECTED':
      return { status: 'rejected', final: true };
    case 'FAILED':
    case 'CONNECTION_LOST':
      return { status: 'failed', final: true };
    default:
      return { status: null, final: false };
  }
}

const CALL_TYPES = ['HUMANIZED', 'ROBOTIC'] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : undefined);
const digits = (v: unknown) => {
  const d = typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\D/g, '') : '';
  return d.length >= 5 && d.length <= 20 ? d : undefined;
};
const callIdOf = (v: unknown) =>
  (typeof v === 'number' && Number.isSafeInteger(v)) || (typeof v === 'string' && /^[0-9A-Za-z_-]{1,64}$/.test(v))
    ? String(v)
    : undefined;

/** One webhook body (CALL, RECORD or DEVICE) as domain events; anything else is no event. */
export function parseWavoipWebhook(body: unknown): CallProviderEvent[] {
  if (!isObject(body)) return [];
  if (body.type === 'DEVICE') {
    const status = str(body.status);
    return status ? [{ kind: 'device', phone: digits(body.phone) ?? null, status }] : [];
  }
  const providerCallId = callIdOf(body.whatsapp_call_id);
  if (!providerCallId) return [];
  if (body.type === 'RECORD') {
    const recordStatus = str(body.record_status);
    if (!recordStatus) return [];
    const url = typeof body.record_url === 'string' && body.record_url.length <= 2000 ? body.record_url : null;
    return [{ kind: 'recording', providerCallId, recordStatus, url }];
  }
  // The documented CALL body names two fields `type` (the event, CALL, and the call type,
  // HUMANIZED or ROBOTIC): one JSON object keeps one of them. Either is read as a CALL event, the
  // call type from `type` or else `call_type` (what the stand-in sends beside `type: 'CALL'`).
  const callType = CALL_TYPES.find((t) => t === body.type || t === body.call_type);
  if (body.type !== 'CALL' && body.type !== callType) return [];
  const direction = body.direction === 'INCOMING' ? 'in' : body.direction === 'OUTCOMING' ? 'out' : undefined;
  // The peer: the caller of an incoming call, the receiver of an outgoing one.
  const peerPhone = direction === 'in' ? digits(body.caller) : direction === 'out' ? digits(body.receiver) : undefined;
  const { status, final } = mapWavoipStatus(str(body.status));
  const duration =
    typeof body.duration === 'number' && Number.isFinite(body.duration)
      ? Math.max(0, Math.round(body.duration))
      : undefined;
  const tag = callType;
  const event: CallEvent = {
    kind: 'call',
    providerCallId,
    status,
    final,
    ...(direction ? { direction } : {}),
    ...(peerPhone ? { peerPhone } : {}),
    ...(duration !== undefined ? { durationSeconds: duration } : {}),
    ...(tag ? { tag } : {}),
    ...(str(body.record_status) ? { recordStatus: str(body.record_status) } : {}),
  };
  return [event];
}

/**
 * SECURITY: a recording is fetched only when its address is on WAVOIP_STORAGE_URL's origin (the
 * webhook's `record_url` is data from outside), without following redirects.
 */
export async function fetchWavoipRecording(config: Config, url: string): Promise<RecordingStream | null> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  const storage = new URL(wavoipStorageUrl(config));
  if (target.origin !== storage.origin || target.username || target.password) return null;
  // Unreachable storage is no recording now (the user may try again), not a server fault.
  const res = await fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(20_000) }).catch(() => null);
  if (!res) return null;
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return null;
  }
  const length = Number(res.headers.get('content-length'));
  return {
    body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
    contentType: (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim(),
    contentLength: Number.isSafeInteger(length) && length > 0 ? length : null,
  };
}

export const wavoipProvider: CallProvider = {
  name: 'wavoip',
  clientUrl: wavoipUrl,
  parseWebhook: parseWavoipWebhook,
  fetchRecording: fetchWavoipRecording,
};

registerCallProvider(wavoipProvider);
