import { isRecord } from '@/lib/api/body.ts';
import type { ScoreResult } from '@/lib/api/responses.ts';

/**
 * Whether an answer is a score at all. The service's own score widget treats
 * a missing or zero score as an error, and so do we; so is an answer that
 * carries an error alongside its data.
 */
export type ScoreVerdict = { readonly ok: true; readonly score: number } | { readonly ok: false; readonly message: string };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The error an answer carries next to (or instead of) its data, or null. */
function errorText({ success, error, message }: Readonly<Record<string, unknown>>): string | null {
  const failed = success === false || text(error) !== undefined || isRecord(error);
  if (!failed) return null;
  return text(error) ?? (isRecord(error) ? text(error.message) : undefined) ?? text(message) ?? 'The service reported a failure.';
}

export function judgeScore(result: ScoreResult): ScoreVerdict {
  const failure = errorText(result.extras);
  if (failure) return { ok: false, message: `The service answered an error: ${failure}` };
  if (result.score === null) {
    const said = text(result.extras.message) ? ` (${text(result.extras.message)})` : '';
    return { ok: false, message: `The model returned no score for this address${said}.` };
  }
  if (result.score === 0) return { ok: false, message: 'The model returned a score of 0, which the service treats as an error, not a score.' };
  return { ok: true, score: result.score };
}
