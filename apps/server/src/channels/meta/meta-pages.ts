/**
 * SPEC §5 "Hub selection is required": the pages a Facebook user manages, with each page's access
 * token and linked Instagram professional account, for the /sessoes form to pick one from
 * (GET /me/accounts with the user's token, following `paging.next` within the Graph API only).
 */
import type { MetaPage } from '@prosa/contracts';
import { AppError } from '../../platform/http/app-error.js';
import type { Platform } from '../../platform/platform.js';
import { GraphError, graphJson, isGraphOrigin } from '../shared/graph-api.js';

interface AccountsPage {
  data?: {
    id?: string;
    name?: string;
    access_token?: string;
    instagram_business_account?: { id?: string; username?: string };
  }[];
  paging?: { next?: string };
}

/** A user with more pages than this is not served in one answer (the form would not list them). */
const MAX_PAGES = 10;

export async function listManagedPages(platform: Platform, userAccessToken: string): Promise<MetaPage[]> {
  const pages: MetaPage[] = [];
  let next: string | undefined =
    '/me/accounts?fields=id,name,access_token,instagram_business_account%7Bid,username%7D&limit=100';
  try {
    for (let i = 0; next && i < MAX_PAGES; i++) {
      const res: AccountsPage = await graphJson<AccountsPage>(platform, userAccessToken, 'GET', next);
      for (const p of res.data ?? []) {
        // A page without a token is one the user cannot message from.
        if (!p.id || !p.access_token) continue;
        const ig = p.instagram_business_account;
        pages.push({
          pageId: p.id,
          pageName: p.name ?? p.id,
          pageAccessToken: p.access_token,
          ...(ig?.id ? { igUserId: ig.id } : {}),
          ...(ig?.username ? { igUsername: ig.username } : {}),
        });
      }
      // The user's token only follows paging links of the Graph API itself.
      next = res.paging?.next && isGraphOrigin(platform, res.paging.next) ? res.paging.next : undefined;
    }
  } catch (err) {
    if (err instanceof GraphError && err.httpStatus >= 400 && err.httpStatus < 500 && err.httpStatus !== 429)
      throw new AppError('ERR_CHANNEL_TOKEN_INVALID');
    // Unreachable, timed out, throttled or failing: the provider's trouble, not a server error.
    if (err instanceof GraphError) throw new AppError('ERR_PROVIDER_UNAVAILABLE');
    throw err;
  }
  return pages;
}
