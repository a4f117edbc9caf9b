import { describe, expect, it } from 'vitest';
import './meta/meta.adapter.js';
import './telegram/telegram.adapter.js';
import './waba/waba.adapter.js';
import './webchat/webchat.adapter.js';
import './whatsapp/whatsapp.adapter.js';
import { channelTakes, messageActionsFor, sameEmoji } from '../modules/channels/message-actions.js';
import { channelAdapters } from '../modules/channels/channel-registry.js';

describe('reactions, edits and deletions per channel type', () => {
  it('every adapter claims exactly what it implements', () => {
    const table = Object.values(channelAdapters).map((a) => ({
      type: a!.type,
      claims: [a!.capabilities.reactions, a!.capabilities.edit, a!.capabilities.delete],
      has: [!!a!.react, !!a!.edit, !!a!.delete],
    }));
    for (const t of table) expect(t.claims, t.type).toEqual(t.has);
    expect(Object.fromEntries(table.map((t) => [t.type, t.claims]))).toEqual({
      messenger: [true, false, false],
      instagram: [true, false, false],
      telegram: [true, true, true],
      waba: [true, false, false],
      webchat: [true, true, true],
      whatsapp: [true, true, true],
    });
  });

  it('limited reactions: Telegram its list (the desk\'s "❤️" is its "❤"), Instagram the heart', () => {
    expect(channelTakes('telegram', 'react', '❤️')).toBe(true);
    expect(channelTakes('telegram', 'react', '🥳')).toBe(false);
    expect(channelTakes('instagram', 'react', '❤️')).toBe(true);
    expect(channelTakes('instagram', 'react', '👍')).toBe(false);
    expect(channelTakes('instagram', 'react', '')).toBe(true);
    expect(channelTakes('messenger', 'react', '🥳')).toBe(true);
    expect(channelTakes('waba', 'edit')).toBe(false);
    expect(channelTakes('nothing', 'react', '👍')).toBe(false);
    expect(sameEmoji('❤️', '❤')).toBe(true);
  });

  it("the ticket's messageActions follow the channel and the viewer's right to reply", () => {
    expect(messageActionsFor('whatsapp', true)).toEqual({
      react: true,
      reactionEmojis: null,
      edit: true,
      delete: true,
    });
    // Deleting needs no right to reply (an author may delete on a ticket handed on); the rest does.
    expect(messageActionsFor('whatsapp', false)).toEqual({
      react: false,
      reactionEmojis: null,
      edit: false,
      delete: true,
    });
    expect(messageActionsFor('instagram', true)).toEqual({
      react: true,
      reactionEmojis: ['❤️'],
      edit: false,
      delete: false,
    });
    expect(messageActionsFor(null, true)).toEqual({ react: false, reactionEmojis: null, edit: false, delete: false });
  });
});
