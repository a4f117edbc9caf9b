import { OPERATOR_TENANT_ID, type LoginResponse, type Profile, type UserConfigs } from '@prosa/contracts';

/**
 * The signed-in user, kept in localStorage under the keys the login response names (SPEC §3).
 * Security note: only the short-lived access token lives here; the refresh token is an httpOnly cookie.
 */
export interface QueueRef {
  id: number;
  name: string;
  color: string;
}
export interface Session {
  token: string;
  username: string;
  profile: Profile;
  userId: number;
  tenantId: number;
  queues: QueueRef[];
  email: string;
  configs: UserConfigs;
}

const SESSION_KEYS = ['token', 'username', 'profile', 'userId', 'tenantId', 'queues', 'email', 'configs'] as const;
const DEFAULT_CONFIGS: UserConfigs = { isDark: false, filtrosAtendimento: {} };

const listeners = new Set<() => void>();
let version = 0;
let cached: { version: number; session: Session | null } | null = null;

function emit(): void {
  version += 1;
  listeners.forEach((listener) => listener());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function parseJson<T>(raw: string | null, fallback: T): T {
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function getToken(): string | null {
  return localStorage.getItem('token');
}

export function setToken(token: string): void {
  localStorage.setItem('token', token);
  emit();
}

/** The session as one object; the same reference until something changes (for useSyncExternalStore). */
export function getSession(): Session | null {
  if (cached && cached.version === version) return cached.session;
  const token = getToken();
  const session: Session | null = token
    ? {
        token,
        username: localStorage.getItem('username') ?? '',
        profile: (localStorage.getItem('profile') ?? 'user') as Profile,
        userId: Number(localStorage.getItem('userId') ?? 0),
        tenantId: Number(localStorage.getItem('tenantId') ?? 0),
        queues: parseJson<QueueRef[]>(localStorage.getItem('queues'), []),
        email: localStorage.getItem('email') ?? '',
        configs: { ...DEFAULT_CONFIGS, ...parseJson<Partial<UserConfigs>>(localStorage.getItem('configs'), {}) },
      }
    : null;
  cached = { version, session };
  return session;
}

export function saveLogin(res: LoginResponse): void {
  localStorage.setItem('token', res.token);
  localStorage.setItem('username', res.username);
  localStorage.setItem('profile', res.profile);
  localStorage.setItem('userId', String(res.userId));
  localStorage.setItem('tenantId', String(res.tenantId));
  localStorage.setItem('queues', JSON.stringify(res.queues));
  localStorage.setItem('email', res.email);
  localStorage.setItem('configs', JSON.stringify(res.configs));
  emit();
}

/** Refreshes what /auth/me reports (name, queues, profile may change while signed in). */
export function updateSession(patch: Partial<Omit<Session, 'token'>>): void {
  if (patch.username !== undefined) localStorage.setItem('username', patch.username);
  if (patch.profile !== undefined) localStorage.setItem('profile', patch.profile);
  if (patch.email !== undefined) localStorage.setItem('email', patch.email);
  if (patch.queues !== undefined) localStorage.setItem('queues', JSON.stringify(patch.queues));
  if (patch.configs !== undefined) localStorage.setItem('configs', JSON.stringify(patch.configs));
  emit();
}

export function updateConfigs(patch: Partial<UserConfigs>): void {
  const current = getSession()?.configs ?? DEFAULT_CONFIGS;
  localStorage.setItem('configs', JSON.stringify({ ...current, ...patch }));
  emit();
}

/** Forgets the signed-in user (SPEC §7 names token, username, profile and userId; the rest goes too). */
export function clearSession(): void {
  SESSION_KEYS.forEach((key) => localStorage.removeItem(key));
  emit();
}

export function isAdminProfile(profile: Profile | undefined): boolean {
  return profile === 'admin';
}

/** Admins and supervisors, general or of queues: the reports' audience (the server's `supervisor` level). */
export function isSupervisorProfile(profile: Profile | undefined): boolean {
  return profile === 'admin' || profile === 'supervisor' || profile === 'supervisorfila';
}

/** The platform operator: an admin of tenant 1 (SPEC §6). */
export function isOperatorSession(session: Pick<Session, 'profile' | 'tenantId'> | null): boolean {
  return !!session && session.profile === 'admin' && session.tenantId === OPERATOR_TENANT_ID;
}

/** Landing page after login: admins go to the dashboard, every other profile to the service screen. */
export function landingPath(profile: Profile | undefined): string {
  return isAdminProfile(profile) ? '/' : '/atendimento';
}

// Another tab signing in or out changes the same storage.
if (typeof window !== 'undefined') window.addEventListener('storage', emit);
