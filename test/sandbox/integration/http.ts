import type { IncomingMessage, ServerResponse } from 'node:http';

/** A refusal with its status; the message goes to the client as `{ message }`. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/**
 * 503 with Retry-After: the sandbox is at one of its capacity limits (live
 * sessions, queued proofs) and says when to come back.
 */
export function atCapacity(message: string, retryAfterMs: number): HttpError {
  return new HttpError(503, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendHttpError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.status, { message: error.message }, { ...error.headers });
}

export function sendBytes(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>): void {
  res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** Refuses any method but the allowed one with 405 and an Allow header. */
export function requireMethod(req: IncomingMessage, method: 'GET' | 'POST'): void {
  if (req.method !== method) throw new HttpError(405, `Use ${method} here.`, { allow: method });
}

const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The request body parsed as JSON: 413 past the limit, 400 when it is not JSON. */
export async function readJsonBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `The request body is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new HttpError(400, 'The request body is empty; send JSON.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

export { isRecord } from '@/lib/api/body.ts';
