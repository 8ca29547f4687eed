import { useEffect, useState } from 'preact/hooks';
import { formatDate } from '@/lib/format/date.ts';
import { t as msg } from '@/lib/i18n/index.ts';
import type { ListedSite, SiteListName, SiteLists } from '@/lib/settings/site-lists.ts';
import { followStored } from '@/lib/storage/follow.ts';

/** What each list says; the rest is the same for both. */
interface ListText {
  title: string;
  hint: string;
  empty: string;
  added: (date: string) => string;
  action: string;
  actionLabel: (o: string) => string;
  done: (o: string) => string;
}
const TEXT: Record<SiteListName, () => ListText> = {
  allowed: () => ({
    title: msg('options.sites.allowed.title'),
    hint: msg('options.sites.allowed.hint'),
    empty: msg('options.sites.allowed.empty'),
    added: (date) => msg('options.sites.allowed.added', { date }),
    action: msg('options.sites.allowed.action'),
    actionLabel: (origin) => msg('options.sites.allowed.actionLabel', { origin }),
    done: (origin) => msg('options.sites.allowed.done', { origin }),
  }),
  blocked: () => ({
    title: msg('options.sites.blocked.title'),
    hint: msg('options.sites.blocked.hint'),
    empty: msg('options.sites.blocked.empty'),
    added: (date) => msg('options.sites.blocked.added', { date }),
    action: msg('options.sites.blocked.action'),
    actionLabel: (origin) => msg('options.sites.blocked.actionLabel', { origin }),
    done: (origin) => msg('options.sites.blocked.done', { origin }),
  }),
};

/** One of the user's per-site lists, each entry removable at once (no Save needed). */
export function SiteList({ list, lists }: { list: SiteListName; lists: SiteLists }) {
  const [sites, setSites] = useState<readonly ListedSite[] | null>(null);
  const [note, setNote] = useState('');
  const t = TEXT[list]();
  useEffect(() => {
    return followStored({ read: () => lists.get(), watch: (cb) => lists.watch(cb) }, (l) => setSites(l[list]), () => setSites([]));
  }, [list, lists]);
  const remove = async (origin: string) => {
    try {
      await lists.unlist(list, origin);
      setNote(t.done(origin));
    } catch (e) {
      // The list is unchanged: say so, rather than leave the click unanswered.
      setNote(msg('options.sites.unchanged', { error: e instanceof Error ? e.message : String(e) }));
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
              <span class="muted">{t.added(formatDate(s.addedAt))}</span>
              <button type="button" class="danger" aria-label={t.actionLabel(s.origin)} onClick={() => remove(s.origin)}>
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
