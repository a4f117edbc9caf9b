import type { Profile } from '@prosa/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, jsonResponse } from '../test/browser-globals';

installBrowserGlobals();
vi.mock('../shared/ui/notify', () => ({ notifyNotice: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../shared/errors/toast-error', () => ({ notifyError: vi.fn(), toastError: vi.fn() }));

const { guard } = await import('./navigation-guard');
const { queryClient } = await import('./query-client');
const { notifyNotice } = await import('../shared/ui/notify');
const { saveLogin, clearSession } = await import('../shared/auth/session');

const fetchMock = vi.fn<(url: string) => Promise<Response>>();

function signIn(profile: Profile, tenantId: number, dueDate: string | null = '2999-12-31', expired = false) {
  queryClient.clear();
  saveLogin({
    token: 't',
    username: 'U',
    profile,
    userId: 3,
    tenantId,
    queues: [],
    email: 'u@x.y',
    configs: { isDark: false, filtrosAtendimento: {} },
  });
  fetchMock.mockImplementation(async () => jsonResponse(200, { dueDate, graceDays: 3, expired }));
}

/** Runs the guard for a path; answers the redirect target, or null when the screen may open. */
async function visit(access: Parameters<typeof guard>[0], path: string): Promise<string | null> {
  try {
    await guard(access)({ request: new Request(`http://app${path}`), params: {}, context: {} } as never);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

beforeEach(() => {
  clearSession();
  queryClient.clear();
  fetchMock.mockReset();
  vi.mocked(notifyNotice).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('navigation guard (SPEC §6)', () => {
  it('without a token sends to /login with the "login required" notice', async () => {
    expect(await visit('auth', '/atendimento')).toBe('/login');
    expect(notifyNotice).toHaveBeenCalledWith('guard-login', expect.any(String));
  });

  it('without a token lets a setup-token link through', async () => {
    expect(await visit('auth', '/atendimento?setup-token=abc')).toBeNull();
  });

  it("an expired plan (the server's answer) sends everything but /financeiro to /financeiro", async () => {
    signIn('user', 5, '2000-01-01', true);
    expect(await visit('auth', '/atendimento')).toBe('/financeiro');
    expect(notifyNotice).toHaveBeenCalledWith('guard-plan', expect.any(String), 'orange');
    expect(await visit('auth', '/financeiro')).toBeNull();
  });

  it('a passed due date still within the grace days lets the user in', async () => {
    signIn('user', 5, '2000-01-01', false);
    expect(await visit('auth', '/atendimento')).toBeNull();
  });

  it('reads the due date once and keeps it briefly', async () => {
    signIn('admin', 5);
    await visit('admin', '/filas');
    await visit('admin', '/etiquetas');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/tenants/date/');
  });

  it('operator screens need profile admin in tenant 1', async () => {
    signIn('admin', 1, null);
    expect(await visit('operator', '/empresas')).toBeNull();

    signIn('admin', 5);
    expect(await visit('operator', '/empresas')).toBe('/');
    expect(notifyNotice).toHaveBeenCalledWith('guard-unauthorized', expect.any(String), 'red');

    signIn('supervisor', 1, null);
    expect(await visit('operator', '/empresas')).toBe('/atendimento');
  });

  it('admin screens turn other profiles back to their home', async () => {
    signIn('user', 5);
    expect(await visit('admin', '/usuarios')).toBe('/atendimento');
  });

  it('the reports open to admins and supervisors of either kind only', async () => {
    for (const profile of ['admin', 'supervisor', 'supervisorfila'] as const) {
      signIn(profile, 5);
      expect(await visit('supervisor', '/relatorios')).toBeNull();
    }
    signIn('user', 5);
    expect(await visit('supervisor', '/relatorios/lista-contatos')).toBe('/atendimento');
    expect(notifyNotice).toHaveBeenCalledWith('guard-unauthorized', expect.any(String), 'red');
  });

  it('the dashboard opens to admins and supervisors; agents go to the service screen without a notice', async () => {
    signIn('user', 5);
    expect(await visit('home', '/')).toBe('/atendimento');
    expect(notifyNotice).not.toHaveBeenCalled();
    for (const profile of ['admin', 'supervisor', 'supervisorfila'] as const) {
      signIn(profile, 5);
      expect(await visit('home', '/home')).toBeNull();
    }
  });
});
