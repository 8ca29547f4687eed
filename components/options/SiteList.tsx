import { useEffect, useState } from 'preact/hooks';
import type { ListedSite, SiteListName, SiteLists } from '@/lib/settings/site-lists.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What each list says; the rest is the same for both. */
const TEXT: Record<SiteListName, { title: string; hint: string; empty: string; added: string; action: string; done: (o: string) => string }> = {
  allowed: {
    title: 'Allowed sites',
    hint: 'Sites you chose to always allow to request a score proof. Revoking takes effect at once.',
    empty: 'No sites yet. A site appears here when you choose “Always allow” for its proof request.',
    added: 'allowed',
    action: 'Revoke',
    done: (o) => `Revoked ${o}: it must ask again before it can request a proof.`,
  },
  blocked: {
    title: 'Blocked sites',
    hint: 'Sites you blocked from asking for proofs: their requests are refused at once, with no window. Unblocking takes effect at once.',
    empty: 'No blocked sites. A site appears here when you choose “Block this site” in its proof request.',
    added: 'blocked',
    action: 'Unblock',
    done: (o) => `Unblocked ${o}: it may ask for a proof again.`,
  },
};

/** One of the user's per-site lists, each entry removable at once (no Save needed). */
export function SiteList({ list, lists }: { list: SiteListName; lists: SiteLists }) {
  const [sites, setSites] = useState<readonly ListedSite[] | null>(null);
  const [note, setNote] = useState('');
  const t = TEXT[list];
  useEffect(() => {
    lists.get().then((l) => setSites(l[list]), () => setSites([]));
    return lists.watch((l) => setSites(l[list]));
  }, [list, lists]);
  const remove = async (origin: string) => {
    try {
      await lists.unlist(list, origin);
      setNote(t.done(origin));
    } catch (e) {
      // The list is unchanged: say so, rather than leave the click unanswered.
      setNote(`Could not change the list: ${e instanceof Error ? e.message : String(e)}. Nothing was changed; try again.`);
    }
  };
  return (
    <section class="card options-section" aria-labelledby={`${list}-sites-heading`} data-testid={`${list}-sites`}>
      <h2 id={`${list}-sites-heading`}>{t.title}</h2>
      <p class="hint">{t.hint}</p>
      {sites === null ? null : sites.length === 0 ? (
        <p class="muted">{t.empty}</p>
      ) : (
        <ul class="site-list">
          {sites.map((s) => (
            <li key={s.origin}>
              <span class="site-origin">{s.origin}</span>
              <span class="muted">{t.added} {dateFormat.format(s.addedAt)}</span>
              <button type="button" class="danger" aria-label={`${t.action} ${s.origin}`} onClick={() => remove(s.origin)}>
                {t.action}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" class="hint">{note}</p>
    </section>
  );
}
