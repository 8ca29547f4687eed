import { describe, expect, it } from 'vitest';
import { judgeScore } from '@/lib/score/verdict.ts';

describe('judgeScore', () => {
  it('accepts a real score', () => {
    expect(judgeScore({ score: 696, extras: { rank: 81 } })).toEqual({ ok: true, score: 696 });
  });

  it('treats a missing score as an error, quoting what the service said', () => {
    expect(judgeScore({ score: null, extras: {} })).toEqual({ ok: false, message: 'The model returned no score for this address.' });
    expect(judgeScore({ score: null, extras: { message: 'unknown wallet' } })).toMatchObject({ ok: false, message: expect.stringContaining('unknown wallet') });
  });

  it('treats a zero score as an error, not a score', () => {
    expect(judgeScore({ score: 0, extras: {} })).toMatchObject({ ok: false, message: expect.stringMatching(/score of 0/) });
  });

  it('treats an error body as an error even when it carries a score', () => {
    expect(judgeScore({ score: 700, extras: { success: false, message: 'model offline' } })).toEqual({
      ok: false, message: 'The service answered an error: model offline',
    });
    expect(judgeScore({ score: 700, extras: { error: 'quota exceeded' } })).toMatchObject({ ok: false, message: expect.stringContaining('quota exceeded') });
    expect(judgeScore({ score: null, extras: { error: { message: 'bad model' } } })).toMatchObject({ ok: false, message: expect.stringContaining('bad model') });
  });

  it('lets an empty error field pass', () => {
    expect(judgeScore({ score: 650, extras: { error: null, success: true } })).toEqual({ ok: true, score: 650 });
  });
});
