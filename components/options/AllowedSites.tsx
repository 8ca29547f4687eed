import { useEffect, useState } from 'preact/hooks';
import { allowedSitesItem, revokeSite, type AllowedSite } from '../../lib/settings/allowed-sites.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Sites allowed to request proofs, each revocable at once (no Save needed). */
export function AllowedSites() {
  const [sites, setSites] = useState<readonly AllowedSite[] | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    allowedSitesItem.getValue().then(setSites, () => setSites([]));
    return allowedSitesItem.watch((s) => setSites(s));
  }, []);
  const revoke = async (origin: string) => {
    await revokeSite(origin);
    setNote(`Revoked ${origin}: it must ask again before it can request a proof.`);
  };
  return (
    <section class="card options-section" aria-labelledby="sites-heading">
      <h2 id="sites-heading">Allowed sites</h2>
      <p class="hint">Sites you chose to always allow to request a score proof. Revoking takes effect at once.</p>
      {sites === null ? null : sites.length === 0 ? (
        <p class="muted">No sites yet. A site appears here when you choose “Always allow” for its proof request.</p>
      ) : (
        <ul class="site-list">
          {sites.map((s) => (
            <li key={s.origin}>
              <span class="site-origin">{s.origin}</span>
              <span class="muted">allowed {dateFormat.format(s.addedAt)}</span>
              <button type="button" class="danger" aria-label={`Revoke ${s.origin}`} onClick={() => revoke(s.origin)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" class="hint">{note}</p>
    </section>
  );
}
