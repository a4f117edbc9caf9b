/**
 * Baileys' auth state in the database (whatsapp_auth_keys), modelled on its useMultiFileAuthState:
 * `creds` is one row, every Signal key `{type}-{id}` another. Whoever runs the channel's session
 * (on any app instance) reads the same pairing, so a restart or a move to another instance does
 * not ask for a new QR code. Writes of one channel run one after another, in the order Baileys
 * makes them (a later creds write never lands before an earlier one).
 */
import type { AuthenticationCreds, AuthenticationState, CacheStore, SignalDataSet, SignalDataTypeMap } from 'baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { whatsappAuthKeys } from '../../platform/db/schema.js';
import { withTenant } from '../../platform/db/tenant-scope.js';
import type { Platform } from '../../platform/platform.js';
import type { ChannelRow } from '../../modules/channels/channel-adapter.js';
import { baileys } from './whatsapp.jid.js';
import { fromJsonValue, toJsonValue } from './whatsapp.json.js';

export const CREDS_KEY = 'creds';
/**
 * Rows hold `{ v: value }`: a bare JSON string would come back from drizzle's jsonb parsed a second
 * time (a LID map value "5511..." would turn into a number).
 */
type Wrapped = { v: unknown } | null;
const keyOf = (type: string, id: string) => `${type}-${id}`;

export interface DbAuthState {
  state: AuthenticationState;
  saveCreds(): Promise<void>;
  /** Forgets the pairing (logout): the next connection shows a QR code. */
  clear(): Promise<void>;
  /** Resolves when every write queued so far is done. */
  flush(): Promise<void>;
}

type Owner = Pick<ChannelRow, 'id' | 'tenantId'>;

async function readRows(platform: Platform, channel: Owner, keys: string[]): Promise<Map<string, unknown>> {
  if (keys.length === 0) return new Map();
  const rows = await withTenant(platform.db, channel.tenantId, (scope) =>
    scope.select(
      whatsappAuthKeys,
      and(eq(whatsappAuthKeys.channelId, channel.id), inArray(whatsappAuthKeys.key, keys)),
    ),
  );
  return new Map(rows.map((r) => [r.key, fromJsonValue<Wrapped>(r.value)?.v]));
}

async function writeRows(
  platform: Platform,
  channel: Owner,
  upserts: { key: string; value: unknown }[],
  deletes: string[],
) {
  await withTenant(platform.db, channel.tenantId, async (scope) => {
    if (upserts.length)
      await scope.query((db) =>
        db
          .insert(whatsappAuthKeys)
          .values(
            upserts.map((u) => ({
              tenantId: scope.tenantId,
              channelId: channel.id,
              key: u.key,
              value: toJsonValue<Wrapped>({ v: u.value }),
            })),
          )
          .onConflictDoUpdate({
            target: [whatsappAuthKeys.channelId, whatsappAuthKeys.key],
            set: { value: sql`excluded.value`, updatedAt: sql`now()` },
            setWhere: eq(whatsappAuthKeys.tenantId, scope.tenantId),
          }),
      );
    if (deletes.length)
      await scope.delete(
        whatsappAuthKeys,
        and(eq(whatsappAuthKeys.channelId, channel.id), inArray(whatsappAuthKeys.key, deletes))!,
      );
  });
}

/** Deletes the whole auth state of a channel (logged out, or the user asked to unpair). */
export async function clearAuthState(platform: Platform, channel: Owner): Promise<void> {
  await withTenant(platform.db, channel.tenantId, (scope) =>
    scope.delete(whatsappAuthKeys, eq(whatsappAuthKeys.channelId, channel.id)),
  );
}

/** The phone JID Baileys learnt for a LID (`lid-mapping` keys), without a live socket. */
export async function storedPnForLid(platform: Platform, channel: Owner, lidUser: string): Promise<string | null> {
  const rows = await readRows(platform, channel, [keyOf('lid-mapping', `${lidUser}_reverse`)]);
  const pn = rows.values().next().value;
  return typeof pn === 'string' && /^\d+$/.test(pn) ? pn : null;
}

export async function useDbAuthState(platform: Platform, channel: Owner): Promise<DbAuthState> {
  const B = await baileys();
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn);
    queue = next.catch((err: unknown) =>
      platform.log.warn({ err, channelId: channel.id }, 'whatsapp: auth state not saved'),
    );
    return next;
  };

  const stored = await readRows(platform, channel, [CREDS_KEY]);
  const creds = (stored.get(CREDS_KEY) as AuthenticationCreds | undefined) ?? B.initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
        const rows = await readRows(
          platform,
          channel,
          ids.map((id) => keyOf(type, id)),
        );
        const out: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const id of ids) {
          let value = rows.get(keyOf(type, id));
          if (value === undefined || value === null) continue;
          if (type === 'app-state-sync-key') value = B.proto.Message.AppStateSyncKeyData.fromObject(value as object);
          out[id] = value as SignalDataTypeMap[T];
        }
        return out;
      },
      async set(data: SignalDataSet) {
        const upserts: { key: string; value: unknown }[] = [];
        const deletes: string[] = [];
        for (const [type, values] of Object.entries(data)) {
          for (const [id, value] of Object.entries(values ?? {})) {
            if (value === null || value === undefined) deletes.push(keyOf(type, id));
            else upserts.push({ key: keyOf(type, id), value });
          }
        }
        await serial(() => writeRows(platform, channel, upserts, deletes));
      },
      async clear() {
        await serial(() => clearAuthState(platform, channel));
      },
    },
  };

  return {
    state,
    saveCreds: () => serial(() => writeRows(platform, channel, [{ key: CREDS_KEY, value: creds }], [])),
    clear: () => serial(() => clearAuthState(platform, channel)),
    flush: () => queue.then(() => undefined),
  };
}

/**
 * The read cache in front of the key store (Baileys' makeCacheableSignalKeyStore takes one). Its
 * default cache keeps a timer that outlives the session; this one has none and goes with it:
 * entries expire when read after `ttlMs`, and the oldest go first past `max` entries.
 */
export function sessionKeyCache(ttlMs = 5 * 60_000, max = 20_000): CacheStore {
  const entries = new Map<string, { value: unknown; until: number }>();
  return {
    get<T>(key: string) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return e.value as T;
    },
    set<T>(key: string, value: T) {
      entries.delete(key);
      entries.set(key, { value, until: Date.now() + ttlMs });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    del(key: string) {
      entries.delete(key);
    },
    flushAll() {
      entries.clear();
    },
  };
}
