import { LANGUAGES, uiCatalogues, type Channel, type ChannelStatus, type ChannelType } from '@prosa/contracts';
import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { installBrowserGlobals } from '../../test/browser-globals';

installBrowserGlobals();
const { afterContactsSync, canSyncContacts } = await import('./use-channels');
const { contactKeys } = await import('../contacts/use-contacts');
const { CHANNELS_KEY } = await import('./channel-cache');

const of = (type: ChannelType, status: ChannelStatus): Pick<Channel, 'type' | 'status'> => ({ type, status });

describe('"Sync contacts" on /sessoes', () => {
  it('is offered only for connected WhatsApp Web channels', () => {
    expect(canSyncContacts(of('whatsapp', 'CONNECTED'))).toBe(true);
    for (const status of ['DISCONNECTED', 'OPENING', 'qrcode', 'PAIRING', 'TIMEOUT'] as const) {
      expect(canSyncContacts(of('whatsapp', status)), status).toBe(false);
    }
    for (const type of ['waba', 'telegram', 'messenger', 'instagram', 'webchat'] as const) {
      expect(canSyncContacts(of(type, 'CONNECTED')), type).toBe(false);
    }
  });

  it('a sync makes /contatos read its lists and details again, not the channels', async () => {
    const qc = new QueryClient();
    qc.setQueryData(contactKeys.list({ searchParam: '', tagsIds: [] }), { pages: [] });
    qc.setQueryData(contactKeys.detail(5), { id: 5 });
    qc.setQueryData(CHANNELS_KEY, []);
    await afterContactsSync(qc);
    const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
    expect(stale(contactKeys.list({ searchParam: '', tagsIds: [] }))).toBe(true);
    expect(stale(contactKeys.detail(5))).toBe(true);
    expect(stale(CHANNELS_KEY)).toBe(false);
  });

  it('the notice shows every count in pt, en and es', async () => {
    for (const lang of LANGUAGES) {
      const i18n = i18next.createInstance();
      await i18n.init({ lng: lang, resources: { [lang]: { translation: uiCatalogues[lang] } } });
      const text = i18n.t('channels.contactsSynced', { name: 'Loja', total: 41, created: 17, updated: 9, skipped: 3 });
      for (const part of ['Loja', '41', '17', '9', '3']) expect(text, `${lang}: ${text}`).toContain(part);
      expect(text, lang).not.toContain('{{');
      expect(i18n.t('channels.actions.syncContacts'), lang).not.toBe('channels.actions.syncContacts');
    }
  });
});
