import { t } from '@/lib/i18n/index.ts';
import type { Band } from './band.ts';

/**
 * A band's name in the user's language. band.ts keeps the service's English
 * names (the sandbox shares it, and answers carry them); people see these.
 */
export function bandLabel(band: Pick<Band, 'name'>): string {
  switch (band.name) {
    case 'Poor':
      return t('score.band.poor');
    case 'Fair':
      return t('score.band.fair');
    case 'Good':
      return t('score.band.good');
    case 'Very Good':
      return t('score.band.veryGood');
    case 'Exceptional':
      return t('score.band.exceptional');
  }
}
