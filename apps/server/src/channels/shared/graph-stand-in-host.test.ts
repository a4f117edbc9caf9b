import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaStandIn, type MetaStandIn } from '../meta/stand-in/stand-in.js';
import { startWabaStandIn, type WabaStandIn } from '../waba/stand-in/stand-in.js';
import { startGraphStandInHost, type GraphStandInHost } from './graph-stand-in-host.js';

let host: GraphStandInHost;
let waba: WabaStandIn;
let meta: MetaStandIn;

beforeAll(async () => {
  host = await startGraphStandInHost();
  waba = await startWabaStandIn({ host });
  meta = await startMetaStandIn({ host });
});
afterAll(async () => {
  await waba.close();
  await meta.close();
  await host.close();
});

const get = async (url: string, token?: string) => {
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('one Graph API origin for the WhatsApp Cloud API and Messenger/Instagram stand-ins', () => {
  it('serves both on one URL, each call answered by the stand-in that issued its token', async () => {
    expect(waba.url).toBe(meta.url);
    expect(waba.origin).toBe(host.origin);

    const phone = await get(`${waba.url}/${waba.phoneNumberId}`, waba.accessToken);
    expect(phone).toMatchObject({ status: 200, body: { display_phone_number: '15550783881' } });
    const accounts = await get(`${meta.url}/me/accounts`, meta.userToken());
    expect(accounts.status).toBe(200);
    expect(accounts.body.data).toMatchObject([{ id: meta.pages[0]!.id, name: meta.pages[0]!.name }]);
    const page = meta.pages[0]!;
    expect(await get(`${meta.url}/${page.id}`, page.accessToken)).toMatchObject({
      status: 200,
      body: { id: page.id, name: page.name },
    });

    // A WhatsApp token does not open the Messenger side, nor a page token the WhatsApp side.
    expect((await get(`${meta.url}/${page.id}`, waba.accessToken)).status).toBe(400);
    expect((await get(`${waba.url}/${waba.phoneNumberId}`, page.accessToken)).status).toBe(400);
    // A token nobody issued gets Graph's 190, and each stand-in records only its own calls.
    expect(await get(`${waba.url}/${waba.phoneNumberId}`, 'EAAGunknown')).toMatchObject({
      status: 401,
      body: { error: { code: 190 } },
    });
    expect(waba.calls().map((c) => c.path)).toEqual([
      `/${waba.phoneNumberId}`,
      `/${page.id}`,
      `/${waba.phoneNumberId}`,
    ]);
    expect(meta.calls().map((c) => c.path)).toEqual(['/me/accounts', `/${page.id}`, `/${waba.phoneNumberId}`]);
  });

  it('a closed stand-in leaves the host and the other stand-in serving', async () => {
    const other = await startWabaStandIn({ host, phoneNumberId: '106540352249999' });
    expect((await get(`${other.url}/106540352249999`, other.accessToken)).status).toBe(200);
    await other.close();
    expect((await get(`${other.url}/106540352249999`, other.accessToken)).status).toBe(401);
    expect((await get(`${waba.url}/${waba.phoneNumberId}`, waba.accessToken)).status).toBe(200);
  });

  it("a customer's message can carry an earlier timestamp", async () => {
    waba.setWebhook(`${host.origin}/nowhere`);
    const at = new Date(Date.now() - 25 * 3_600_000);
    const sent = await waba.userSends({ from: '5511999990001', text: 'Oi', at });
    const message = (sent.payload as { entry: { changes: { value: { messages: { timestamp: string }[] } }[] }[] })
      .entry[0]!.changes[0]!.value.messages[0]!;
    expect(Number(message.timestamp)).toBe(Math.floor(at.getTime() / 1000));
  });
});
