/**
 * The one HTTP client: base /api, the Bearer token, one refresh on 401 shared by every request
 * that fails meanwhile, which then replay with the new token. It decides nothing about the UI:
 * errors are thrown as ApiError and the caller chooses whether to show them.
 */
import type { ErrorBody, TokenPair } from '@cadence/contract';
import { session } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let refreshing: Promise<string | null> | null = null;
let onSessionEnded: () => void = () => undefined;

/** What to do when the session cannot be renewed (the app sends the user to /login). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/** `keepalive`: the request outlives the page (a deletion sent as the page is left, `undo.ts`). */
export interface RequestOptions {
  keepalive?: boolean;
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  token: string | null,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData body (a file upload) sets its own multipart content type.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    ...(options.keepalive && { keepalive: true }),
  });
}

/** One refresh at a time; everyone who needs it waits for the same one (the live stream too). */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) return null;
    try {
      const response = await send('POST', '/jwt/refresh-token', { refreshToken }, null);
      if (!response.ok) return null;
      const tokens = (await response.json()) as TokenPair;
      session.setTokens(tokens);
      return tokens.accessToken;
    } catch {
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, data as ErrorBody | undefined);
  return data as T;
}

/** The session could not be renewed: forget it and leave (the live stream's 401 ends here too). */
export function endSession(): void {
  session.clear();
  onSessionEnded();
}

export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const token = session.accessToken();
  let response = await send(method, path, body, token, options);
  if (response.status === 401 && token) {
    // A refresh may have finished while this request was in flight: then just replay.
    const current = session.accessToken();
    const fresh = current && current !== token ? current : await refreshAccessToken();
    if (!fresh) {
      endSession();
      return parse<T>(response);
    }
    response = await send(method, path, body, fresh, options);
  }
  return parse<T>(response);
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
