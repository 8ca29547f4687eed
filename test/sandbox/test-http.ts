import { request, type IncomingHttpHeaders } from 'node:http';

/** A whole response, as node:http received it. */
export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface RawRequestInit {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * One request through node:http, for tests: unlike fetch it sends exactly the
 * headers given (a forged Host included) and never decodes the body.
 */
export function rawRequest(url: string, init: RawRequestInit = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** The `{ message }` of a JSON error body. */
export function messageOf(res: RawResponse): string {
  return (JSON.parse(res.body.toString('utf8')) as { message: string }).message;
}
