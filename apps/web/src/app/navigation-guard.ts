import { redirect, type LoaderFunction } from 'react-router';
import { fetchTenantDate, TENANT_DATE_QUERY_KEY, TENANT_DATE_STALE_MS } from '../shared/api/tenant-queries';
import { getSession, isAdminProfile, isOperatorSession, isSupervisorProfile, landingPath } from '../shared/auth/session';
import { i18n } from '../shared/i18n/i18n';
import { notifyNotice } from '../shared/ui/notify';
import { queryClient } from './query-client';

/**
 * The navigation guard of SPEC §6, run before every protected screen loads.
 * - no stored token: only the public screens (or a `setup-token` query) -> "login required", /login;
 * - the server says the plan is expired (its due date and the grace days have passed, on the
 *   company's calendar) and the target is not /financeiro -> "plan expired", /financeiro;
 * - operator screens need profile admin in tenant 1, admin screens profile admin, supervisor screens
 *   (reports) an admin or a supervisor of either kind -> "unauthorized", home.
 * The server enforces all of this again; the guard only spares the user a screen full of errors.
 */
export type Access = 'auth' | 'supervisor' | 'admin' | 'operator' | 'home';

async function planExpired(): Promise<boolean> {
  try {
    const res = await queryClient.fetchQuery({
      queryKey: TENANT_DATE_QUERY_KEY,
      queryFn: fetchTenantDate,
      staleTime: TENANT_DATE_STALE_MS,
    });
    return res.expired;
  } catch {
    // An ended session is handled by the HTTP client; anything else must not lock the user out.
    return false;
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
    if (url.pathname !== '/financeiro' && (await planExpired())) {
      notifyNotice('guard-plan', i18n.t('guard.planExpired'), 'orange');
      throw redirect('/financeiro');
    }
    // The dashboard is the admin's home and the supervisors' too (from the menu); an agent's home is
    // the service screen, so it goes there without a notice.
    if (access === 'home' && !isSupervisorProfile(session.profile)) throw redirect(landingPath(session.profile));
    const allowed =
      access === 'operator'
        ? isOperatorSession(session)
        : access === 'admin'
          ? isAdminProfile(session.profile)
          : access === 'supervisor'
            ? isSupervisorProfile(session.profile)
            : true;
    if (!allowed) {
      notifyNotice('guard-unauthorized', i18n.t('guard.unauthorized'), 'red');
      throw redirect(landingPath(session.profile));
    }
    return null;
  };
}
