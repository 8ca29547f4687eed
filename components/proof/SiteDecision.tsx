import { t } from '@/lib/i18n/index.ts';
import type { Lists, SiteListName, SiteLists } from '@/lib/settings/site-lists.ts';

/** Where a site stands on the user's lists (lib/settings/site-lists.ts, the lists Options shows). */
export function siteStanding(lists: Lists | null, origin: string): SiteListName | 'ask' {
  if (lists?.blocked.some((s) => s.origin === origin)) return 'blocked';
  if (lists?.allowed.some((s) => s.origin === origin)) return 'allowed';
  return 'ask';
}

const STANDING: Record<SiteListName | 'ask', () => string> = {
  ask: () => t('proof.history.site.ask'),
  allowed: () => t('proof.history.site.allowed'),
  blocked: () => t('proof.history.site.blocked'),
};

/**
 * A site's allow/block controls beside its proofs: the same sealed lists and
 * operations as Options' site lists (a site is on one list at most), one click.
 */
export function SiteDecision({ origin, lists, store, onDone }: {
  origin: string;
  lists: Lists | null;
  store: SiteLists;
  /** Says what changed (or why nothing did). */
  onDone: (text: string) => void;
}) {
  const standing = siteStanding(lists, origin);
  const act = (change: () => Promise<void>, done: string) =>
    change().then(() => onDone(done), (e: unknown) => onDone(t('options.sites.unchanged', { error: e instanceof Error ? e.message : String(e) })));
  const block = () => act(() => store.list('blocked', origin), t('proof.history.site.blockedNow', { origin }));
  const allow = () => act(() => store.list('allowed', origin), t('proof.history.site.allowedNow', { origin }));
  const ask = () => act(() => store.unlist(standing === 'ask' ? 'allowed' : standing, origin), t('proof.history.site.askNow', { origin }));
  return (
    <div class="site-decision" data-standing={standing}>
      <span class="muted" data-testid="site-standing">{STANDING[standing]()}</span>
      {standing !== 'allowed' && standing !== 'blocked' && (
        <button type="button" class="linkish" aria-label={t('proof.history.site.allowLabel', { origin })} onClick={() => void allow()}>{t('proof.history.site.allow')}</button>
      )}
      {standing !== 'ask' && (
        <button type="button" class="linkish" aria-label={t(standing === 'blocked' ? 'proof.history.site.unblockLabel' : 'proof.history.site.askLabel', { origin })} onClick={() => void ask()}>
          {standing === 'blocked' ? t('proof.history.site.unblock') : t('proof.history.site.askEachTime')}
        </button>
      )}
      {standing !== 'blocked' && (
        <button type="button" class="linkish danger" data-testid="block-site" aria-label={t('proof.history.site.blockLabel', { origin })} onClick={() => void block()}>{t('proof.history.site.block')}</button>
      )}
    </div>
  );
}
