import { isRecord } from '@/lib/api/body.ts';
import type { ScoreResult } from '@/lib/api/responses.ts';
import { moreThan } from '@/lib/api/errors.ts';
import { t } from '@/lib/i18n/index.ts';

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
  return text(error) ?? (isRecord(error) ? text(error.message) : undefined) ?? text(message) ?? t('score.verdict.serviceFailure');
}

export function judgeScore(result: ScoreResult): ScoreVerdict {
  const failure = errorText(result.extras);
  if (failure) {
    const more = moreThan(failure, t('score.verdict.serviceError', { error: '' }));
    return { ok: false, message: more ? t('score.verdict.serviceError', { error: more }) : t('score.verdict.serviceFailure') };
  }
  if (result.score === null) {
    const said = text(result.extras.message);
    return { ok: false, message: said ? t('score.verdict.noScoreSaid', { said }) : t('score.verdict.noScore') };
  }
  if (result.score === 0) return { ok: false, message: t('score.verdict.zero') };
  return { ok: true, score: result.score };
}
