/**
 * The real service sometimes answers errors with HTTP 200: `{ success: false,
 * message }`, or a plain-text body such as `No api key`. These helpers spot
 * such bodies so they are never taken for data.
 */

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The error message a body carries instead of data, or null when it looks like data. */
export function errorBodyMessage(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || 'Empty answer';
  if (!isRecord(body)) return null;
  if (body.success === false) return typeof body.message === 'string' ? body.message : 'The service reported a failure.';
  const keys = Object.keys(body);
  // `{ message }` alone (or with a status/code) is an error envelope, not data.
  if (typeof body.message === 'string' && keys.every((k) => ['message', 'error', 'code', 'status', 'statusCode'].includes(k))) {
    return body.message;
  }
  return null;
}

/** True when an error message is about the API key rather than the request. */
export function mentionsApiKey(message: string): boolean {
  return /api[\s_-]?key|apikey|unauthori[sz]ed|forbidden|invalid key/i.test(message);
}
