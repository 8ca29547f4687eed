import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { describeError, toErrorInfo } from '@/lib/api/errors.ts';
import { toCsv } from '@/lib/csv/csv.ts';
import { formatDateTime } from '@/lib/format/date.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { bySite, HISTORY_DAYS, HISTORY_LIMIT, withinBounds, type ProofRecord } from '@/lib/proof/history.ts';
import { historyFileName, historyTable } from '@/lib/proof/history-csv.ts';
import { pageProofHistory } from '@/lib/proof/history-store.ts';
// The proof.history.* request types (module augmentation).
import type {} from '@/lib/proof/history-routes.ts';
import { indexedDbVault } from '@/lib/settings/key-vault.ts';
import { siteLists, type Lists } from '@/lib/settings/site-lists.ts';
import { downloadText } from '@/components/ui/download.ts';
import { SiteDecision } from './SiteDecision.tsx';
import { followStored } from '@/lib/storage/follow.ts';

/** What the status line says, and what "Undo" puts back. */
interface Status {
  readonly text: string;
  readonly undo?: readonly ProofRecord[];
}

function Entry({ r, onForget }: { r: ProofRecord; onForget: (r: ProofRecord) => void }) {
  const when = formatDateTime(r.at);
  return (
    <li class="history-entry" data-testid="proof-history-entry" data-id={r.id}>
      <span class="history-when">{when}</span>
      <span class="history-what">
        {t('proof.history.entry.score', { score: formatNumber(r.score), model: r.scoreId, minimum: formatNumber(r.condition) })}
      </span>
      <span class="history-facts muted">
        {r.bound ? t('proof.history.entry.bound') : t('proof.history.entry.notBound')}
        {' · '}
        <span class={r.check === 'verified' ? 'status-ok' : 'status-warn'}>{r.check === 'verified' ? t('proof.history.entry.verified') : t('proof.history.entry.notChecked')}</span>
        {' · '}
        {r.source === 'popup' ? t('proof.history.entry.fromPopup') : t('proof.history.entry.fromPage')}
      </span>
      <button type="button" class="linkish history-forget" aria-label={t('proof.history.forgetLabel', { origin: r.origin, when })} onClick={() => onForget(r)}>
        {t('proof.history.forget')}
      </button>
    </li>
  );
}

/**
 * What each site received: the proofs Vantage handed over, by site, with the
 * site's allow/block controls beside them; Forget (with Undo), Forget all
 * (confirmed) and Export CSV. Reads the sealed history directly; changes go
 * through the worker, its only writer.
 */
export function ProofHistory() {
  const history = useMemo(() => pageProofHistory(), []);
  const sites = useMemo(() => siteLists(indexedDbVault()), []);
  const [records, setRecords] = useState<readonly ProofRecord[] | null>(null);
  const [lists, setLists] = useState<Lists | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const stops = [
      followStored({ read: () => history.list(Date.now()), watch: (cb) => history.watch((list) => cb(withinBounds(list, Date.now()))) }, setRecords, () => setRecords([])),
      followStored({ read: () => sites.get(), watch: (cb) => sites.watch(cb) }, setLists),
    ];
    return () => stops.forEach((stop) => stop());
  }, [history, sites]);

  const fail = (e: unknown) => setStatus({ text: describeError(toErrorInfo(e)) });
  const forget = (r: ProofRecord) =>
    askWorker('proof.history.forget', { ids: [r.id] }).then(
      ({ forgotten }) => setStatus({ text: t('proof.history.forgotten', { origin: r.origin }), undo: forgotten }),
      fail,
    );
  const undo = (list: readonly ProofRecord[]) =>
    askWorker('proof.history.restore', { records: [...list] }).then(() => setStatus({ text: t('proof.history.restored') }), fail);
  const forgetAll = () =>
    askWorker('proof.history.clear', {}).then(({ forgotten }) => {
      setConfirming(false);
      setStatus({ text: t('proof.history.forgottenAll', forgotten, { count: formatNumber(forgotten) }) });
    }, fail);
  const exportCsv = () => {
    const now = Date.now();
    downloadText(historyFileName(now), toCsv(historyTable(records ?? [])));
  };

  const groups = bySite(records ?? []);
  return (
    <section class="proof-history" aria-labelledby="history-heading" data-testid="proof-history">
      <h2 id="history-heading">{t('proof.history.title')}</h2>
      <p class="hint">{t('proof.history.kept', { days: formatNumber(HISTORY_DAYS), count: formatNumber(HISTORY_LIMIT) })}</p>
      {records === null ? (
        <p class="skeleton" aria-busy="true">&nbsp;</p>
      ) : groups.length === 0 ? (
        <p class="muted">{t('proof.history.none')}</p>
      ) : (
        <ul class="history-sites">
          {groups.map((g) => (
            <li key={g.origin} class="card history-site" data-origin={g.origin}>
              <h3 class="proof-origin">{g.origin}</h3>
              <SiteDecision origin={g.origin} lists={lists} store={sites} onDone={(text) => setStatus({ text })} />
              <ul class="history-entries">
                {g.records.map((r) => <Entry key={r.id} r={r} onForget={(x) => void forget(x)} />)}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <div class="history-actions">
        {records !== null && records.length > 0 && (
          <>
            <button type="button" class="linkish" data-testid="history-export" onClick={exportCsv}>{t('proof.history.exportCsv')}</button>
            {confirming ? (
              <span class="history-confirm" role="group" aria-label={t('proof.history.forgetAllLabel')}>
                <span>{t('proof.history.forgetAllCount', records.length, { count: formatNumber(records.length) })}</span>
                <button type="button" class="linkish danger" data-testid="history-forget-all-yes" onClick={() => void forgetAll()}>{t('proof.history.forgetAllYes')}</button>
                <button type="button" class="linkish" onClick={() => setConfirming(false)}>{t('proof.history.keep')}</button>
              </span>
            ) : (
              <button type="button" class="linkish" data-testid="history-forget-all" onClick={() => setConfirming(true)}>{t('proof.history.forgetAll')}</button>
            )}
          </>
        )}
        <button type="button" class="linkish" onClick={() => void browser.runtime.openOptionsPage()}>{t('proof.history.manageSites')}</button>
      </div>
      <p class="hint history-status" role="status">
        {status?.text}
        {status?.undo?.length ? (
          <>
            {' '}
            <button type="button" class="linkish" data-testid="history-undo" onClick={() => void undo(status.undo!)}>{t('proof.history.undo')}</button>
          </>
        ) : null}
      </p>
    </section>
  );
}
