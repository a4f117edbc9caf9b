// SECURITY-CRITICAL: who reaches contacts and what of them each profile sees. Three tenant
// settings change it (SPEC §6): the contacts page for admins only (`ContactAdmin`), own wallet only
// (`userContactWallet`) and phone numbers hidden (`hidePhoneNumber`).
import type { TenantScope } from '../../platform/db/tenant-scope.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthContext } from '../../platform/http/auth-context.js';
import { getSetting, listSettings } from '../settings/settings.queries.js';

/** How one viewer sees contacts: built once per request and passed to queries and presenter. */
export interface ContactView {
  /** Numbers answer with all but the last 4 digits hidden. */
  maskNumbers: boolean;
  /** Only contacts whose wallet holds this user are visible (null: every contact of the tenant). */
  walletUserId: number | null;
  /** Same rule as the `supervisor` level of the delete, import and export routes. */
  canDelete: boolean;
}

/** Admins and general supervisors see every number and every wallet (SPEC §6). */
const seesEverything = (auth: AuthContext) => auth.isAdmin || auth.profile === 'supervisor';

/** With `ContactAdmin` on, only admins reach the contacts routes. */
export async function assertMayUseContacts(scope: TenantScope, auth: AuthContext): Promise<void> {
  if (auth.isAdmin) return;
  if ((await getSetting(scope, 'ContactAdmin')) === 'enabled') throw new AppError('ERR_NO_PERMISSION');
}

export async function contactView(scope: TenantScope, auth: AuthContext): Promise<ContactView> {
  const canDelete = auth.isAdmin || auth.profile === 'supervisor' || auth.profile === 'supervisorfila';
  if (seesEverything(auth)) return { maskNumbers: false, walletUserId: null, canDelete };
  const settings = new Map((await listSettings(scope)).map((s) => [s.key, s.value]));
  return {
    maskNumbers: settings.get('hidePhoneNumber') === 'enabled',
    walletUserId: settings.get('userContactWallet') === 'enabled' ? auth.userId : null,
    canDelete,
  };
}

/**
 * A viewer who sees masked numbers may not change a contact's number: it cannot know what it
 * would overwrite, and trying numbers would reveal the hidden one.
 */
export function assertMayChangeNumber(view: ContactView, savedNumber: string, newNumber: string): void {
  if (view.maskNumbers && savedNumber !== newNumber) throw new AppError('ERR_NO_PERMISSION');
}

/**
 * With own wallet only, a contact a restricted user creates or edits stays in its wallet, or the
 * contact would vanish from its list the moment it is saved.
 */
export function walletsFor(view: ContactView, wallets: number[]): number[] {
  const ids = new Set(wallets);
  if (view.walletUserId !== null) ids.add(view.walletUserId);
  return [...ids];
}
