/**
 * Synchronises a channel's templates with its WhatsApp business account: GET
 * /{waba-id}/message_templates, following `paging.next`, then one transaction that upserts every
 * template (by channel, name and language) and removes the ones Meta no longer lists.
 */
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { whatsappTemplates, type WabaTemplateComponent } from '../../../platform/db/schema.js';
import type { TenantScope } from '../../../platform/db/tenant-scope.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Platform } from '../../../platform/platform.js';
import { GraphError, graphJson, isGraphOrigin, wabaConfigOf, type GraphAuth } from '../waba.graph.js';
import { wabaChannel } from './templates.queries.js';

interface GraphTemplate {
  id?: string;
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  components?: WabaTemplateComponent[];
}
interface GraphPage {
  data?: GraphTemplate[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

/** A business account has at most a few hundred templates; this bounds a misbehaving pager. */
const MAX_PAGES = 100;
const FIELDS = 'id,name,language,status,category,components';

async function fetchAll(platform: Platform, token: GraphAuth, wabaId: string): Promise<GraphTemplate[]> {
  const all: GraphTemplate[] = [];
  let url: string | undefined = `/${wabaId}/message_templates?fields=${FIELDS}&limit=100`;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const res: GraphPage = await graphJson<GraphPage>(platform, token, 'GET', url);
    all.push(...(res.data ?? []));
    const next = res.paging?.next;
    // The token goes only to the Graph API's own origin.
    url = next && isGraphOrigin(platform, next) ? next : undefined;
  }
  return all;
}

export async function syncTemplates(
  platform: Platform,
  scope: TenantScope,
  channelId: number,
): Promise<{ synced: number; removed: number }> {
  const channel = await wabaChannel(scope, channelId);
  const config = wabaConfigOf(channel);
  if (!config || !channel.token) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  let fetched: GraphTemplate[];
  try {
    fetched = await fetchAll(platform, channel, config.wabaId);
  } catch (err) {
    if (err instanceof GraphError && (err.httpStatus === 401 || err.code === 190)) throw new AppError('ERR_CHANNEL_TOKEN_INVALID');
    platform.log.warn({ err, channelId }, 'waba: template sync failed');
    throw new AppError('ERR_SENDING_WAPP_MSG');
  }
  const valid = fetched.filter((t) => t.id && t.name && t.language);
  // One row per (name, language): the last listed wins.
  const unique = [...new Map(valid.map((t) => [`${t.name}\u0000${t.language}`, t])).values()];
  return scope.transaction(async (tx) => {
    const now = new Date();
    if (unique.length)
      await tx.query((db) =>
        db
          .insert(whatsappTemplates)
          .values(
            unique.map((t) => ({
              tenantId: tx.tenantId,
              channelId,
              externalId: t.id!,
              name: t.name!,
              language: t.language!,
              status: (t.status ?? 'PENDING').toUpperCase(),
              category: (t.category ?? '').toUpperCase(),
              components: Array.isArray(t.components) ? t.components : [],
              updatedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [whatsappTemplates.channelId, whatsappTemplates.name, whatsappTemplates.language],
            set: {
              externalId: sql`excluded.external_id`,
              status: sql`excluded.status`,
              category: sql`excluded.category`,
              components: sql`excluded.components`,
              updatedAt: now,
            },
          }),
      );
    const keep = unique.map((t) => t.id!);
    const removed = await tx.delete(
      whatsappTemplates,
      and(eq(whatsappTemplates.channelId, channelId), keep.length ? notInArray(whatsappTemplates.externalId, keep) : undefined)!,
    );
    return { synced: unique.length, removed: removed.length };
  });
}
