/**
 * A service message is never repeated after a heading that says the same:
 * every place that puts the service's words after Vantage's own (the client's
 * 404 and 4xx, the described refusal and server failure, the connection test,
 * a proof call's failure, a score answer carrying an error) drops words equal
 * to the heading, found whole in it, or only the status's reason phrase, and
 * keeps words that say more.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '@/lib/api/client.ts';
import { ApiError, describeError, moreThan } from '@/lib/api/errors.ts';
import { describeConnection } from '@/lib/settings/connection.ts';
import { judgeScore } from '@/lib/score/verdict.ts';

const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

async function failed(status: number, body: unknown) {
  const c = new ApiClient({
    apiKey: 'key-0123456789', dataBaseUrl: 'https://api.example.com/dev', integrationBaseUrl: 'https://int.example.com/v1',
    fetch: answer(status, body) as unknown as typeof fetch, sleep: async () => undefined, random: () => 0.5, now: () => 0,
  });
  const e = await c.call('holderChange', { project_id: 'p' }).then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(ApiError);
  return describeError((e as ApiError).toInfo(), 0);
}

describe('the service\'s words after a heading', () => {
  it('are dropped when they say no more than it', () => {
    expect(moreThan('Not found', 'Not found: ')).toBeUndefined();
    expect(moreThan('not-found.', 'Not found: ')).toBeUndefined();
    expect(moreThan('Internal Server Error', 'The service failed (HTTP 500): ')).toBeUndefined();
    expect(moreThan('500', 'The service failed (HTTP 500): ')).toBeUndefined();
    expect(moreThan('The service failed', 'The service failed (HTTP 500): ')).toBeUndefined();
    expect(moreThan('refused', 'The service refused this request: ')).toBeUndefined();
    expect(moreThan('  ', 'x')).toBeUndefined();
    expect(moreThan(undefined, 'x')).toBeUndefined();
  });

  it('are kept when they say more, even where they share a word with it', () => {
    expect(moreThan('Project ghost not found', 'Not found: ')).toBe('Project ghost not found');
    expect(moreThan('Service under maintenance', 'The service failed (HTTP 503): ')).toBe('Service under maintenance');
    // A word inside another is not the same word.
    expect(moreThan('fail', 'The service failed: ')).toBe('fail');
  });

  it('in every answer the client reads: 404, other 4xx, 5xx, and an error sent with 200', async () => {
    expect(await failed(404, { message: 'Not found' })).toBe('Not found (404). If the base URL lacks a stage prefix such as /dev, add it in Options.');
    expect(await failed(404, { message: 'Project ghost not found' })).toBe('Not found: Project ghost not found');
    expect(await failed(400, { message: 'Bad Request' })).toBe('The service answered HTTP 400.');
    expect(await failed(400, { message: 'Parameter "startTime" must not be after "endTime".' })).toBe('The service refused this request (HTTP 400): Parameter "startTime" must not be after "endTime".');
    expect(await failed(500, { message: 'Internal Server Error' })).toBe('The service failed (HTTP 500).');
    expect(await failed(503, { message: 'Service under maintenance' })).toBe('The service failed (HTTP 503): Service under maintenance');
    expect(await failed(200, { success: false, message: 'error' })).toBe('The service refused this request (HTTP 200).');
    for (const text of [await failed(404, { message: 'Not found' }), await failed(500, { message: 'Internal Server Error' })]) {
      expect(text).not.toMatch(/(\b[\w ]+): \1/i);
    }
  });

  it('in the connection test, a proof call\'s failure, and a score answer carrying an error', () => {
    const refusal = describeConnection({ project: 'p', dataBaseUrl: 'https://api.example.com/dev', projectConfigured: true, jsonAnswer: true, error: { kind: 'refused', status: 403, message: 'Forbidden', detail: 'Forbidden' } } as never);
    expect(refusal.message).toBe('The service refused this request (HTTP 403).');
    expect(judgeScore({ score: null, extras: { success: false, error: 'error' } }).ok).toBe(false);
    expect(judgeScore({ score: null, extras: { success: false, error: 'error' } })).toEqual({ ok: false, message: 'The service reported a failure.' });
    expect(judgeScore({ score: null, extras: { error: 'Model credit-v9 is unknown' } })).toEqual({ ok: false, message: 'The service answered an error: Model credit-v9 is unknown' });
  });
});
