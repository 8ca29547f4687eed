/**
 * The three sections of the stats, each a list of blocks. The popup shows one
 * section at a time and the dashboard all of them, larger: the same blocks
 * serve both (`layout` only changes sizes, row limits and CSV buttons).
 * Holders, the first section, is in the popup's first bundle; the other two
 * load when first shown, keeping the popup's first paint small.
 */
import { lazy } from './lazy.tsx';
import { HoldersSection } from './sections/holders.tsx';

const loading = () => <div class="skeleton-block" aria-busy="true" aria-label="Loading" />;

export const SECTIONS = [
  { id: 'holders', label: 'Holders', Section: HoldersSection },
  { id: 'dapp-users', label: 'DApp users', Section: lazy(() => import('./sections/dapp-users.tsx').then((m) => m.DappUsersSection), loading) },
  { id: 'audience', label: 'Audience', Section: lazy(() => import('./sections/audience.tsx').then((m) => m.AudienceSection), loading) },
] as const;
