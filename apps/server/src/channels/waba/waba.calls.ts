/**
 * The company settings rejectCalls and callRejectMessage on the WhatsApp Cloud API (its Calling
 * API): a person's call `connect` (webhook field `calls`, waba.parse.ts) is rejected with
 * POST /{phone-number-id}/calls { messaging_product: 'whatsapp', call_id, action: 'reject' }
 * (answer { success: true }), then answered with callRejectMessage in the caller's ticket
 * (shared/call-reject.ts). Runs in the inbound job, once per call id here; the message is stored once
 * per call whatever runs it again.
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/user-initiated-calls
 */
import type { WabaConfig } from '@prosa/contracts';
import type { Platform } from '../../platform/platform.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { answerRejectedCall, callSettings, firstSightOfCall, forgetCall } from '../shared/call-reject.js';
import { GraphError, graphJson } from './waba.graph.js';
import type { WabaCall } from './waba.parse.js';

/** No answer, throttled or a server error: worth another try (the job retries the payload). */
const retryable = (err: unknown) =>
  !(err instanceof GraphError) || err.httpStatus === 0 || err.httpStatus === 429 || err.httpStatus >= 500;

export async function answerWabaCall(platform: Platform, channel: ChannelRow, config: WabaConfig, call: WabaCall): Promise<void> {
  if (!firstSightOfCall(platform.db, channel.id, call.id)) return;
  try {
    const settings = await callSettings(platform, channel);
    if (!settings.reject) return;
    try {
      await graphJson<{ success?: boolean }>(platform, channel, 'POST', `/${config.phoneNumberId}/calls`, {
        messaging_product: 'whatsapp',
        call_id: call.id,
        action: 'reject',
      });
    } catch (err) {
      if (retryable(err)) throw err;
      // Refused for good (the caller hung up, the call was rejected already): the message still goes.
      platform.log.info({ channelId: channel.id, callId: call.id, reason: (err as Error).message }, 'waba: call not rejected');
    }
    if (settings.message)
      await answerRejectedCall(platform, channel, { id: call.id, from: { number: call.from, name: call.name ?? call.from } });
  } catch (err) {
    forgetCall(platform.db, channel.id, call.id);
    throw err;
  }
}
