import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals, jsonResponse } from '../../test/browser-globals';

const globals = installBrowserGlobals();
vi.mock('../errors/toast-error', () => ({ notifyError: vi.fn(), toastError: vi.fn() }));

const { request, http, SESSION_REDIRECT_MS } = await import('./client');
const { ApiError } = await import('./api-error');
const { notifyError } = await import('../errors/toast-error');

type FetchArgs = [string, RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

beforeEach(() => {
  globals.storage.clear();
  globals.location.hash = '#/filas';
  fetchMock.mockReset();
  vi.mocked(notifyError).mockReset();
  vi.stubGlobal('fetch', fetchMock);
  globals.storage.set('token', 'old-token');
  globals.storage.set('username', 'Ana');
  globals.storage.set('profile', 'admin');
  globals.storage.set('userId', '7');
  globals.storage.set('language', 'pt');
});
afterEach(() => vi.useRealTimers());

const authHeader = (call: FetchArgs | undefined) => (call?.[1].headers as Record<string, string>).Authorization;

describe('HTTP client (SPEC §7 interceptors)', () => {
  it('sends the stored bearer token and answers the parsed body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, [{ id: 1 }]));
    await expect(http.get('/queue')).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/queue');
    expect(authHeader(fetchMock.mock.calls[0])).toBe('Bearer old-token');
  });

  it('an expired access token (403) is refreshed once, stored, and the call retried', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(403, { error: 'ERR_TOKEN_EXPIRED' }))
      .mockResolvedValueOnce(jsonResponse(200, { token: 'new-token' }))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await expect(http.get('/users/')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/users/', '/auth/refresh_token', '/users/']);
    expect(authHeader(fetchMock.mock.calls[2])).toBe('Bearer new-token');
    expect(globals.storage.get('token')).toBe('new-token');
  });

  it('refreshes only once: a second 403 is the answer', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(403, { error: 'ERR_TOKEN_EXPIRED' }))
      .mockResolvedValueOnce(jsonResponse(200, { token: 'new-token' }))
      .mockResolvedValueOnce(jsonResponse(403, { error: 'ERR_TOKEN_EXPIRED' }));
    await expect(http.get('/users/')).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a permission 403 is not a reason to refresh', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { error: 'ERR_NO_PERMISSION' }));
    const err = await http.put('/users/2', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as InstanceType<typeof ApiError>).code).toBe('ERR_NO_PERMISSION');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 401 clears token, username, profile and userId, tells the user, and goes to /login after 2 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'ERR_SESSION_EXPIRED' }));
    const err = await http.get('/settings').catch((e: unknown) => e);
    expect((err as InstanceType<typeof ApiError>).handled).toBe(true);
    for (const key of ['token', 'username', 'profile', 'userId']) expect(globals.storage.has(key)).toBe(false);
    expect(globals.storage.get('language')).toBe('pt');
    expect(notifyError).toHaveBeenCalledWith(err, 'error');
    expect(globals.location.hash).toBe('#/filas');
    vi.advanceTimersByTime(SESSION_REDIRECT_MS);
    expect(globals.location.hash).toBe('#/login');
  });

  it('a 401 answering login or logout is an answer, not an ended session', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'ERR_INVALID_CREDENTIALS' }));
    await expect(http.post('/auth/login/', {}, { authCall: true })).rejects.toMatchObject({
      code: 'ERR_INVALID_CREDENTIALS',
    });
    expect(globals.storage.get('token')).toBe('old-token');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a 500 is told to the user and rejected; validation errors carry their fields', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: 'ERR_INTERNAL' }));
    await expect(http.get('/tags')).rejects.toMatchObject({ status: 500, handled: true });
    expect(notifyError).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { error: 'ERR_VALIDATION', fields: { name: 'validation.required' } }),
    );
    await expect(http.post('/tags', {})).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { name: 'validation.required' },
    });
  });

  it('a call that outlives its timeout fails with a local timeout code', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = request('/admin/tenants/1', { method: 'DELETE', timeoutMs: 240_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(239_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(pending).resolves.toMatchObject({ code: 'LOCAL_TIMEOUT' });
  });
});
