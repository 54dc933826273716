import type { RouteName, Routes } from '#contract/api/index.ts';
import type { ErrorResponse } from '#contract/errors.ts';
import { fillPath, type RouteDef, type RouteInput, type RouteResponse } from '#contract/route-table.ts';

export const TOKEN_KEY = 'access-token';

/** What a shopper reads when a request never reached the server (no connection, or the network dropped it). */
export const OFFLINE_MESSAGE = 'You are offline. Check your connection, then try again.';
/** What a shopper reads when the server failed (its own 5xx details stay in its log). */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** An API failure with the server's reason, ready to show to the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** How a request reaches the API: the browser's fetch, or on the server the app's own handlers (entry-server.tsx). */
export type Transport = (url: URL, init: RequestInit) => Promise<Response>;
let transport: Transport | undefined;
/** The server renders pages with the API's answers without a network hop: it gives its transport here, once. */
export function setTransport(serverTransport: Transport): void {
  transport = serverTransport;
}

type RequestOptions = Omit<RequestInit, 'body'> & {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
};

/** The one API client: JSON in and out, bearer token from local storage, errors as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, query, headers, ...rest } = options;
  const url = new URL(`/api${path}`, transport ? 'http://localhost' : window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const finalHeaders = new Headers(headers);
  // The server renders every page as a visitor: it has no stored token.
  const token = transport ? null : localStorage.getItem(TOKEN_KEY);
  if (token) finalHeaders.set('authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    finalHeaders.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await (transport ?? fetch)(url, {
      ...rest,
      headers: finalHeaders,
      body: payload,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', OFFLINE_MESSAGE);
  }
  return parseResponse<T>(response);
}

/** Input of a call: omitted when the route takes no params, query or body. */
type CallArgs<R extends RouteDef> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

/**
 * Calls one route of the contract's route table by its name (`'GET /carts'`): the name, params, query and body
 * are checked by the compiler against the route's row, and the answer has the route's response type. Only the
 * table's types are imported, so its schemas stay out of the bundle.
 */
export function call<K extends RouteName>(route: K, ...[input]: CallArgs<Routes[K]>): Promise<RouteResponse<Routes[K]>>;
export function call(route: RouteName, input?: RouteInput<RouteDef>): Promise<unknown> {
  const [method, path] = route.split(' ');
  const { params, query, body } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  return api(fillPath(path, params as Record<string, unknown> | undefined), {
    method,
    query: query as RequestOptions['query'],
    body,
  });
}

/** The address of a route by its name (`'GET /invoice/:id/pdf'`), for what `call` cannot fetch (a file, an upload). */
export function routeUrl<K extends RouteName>(route: K, params?: RouteInput<Routes[K]>['params']): string {
  return `/api${fillPath(route.split(' ')[1], params as Record<string, unknown> | undefined)}`;
}

export async function parseResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data as ErrorResponse | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP',
      // A database that is away is the server's own fixed words (try again in a moment), not its details.
      response.status >= 500 && error?.code !== 'UNAVAILABLE'
        ? SERVER_ERROR_MESSAGE
        : (error?.message ?? `The server answered ${response.status}. Please try again.`),
      error?.fields,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A request that never reached the server: the connection is down or the network dropped it. */
export const isNetworkError = (error: unknown): boolean => error instanceof ApiError && error.code === 'NETWORK';

/** The heading over a failure: the network's, or any other. */
export const failureTitle = (error: unknown): string =>
  isNetworkError(error) ? 'You are offline' : 'Something went wrong';

/** A failure in words a shopper understands: offline, the server failed, or the API's own reason (4xx). */
export function errorMessage(error: unknown): string {
  // A fetch made outside `api` (a download) rejects with the browser's own words ("Failed to fetch").
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return OFFLINE_MESSAGE;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
