import { checkAddress } from '@/lib/score/address.ts';
import { t } from '@/lib/i18n/index.ts';
import { isServiceId } from '@/lib/stats/query.ts';

/**
 * What the user typed after the keyword (`vt …`): an address, optionally
 * followed by a score model, or a project id. Pure.
 */

export type OmniboxInput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'address'; readonly address: `0x${string}`; readonly checksummed: `0x${string}`; readonly scoreId?: string }
  | { readonly kind: 'project'; readonly project: string }
  | { readonly kind: 'invalid'; readonly message: string };

/** The first line before anything usable is typed. */
export const inputHint = (): string => t('omnibox.hint');

export function parseOmniboxInput(text: string): OmniboxInput {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: 'empty' };
  const [first, second, ...rest] = words as [string, ...string[]];
  if (/^0x/i.test(first)) {
    const checked = checkAddress(first);
    if (!checked.ok) return { kind: 'invalid', message: checked.message };
    if (rest.length || (second !== undefined && !isServiceId(second))) {
      return { kind: 'invalid', message: t('omnibox.onlyModel') };
    }
    return { kind: 'address', address: checked.address, checksummed: checked.checksummed, ...(second ? { scoreId: second } : {}) };
  }
  if (words.length === 1 && isServiceId(first)) return { kind: 'project', project: first };
  return { kind: 'invalid', message: t('omnibox.projectWord') };
}
