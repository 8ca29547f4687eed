import { useEffect, useRef, useState } from 'preact/hooks';
import { toErrorInfo } from '@/lib/api/errors.ts';
import { describeCondition, formatMetricValue } from '@/lib/alerts/message.ts';
import type { AlertRule } from '@/lib/alerts/rule.ts';
import { PERIOD_CHOICES, type AlertSchedule } from '@/lib/alerts/schedule.ts';
import type { AlertData } from '@/lib/alerts/state.ts';
import { alertRulesItem, alertScheduleItem, alertStateItem, storageAlertStore } from '@/lib/alerts/store.ts';
import { formatAge } from '@/lib/format/age.ts';
import { formatDay, formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { notificationsGranted, requestNotifications } from '@/lib/notify/permission.ts';
import { STAT_METRICS, type StatMetricId } from '@/lib/stats/metrics.ts';
import { comparesDailyMeans } from '@/lib/stats/change-sources.ts';
import { Change } from '@/components/stats/Change.tsx';
import { AlertForm } from './AlertForm.tsx';
import './alerts.css';

/** The alert items as stored, kept current (the worker writes them after each check). */
function useAlertData(): AlertData | null {
  const [data, setData] = useState<AlertData | null>(null);
  useEffect(() => {
    const read = () => void storageAlertStore.load().then(setData);
    read();
    const unwatch = [alertRulesItem.watch(read), alertStateItem.watch(read), alertScheduleItem.watch(read)];
    return () => unwatch.forEach((u) => u());
  }, []);
  return data;
}

const every = (m: number) =>
  m < 60 ? t('alerts.schedule.minutes', { count: formatNumber(m) }) : m === 60 ? t('alerts.schedule.hour') : m < 1440 ? t('alerts.schedule.hours', { count: formatNumber(m / 60) }) : t('alerts.schedule.day');

/** The alert schedule's form: a draft of the stored schedule, replaced only when the stored one changes. */
export function ScheduleForm({ schedule }: { schedule: AlertSchedule }) {
  const [draft, setDraft] = useState(schedule);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  // Not on mount: effects run after the first paint, and a choice made before then (a quick hand, a loaded
  // machine) would be put back to the stored schedule.
  const stored = JSON.stringify(schedule);
  const shown = useRef(stored);
  useEffect(() => {
    if (shown.current === stored) return;
    shown.current = stored;
    setDraft(schedule);
  }, [stored]);
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      await askWorker('alerts.schedule', { schedule: draft });
      setNote({ tone: 'ok', text: t('alerts.schedule.saved') });
    } catch (err) {
      setNote({ tone: 'error', text: toErrorInfo(err).message });
    }
  };
  const quiet = (q: Partial<AlertSchedule['quiet']>) => setDraft({ ...draft, quiet: { ...draft.quiet, ...q } });
  return (
    <form class="alerts-schedule" onSubmit={save} aria-label={t('alerts.schedule.label')}>
      <span>
        <label for="alerts-period">{t('alerts.schedule.every')}</label>
        <select id="alerts-period" value={String(draft.periodMinutes)} onChange={(e) => setDraft({ ...draft, periodMinutes: Number(e.currentTarget.value) })}>
          {PERIOD_CHOICES.map((m) => (
            <option key={m} value={m}>
              {every(m)}
            </option>
          ))}
        </select>
      </span>
      <span>
        <label class="inline">
          <input type="checkbox" id="alerts-quiet" checked={draft.quiet.enabled} onChange={(e) => quiet({ enabled: e.currentTarget.checked })} /> {t('alerts.schedule.quiet')}
        </label>
        <span class="hint quiet-times">
          <input type="time" id="alerts-quiet-start" aria-label={t('alerts.schedule.quietFrom')} value={draft.quiet.start} disabled={!draft.quiet.enabled} onInput={(e) => quiet({ start: e.currentTarget.value })} />
          {` ${t('alerts.schedule.to')} `}
          <input type="time" id="alerts-quiet-end" aria-label={t('alerts.schedule.quietUntil')} value={draft.quiet.end} disabled={!draft.quiet.enabled} onInput={(e) => quiet({ end: e.currentTarget.value })} />
        </span>
      </span>
      <button type="submit" id="alerts-schedule-save">{t('alerts.schedule.save')}</button>
      <span role="status" class={note ? `status-${note.tone}` : ''}>{note?.text ?? ''}</span>
      <p class="hint" style="flex-basis: 100%; margin: 0">
        {t('alerts.schedule.hint')}
      </p>
    </form>
  );
}

const sameAnswer = (rule: AlertRule) =>
  (Object.keys(STAT_METRICS) as StatMetricId[]).filter((id) => STAT_METRICS[id].op === STAT_METRICS[rule.metric].op);

function RuleRow({ rule, data, now, editing, onEdit }: { rule: AlertRule; data: AlertData; now: number; editing: boolean; onEdit: (id: string | null) => void }) {
  const st = data.state.rules[rule.id] ?? {};
  const [error, setError] = useState<string | null>(null);
  const act = (job: () => Promise<unknown>) => () => {
    setError(null);
    job().catch((err: unknown) => setError(toErrorInfo(err).message));
  };
  const m = STAT_METRICS[rule.metric];
  return (
    <>
      <tr data-rule={rule.id} data-paused={String(rule.paused)}>
        <td>
          <strong>{m.label}</strong>, {rule.filters.project}
          <div class="hint">{describeCondition(rule)}{rule.paused ? ` · ${t('alerts.options.paused')}` : ''}</div>
        </td>
        <td data-last-check={st.lastCheck ?? ''}>{st.lastCheck ? formatAge(now - st.lastCheck) : t('alerts.options.notYet')}</td>
        {rule.condition.kind === 'periodChange' ? (
          // A period-change rule's number is its change: said as the popup says one, in words for screen readers.
          <td class="num" data-last-change={st.lastChange ?? ''}>
            {st.change ? <Change change={st.change} days={st.changeDays ?? 1} perDay={comparesDailyMeans(rule.metric)} /> : '—'}
            {st.error && <div class="hint status-warn">{st.error}</div>}
            {error && <div class="hint status-error">{error}</div>}
          </td>
        ) : (
        <td class="num" data-last-value={st.lastValue ?? ''}>
          {st.lastValue !== undefined ? formatMetricValue(rule, st.lastValue) : '—'}
          {st.valueDay !== undefined && <div class="hint">{formatDay(st.valueDay)}</div>}
          {st.error && <div class="hint status-warn">{st.error}</div>}
          {error && <div class="hint status-error">{error}</div>}
        </td>
        )}
        <td>
          <span class="row-actions">
            <button type="button" data-action="pause" onClick={act(() => askWorker('alerts.pause', { id: rule.id, paused: !rule.paused }))}>
              {rule.paused ? t('alerts.options.resume') : t('alerts.options.pause')}
            </button>
            <button type="button" data-action="edit" aria-expanded={editing} onClick={() => onEdit(editing ? null : rule.id)}>
              {t('alerts.options.edit')}
            </button>
            <button type="button" class="danger" data-action="delete" onClick={act(() => askWorker('alerts.remove', { id: rule.id }))}>
              {t('alerts.options.delete')}
            </button>
          </span>
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={4}>
            {/* The numbers of the same answer: the rule's block options (extra) still apply. */}
            <AlertForm metrics={sameAnswer(rule)} filters={rule.filters} rule={rule} onDone={() => onEdit(null)} />
          </td>
        </tr>
      )}
    </>
  );
}

/** Options › Alerts: the rules with their last check and value (pause, edit, delete), the schedule, check now. */
export function AlertsOptions() {
  const data = useAlertData();
  const [granted, setGranted] = useState<boolean | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [checkNote, setCheckNote] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    void notificationsGranted().then(setGranted);
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => setNow(Date.now()), [data]);
  if (!data) return null;
  const allow = () => void requestNotifications().then(setGranted);
  const checkNow = async () => {
    setCheckNote(t('alerts.options.checking'));
    try {
      const r = await askWorker('alerts.check', {});
      const unseen = r.fired > 0 && r.shown === 0 && r.held === 0;
      const results = [
        t(unseen ? 'alerts.options.firedUnseen' : 'alerts.options.fired', { count: formatNumber(r.fired) }),
        ...(r.held ? [t('alerts.options.held', { count: formatNumber(r.held) })] : []),
        ...(r.failed ? [t('alerts.options.failed', { count: formatNumber(r.failed) })] : []),
      ];
      // ", " between the clauses: punctuation, the same in both languages.
      setCheckNote(t('alerts.options.checked', r.checked, { count: formatNumber(r.checked), results: results.join(', ') }));
    } catch (err) {
      setCheckNote(toErrorInfo(err).message);
    }
  };
  return (
    <section class="card options-section" aria-labelledby="alerts-heading" id="alerts">
      <h2 id="alerts-heading">{t('alerts.options.title')}</h2>
      {granted === false && (
        <p class="alerts-permission status-warn">
          {t('alerts.options.notAllowed')}{' '}
          <button type="button" id="alerts-allow" onClick={allow}>
            {t('alerts.options.allow')}
          </button>
        </p>
      )}
      {data.rules.length === 0 ? (
        <p class="hint">{t('alerts.options.empty')}</p>
      ) : (
        <table class="alerts-table">
          <thead>
            <tr>
              <th>{t('alerts.options.alert')}</th>
              <th>{t('alerts.options.lastCheck')}</th>
              <th>{t('alerts.options.lastValue')}</th>
              <th><span class="sr-only">{t('alerts.options.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {data.rules.map((r) => (
              <RuleRow key={r.id} rule={r} data={data} now={now} editing={editing === r.id} onEdit={setEditing} />
            ))}
          </tbody>
        </table>
      )}
      {data.rules.length > 0 && (
        <p>
          <button type="button" id="alerts-check-now" onClick={() => void checkNow()}>
            {t('alerts.options.checkNow')}
          </button>{' '}
          <span role="status" class="hint" id="alerts-check-note">{checkNote ?? (data.state.lastRun ? t('alerts.options.lastChecked', { age: formatAge(now - data.state.lastRun) }) : '')}</span>
        </p>
      )}
      <ScheduleForm schedule={data.schedule} />
    </section>
  );
}
