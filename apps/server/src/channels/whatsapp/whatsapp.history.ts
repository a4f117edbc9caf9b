/**
 * Import of past messages (SPEC §3 Channel import options, §5/§9: at most 30 days). When the phone
 * is paired, WhatsApp sends the account's history (messaging-history.set); the messages within the
 * channel's period are stored like live ones (fromMe kept; the WhatsApp id deduplicates, so a
 * history set that repeats a message stores nothing twice). Outside the period nothing is kept.
 */
import { IMPORT_MAX_DAYS, ZImportOptions } from '@prosa/contracts';
import type { WAMessage } from 'baileys';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { contentOf } from './whatsapp.content.js';
import type { BaileysModule } from './whatsapp.jid.js';
import { isIgnoredChat } from './whatsapp.jid.js';
import { numberOf } from './whatsapp.json.js';

const DAY_MS = 86_400_000;
/** Messages per stored payload: one inbound job each. */
export const HISTORY_CHUNK = 100;

export interface ImportPeriod {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive (the end of the `to` day). */
  to: number;
}

const isoDay = (s: unknown) =>
  typeof s === 'string' && /^\d{4}-\d{2}-\d{2}/.test(s) ? Date.parse(s.slice(0, 10)) : NaN;

/**
 * The channel's import period: `importOptions` ({ enabled, from, to }, days in UTC), or
 * `config.importFrom/importTo`. Null when importing is off, or the period is invalid or longer
 * than 30 days (the routes reject those; an older row is not trusted either).
 */
export function importPeriodOf(channel: Pick<ChannelRow, 'importOptions' | 'config'>): ImportPeriod | null {
  const opts = ZImportOptions.safeParse(channel.importOptions ?? {});
  const [fromDay, toDay] =
    opts.success && opts.data.enabled
      ? [isoDay(opts.data.from), isoDay(opts.data.to)]
      : [isoDay(channel.config?.importFrom), isoDay(channel.config?.importTo)];
  if (Number.isNaN(fromDay) || Number.isNaN(toDay)) return null;
  const days = (toDay - fromDay) / DAY_MS;
  if (days < 0 || days > IMPORT_MAX_DAYS) return null;
  return { from: fromDay, to: toDay + DAY_MS };
}

/** The history messages to import, oldest first, in payload-sized chunks. */
export function historyChunks(B: BaileysModule, messages: WAMessage[], period: ImportPeriod): WAMessage[][] {
  const kept = messages
    .filter((m) => {
      const at = numberOf(m.messageTimestamp) * 1000;
      return (
        at >= period.from &&
        at < period.to &&
        !!m.key?.id &&
        !isIgnoredChat(m.key.remoteJid) &&
        !!contentOf(B, m.message)
      );
    })
    .sort((a, b) => numberOf(a.messageTimestamp) - numberOf(b.messageTimestamp));
  const chunks: WAMessage[][] = [];
  for (let i = 0; i < kept.length; i += HISTORY_CHUNK) chunks.push(kept.slice(i, i + HISTORY_CHUNK));
  return chunks;
}
