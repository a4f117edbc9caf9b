/**
 * Test setup of the WhatsApp Cloud API channel: Prosa listening on loopback with GRAPH_API_URL
 * pointed at a stand-in, and a company's waba channel whose webhook the stand-in posts to.
 */
import { randomBytes } from 'node:crypto';
import type { Company } from '../../test/harness.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { startWabaStandIn, type WabaStandIn, type WabaStandInOptions } from '../waba/stand-in/stand-in.js';
import {
  arrived,
  channelEvents,
  channelWithQueue,
  inTenant,
  messageByExternalId,
  PNG,
  startWithGraphStandIn,
  until,
  type StandInEnv,
} from './common.js';

export type WabaEnv = StandInEnv<WabaStandIn>;

export async function startWabaEnv(opts: WabaStandInOptions = {}): Promise<WabaEnv> {
  const standIn = await startWabaStandIn(opts);
  return startWithGraphStandIn(standIn);
}

export const VERIFY_TOKEN = 'verify-token-prosa-123';

/** A waba channel of the company on the stand-in's number; the stand-in posts to its webhook. */
export async function wabaChannel(
  env: WabaEnv,
  company: Company,
  opts: { connect?: boolean; token?: string } = {},
): Promise<ChannelRow> {
  const channel = await channelWithQueue(env.h, company, 'WhatsApp', '#2f9e44', {
    type: 'waba',
    status: 'CONNECTED',
    // Channel tokens are unique per type: each channel gets its own token the stand-in accepts.
    token: opts.token ?? env.standIn.addToken(),
    webhookKey: randomBytes(18).toString('base64url'),
    config: {
      phoneNumberId: env.standIn.phoneNumberId,
      wabaId: env.standIn.wabaId,
      appSecret: env.standIn.appSecret,
      verifyToken: VERIFY_TOKEN,
    },
  });
  if (opts.connect !== false) env.standIn.setWebhook(`${env.prosaUrl}/webhooks/waba/${channel.webhookKey}`);
  return channel;
}

export { arrived, channelEvents, inTenant, messageByExternalId, until };

let seq = 0;
/** A Brazilian mobile number no other test uses. */
export const customer = () =>
  `55119${String(Date.now() % 1e6).padStart(6, '0')}${String(seq++ % 100).padStart(2, '0')}`;

export { PNG };
