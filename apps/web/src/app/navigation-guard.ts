import { redirect, type LoaderFunction } from 'react-router';
import { fetchTenantDate, TENANT_DATE_QUERY_KEY, TENANT_DATE_STALE_MS } from '../shared/api/tenant-queries';
import { getSession, isAdminProfile, isOperatorSession, landingPath } from '../shared/auth/session';
import { isPastDue } from '../shared/format/date';
import { i18n } from '../shared/i18n/i18n';
import { notifyNotice } from '../shared/ui/notify';
import { queryClient } from './query-client';

/**
 * The navigation guard of SPEC §6, run before every protected screen loads.
 * - no stored token: only the public screens (or a `setup-token` query) -> "login required", /login;
 * - the tenant's due date has passed and the target is not /financeiro -> "plan expired", /financeiro;
 * - operator screens need profile admin in tenant 1, admin screens profile admin -> "unauthorized", home.
 * The server enforces all of this again; the guard only spares the user a screen full of errors.
 */
export type Access = 'auth' | 'admin' | 'operator' | 'home';

async function readDueDate(): Promise<string | null> {
  try {
    const res = await queryClient.fetchQuery({
      queryKey: TENANT_DATE_QUERY_KEY,
      queryFn: fetchTenantDate,
      staleTime: TENANT_DATE_STALE_MS,
    });
    return res.dueDate;
  } catch {
    // An ended session is handled by the HTTP client; anything else must not lock the user out.
    return null;
  }
}

export function guard(access: Access): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const session = getSession();
    if (!session) {
      if (url.searchParams.has('setup-token')) return null;
      notifyNotice('guard-login', i18n.t('guard.loginRequired'));
      throw redirect('/login');
    }
    if (url.pathname !== '/financeiro' && isPastDue(await readDueDate())) {
      notifyNotice('guard-plan', i18n.t('guard.planExpired'), 'orange');
      throw redirect('/financeiro');
    }
    // The dashboard is the admin's home; everyone else's home is the service screen.
    if (access === 'home' && !isAdminProfile(session.profile)) throw redirect(landingPath(session.profile));
    const allowed =
      access === 'operator' ? isOperatorSession(session) : access === 'admin' ? isAdminProfile(session.profile) : true;
    if (!allowed) {
      notifyNotice('guard-unauthorized', i18n.t('guard.unauthorized'), 'red');
      throw redirect(landingPath(session.profile));
    }
    return null;
  };
}
