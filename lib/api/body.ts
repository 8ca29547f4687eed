/**
 * Shape checks for JSON bodies. The real service sometimes answers errors
 * with HTTP 200: `{ success: false, message }`, or a plain-text body such as
 * `No api key`; errorBodyMessage spots such bodies so they are never taken
 * for data.
 */

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A number, or a numeric string (the service sends both), else null. */
export function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** The error message a body carries instead of data, or null when it looks like data. */
export function errorBodyMessage(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || 'Empty answer';
  if (!isRecord(body)) return null;
  // API gateways spell it `Message`; some services send `success: "false"`.
  const message = [body.message, body.Message, body.error].find((m): m is string => typeof m === 'string');
  if (body.success === false || body.success === 'false') return message ?? 'The service reported a failure.';
  const keys = Object.keys(body);
  // An error field alone (or with a status/code) is an error envelope, not data.
  const envelope = ['message', 'Message', 'error', 'code', 'status', 'statusCode'];
  if (message !== undefined && keys.every((k) => envelope.includes(k))) return message;
  return null;
}

/** True when an error message is about the API key rather than the request. */
export function mentionsApiKey(message: string): boolean {
  return /api[\s_-]?key|apikey|unauthori[sz]ed|forbidden|invalid key/i.test(message);
}
