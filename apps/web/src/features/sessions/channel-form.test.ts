import type { Channel } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { withSession } from './channel-cache';
import { channelFormValues, channelSchema } from './channel-form';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const telegram: Channel = {
  id: 7,
  name: 'Bot',
  type: 'telegram',
  status: 'CONNECTED',
  number: '@prosa_bot',
  qrcode: '',
  retries: 0,
  isDefault: false,
  token: '••••wxyz',
  config: { webhookSecret: '••••abcd' },
  defaultQueueId: null,
  chatFlowId: null,
  defaultUserId: null,
  greetingMessage: '',
  farewellMessage: '',
  ratingEnabled: false,
  ratingMessage: '',
  ratingWaitMinutes: 10,
  ratingThanksMessage: '',
  ratingInvalidMessage: '',
  autoCloseTime: '',
  webhookUrl: '',
  webhookSecret: '',
  proxy: '',
  transcriptionKey: '',
  importOptions: { enabled: false, from: '', to: '' },
  webhook: { url: 'https://x/webhooks/telegram/k', verifyToken: null },
  widget: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('channel form schema (the one the server validates with)', () => {
  it('a new Telegram channel needs a token; an edited one keeps the stored token when left blank', () => {
    const create = channelSchema(false).safeParse(channelFormValues(null, 'telegram'));
    expect(fieldsOf(create)).toMatchObject({ name: 'validation.required', token: 'validation.required' });
    const edit = channelSchema(true).safeParse(channelFormValues(telegram));
    expect(edit.success).toBe(true);
    // The masked Telegram webhook secret is not sent back as config.
    expect(edit.data?.config).toEqual({});
  });

  it('Instagram needs the page and the Instagram account selected', () => {
    const values = { ...channelFormValues(null, 'instagram'), name: 'Insta', token: 'EAAG', config: { pageId: '1234567890', appSecret: 's' } };
    expect(fieldsOf(channelSchema(false).safeParse(values))).toEqual({ 'config.igUserId': 'validation.required' });
    const ok = channelSchema(false).safeParse({ ...values, config: { ...values.config, igUserId: '17841400000000000' } });
    expect(ok.success).toBe(true);
  });

  it('a session update applies only when it is newer than the cached channel', () => {
    const newer = { id: 7, status: 'qrcode' as const, qrcode: 'QR', retries: 1, number: '', updatedAt: '2026-01-02T00:00:00.000Z' };
    expect(withSession(telegram, newer)).toMatchObject({ status: 'qrcode', qrcode: 'QR', retries: 1 });
    expect(withSession(telegram, { ...newer, updatedAt: '2025-12-31T00:00:00.000Z' })).toBe(telegram);
    expect(withSession(telegram, { ...newer, id: 8 })).toBe(telegram);
  });
});
