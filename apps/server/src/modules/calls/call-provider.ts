/**
 * The calling-provider port (issue 17). A provider adapter (channels/<provider>/, Wavoip today)
 * turns its webhook bodies into these events, names the address the browser's SDK connects to and
 * fetches recordings from its own storage only. The calls domain never imports an adapter: the
 * adapter registers itself here on import (channels/index.ts), as messaging adapters do.
 */
import type { Readable } from 'node:stream';
import type { CallDirection, CallStatus } from '@prosa/contracts';
import type { Config } from '../../platform/config.js';

/** What a provider's event says about a call, in the domain's words. */
export interface CallEvent {
  kind: 'call';
  /** The provider's id of the call (the call log's key with the line). */
  providerCallId: string;
  direction?: CallDirection;
  /** The peer's number, digits only. */
  peerPhone?: string;
  /**
   * The outcome so far: `answered` while active; `ended`, `missed`, `rejected`, `failed` once over
   * (`ended` only when it had been answered). Null for a state that changes nothing (ringing).
   */
  status: CallStatus | null;
  /** The call is over (no later status changes it). */
  final: boolean;
  durationSeconds?: number;
  /** The provider's call type (the call info's tag). */
  tag?: string;
  recordStatus?: string;
}
export interface RecordingEvent {
  kind: 'recording';
  providerCallId: string;
  recordStatus: string;
  /** The provider's recording address once it is ready. */
  url: string | null;
}
/** The device's own state (connected, disconnected...): logged, stored nowhere yet. */
export interface DeviceEvent {
  kind: 'device';
  phone: string | null;
  status: string;
}
export type CallProviderEvent = CallEvent | RecordingEvent | DeviceEvent;

export interface RecordingStream {
  body: Readable;
  contentType: string;
  contentLength: number | null;
}

export interface CallProvider {
  /** The `call_lines.provider` value this adapter serves. */
  name: string;
  /** The address the browser's provider SDK connects to (the device socket). */
  clientUrl(config: Config): string;
  /** One webhook body as events; a body it does not know answers `[]` (acknowledged, dropped). */
  parseWebhook(body: unknown): CallProviderEvent[];
  /**
   * The recording at `url`, streamed; null when the provider has none. SECURITY: only from the
   * provider's configured storage origin (any other address is refused, never fetched).
   */
  fetchRecording(config: Config, url: string): Promise<RecordingStream | null>;
}

const providers = new Map<string, CallProvider>();

export function registerCallProvider(p: CallProvider): void {
  providers.set(p.name, p);
}

export function callProviderOf(name: string): CallProvider {
  const p = providers.get(name);
  if (!p) throw new Error(`no calling provider registered as ${name}`);
  return p;
}
