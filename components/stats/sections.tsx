/**
 * The three sections of the stats, each a list of blocks. The popup shows one
 * section at a time and the dashboard all of them, larger: the same blocks
 * serve both (`layout` only changes sizes, row limits and CSV buttons).
 * Holders, the first section, is in the popup's first bundle; the other two
 * load when first shown, keeping the popup's first paint small.
 */
import { Loading } from './Block.tsx';
import { lazy } from '@/components/ui/lazy.tsx';
import { t } from '@/lib/i18n/index.ts';
import { HoldersSection } from './sections/holders.tsx';

export const SECTIONS = [
  {
    id: 'holders',
    get label() {
      return t('stats.sections.holders');
    },
    Section: HoldersSection,
  },
  {
    id: 'dapp-users',
    get label() {
      return t('stats.sections.dappUsers');
    },
    Section: lazy(() => import('./sections/dapp-users.tsx').then((m) => m.DappUsersSection), Loading),
  },
  {
    id: 'audience',
    get label() {
      return t('stats.sections.audience');
    },
    Section: lazy(() => import('./sections/audience.tsx').then((m) => m.AudienceSection), Loading),
  },
] as const;
