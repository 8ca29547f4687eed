import { useState } from 'preact/hooks';
import { toErrorInfo } from '@/lib/api/errors.ts';
import { CHANGE_WAYS, changeWindow, DEFAULT_CHANGE_DAYS, fromTyped, hasPeriodChange, toTyped, type AlertCondition, type AlertRule, type ChangeWay } from '@/lib/alerts/rule.ts';
import { formatInputNumber, formatNumber, parseLocaleNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { askWorker } from '@/lib/messaging/send.ts';
import { requestNotifications } from '@/lib/notify/permission.ts';
import { STAT_METRICS, type StatMetricId } from '@/lib/stats/metrics.ts';
import type { StatsFilters } from '@/lib/stats/query.ts';
import './alerts.css';

export interface AlertFormProps {
  readonly metrics: readonly StatMetricId[];
  readonly filters: StatsFilters;
  readonly extra?: Readonly<Record<string, string | number>>;
  /** Editing this rule (Options); otherwise a new one. */
  readonly rule?: AlertRule;
  /** Saved (with the rule, and what to tell the user) or cancelled (null). */
  readonly onDone: (saved: AlertRule | null, note?: AlertNote) => void;
}

type Kind = AlertCondition['kind'];

export interface AlertNote {
  readonly tone: 'ok' | 'warn' | 'error';
  readonly text: string;
}

// Labels are functions: read in the user's language when the form renders.
const KINDS: readonly (readonly [Kind, () => string])[] = [
  ['above', () => t('alerts.form.kind.above')],
  ['below', () => t('alerts.form.kind.below')],
  ['change', () => t('alerts.form.kind.change')],
  ['periodChange', () => t('alerts.form.kind.periodChange')],
];

const WAYS: Readonly<Record<ChangeWay, () => string>> = {
  either: () => t('alerts.form.way.either'),
  up: () => t('alerts.form.way.up'),
  down: () => t('alerts.form.way.down'),
};

/** Whether the condition takes a percentage (a change) rather than a value of the metric. */
const isChange = (kind: Kind) => kind === 'change' || kind === 'periodChange';

/** A compact rule form: the metric (prefilled), a condition, a value or a percentage. */
export function AlertForm({ metrics, filters, extra, rule, onDone }: AlertFormProps) {
  const [metric, setMetric] = useState<StatMetricId>(rule?.metric ?? metrics[0]!);
  const [chosenKind, setKind] = useState<Kind>(rule?.condition.kind ?? 'above');
  const [way, setWay] = useState<ChangeWay>(rule?.condition.kind === 'periodChange' ? rule.condition.way : 'either');
  // A snapshot (the whales) has no earlier period to compare with: that condition is not offered for it.
  const kinds = KINDS.filter(([k]) => k !== 'periodChange' || hasPeriodChange(metric));
  const kind = kinds.some(([k]) => k === chosenKind) ? chosenKind : 'above';
  // Written, and read back, the way the user's language writes numbers ("12,5" in Vietnamese).
  const c = rule?.condition;
  const initial = c ? ('percent' in c ? c.percent : toTyped(rule.metric, c.value)) : null;
  const [typed, setTyped] = useState(initial === null ? '' : formatInputNumber(initial));
  const [status, setStatus] = useState<AlertNote | null>(null);
  const [saving, setSaving] = useState(false);
  const share = STAT_METRICS[metric].unit === 'share';
  const unit = kind === 'periodChange' && share ? t('alerts.form.pointsUnit') : isChange(kind) || share ? '%' : '';
  const window = changeWindow({ filters: rule?.filters ?? filters });
  const windowDays = 'days' in window ? window.days : DEFAULT_CHANGE_DAYS;
  const id = `alert-${rule?.id ?? 'new'}`;

  const submit = (e: Event) => {
    e.preventDefault();
    const n = parseLocaleNumber(typed);
    if (n === null || (isChange(kind) && n <= 0)) {
      const example = formatInputNumber(12.5);
      setStatus({ tone: 'error', text: isChange(kind) ? t('alerts.form.enterPercent', { example }) : t('alerts.form.enterNumber', { example }) });
      return;
    }
    // Asked first, inside the click: Firefox grants a permission only from the user's own gesture.
    const permission = requestNotifications();
    const condition: AlertCondition = kind === 'periodChange' ? { kind, percent: n, way } : kind === 'change' ? { kind, percent: n } : { kind, value: fromTyped(metric, n) };
    setSaving(true);
    void (async () => {
      try {
        const granted = await permission;
        const saved = await askWorker('alerts.save', {
          rule: { metric, filters: rule?.filters ?? filters, ...(rule ? (rule.extra ? { extra: rule.extra } : {}) : extra ? { extra } : {}), condition, ...(rule ? { id: rule.id } : {}) },
        });
        setSaving(false);
        onDone(saved, granted
          ? { tone: 'ok', text: t('alerts.form.saved') }
          : { tone: 'warn', text: t('alerts.form.savedNotAllowed') });
      } catch (err) {
        setSaving(false);
        setStatus({ tone: 'error', text: toErrorInfo(err).message });
      }
    })();
  };

  return (
    <form class="alert-form card" onSubmit={submit} aria-label={t('alerts.form.label')}>
      <span class="alert-when">{t('alerts.form.when')}</span>
      {metrics.length > 1 ? (
        <select id={`${id}-metric`} aria-label={t('alerts.form.metric')} value={metric} onChange={(e) => setMetric(e.currentTarget.value as StatMetricId)}>
          {metrics.map((m) => (
            <option key={m} value={m}>
              {STAT_METRICS[m].label.toLowerCase()}
            </option>
          ))}
        </select>
      ) : (
        <strong>{STAT_METRICS[metric].label.toLowerCase()}</strong>
      )}
      <select id={`${id}-kind`} aria-label={t('alerts.form.condition')} value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
        {kinds.map(([k, label]) => (
          <option key={k} value={k}>
            {label()}
          </option>
        ))}
      </select>
      {kind === 'periodChange' && (
        <select id={`${id}-way`} aria-label={t('alerts.form.way.label')} value={way} onChange={(e) => setWay(e.currentTarget.value as ChangeWay)}>
          {CHANGE_WAYS.map((w) => (
            <option key={w} value={w}>
              {WAYS[w]()}
            </option>
          ))}
        </select>
      )}
      <span class="alert-value">
        <input
          id={`${id}-value`}
          type="text"
          inputMode="decimal"
          aria-label={kind === 'periodChange' && share ? t('alerts.form.points') : isChange(kind) ? t('alerts.form.percentage') : t('alerts.form.value')}
          value={typed}
          onInput={(e) => setTyped(e.currentTarget.value)}
          size={8}
        />
        {unit && <span aria-hidden="true">{unit}</span>}
        {kind === 'change' && <span class="hint">{t('alerts.form.dayOverDay')}</span>}
        {kind === 'periodChange' && <span class="hint">{t('alerts.form.againstPrevious', { count: formatNumber(windowDays) })}</span>}
      </span>
      <span class="alert-actions">
        <button type="submit" class="primary" aria-busy={saving}>
          {t('alerts.form.save')}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          {t('alerts.form.cancel')}
        </button>
      </span>
      <p role="status" class={`alert-status${status ? ` status-${status.tone}` : ''}`}>
        {status?.text ?? ''}
      </p>
    </form>
  );
}
