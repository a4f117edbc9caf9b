import type { AuthContext } from '../../platform/http/auth-context.js';

/**
 * Who sees which tasks: admins and (general) supervisors the whole company's; everyone else the
 * tasks they own or created. A task outside that answers 404 (ERR_NO_TASK_FOUND), like another
 * company's. Whoever sees a task may change, finish, reopen and delete it.
 */
export function seesAllTasks(auth: Pick<AuthContext, 'isAdmin' | 'profile'>): boolean {
  return auth.isAdmin || auth.profile === 'supervisor';
}

export type TaskViewer = Pick<AuthContext, 'userId' | 'isAdmin' | 'profile'>;
