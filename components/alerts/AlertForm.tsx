import { useState } from 'preact/hooks';
import { toErrorInfo } from '@/lib/api/errors.ts';
import { fromTyped, toTyped, type AlertCondition, type AlertRule } from '@/lib/alerts/rule.ts';
import { formatInputNumber, parseLocaleNumber } from '@/lib/format/number.ts';
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
];

/** A compact rule form: the metric (prefilled), a condition, a value or a percentage. */
export function AlertForm({ metrics, filters, extra, rule, onDone }: AlertFormProps) {
  const [metric, setMetric] = useState<StatMetricId>(rule?.metric ?? metrics[0]!);
  const [kind, setKind] = useState<Kind>(rule?.condition.kind ?? 'above');
  // Written, and read back, the way the user's language writes numbers ("12,5" in Vietnamese).
  const initial = rule ? (rule.condition.kind === 'change' ? rule.condition.percent : toTyped(rule.metric, rule.condition.value)) : null;
  const [typed, setTyped] = useState(initial === null ? '' : formatInputNumber(initial));
  const [status, setStatus] = useState<AlertNote | null>(null);
  const [saving, setSaving] = useState(false);
  const share = STAT_METRICS[metric].unit === 'share';
  const unit = kind === 'change' || share ? '%' : '';
  const id = `alert-${rule?.id ?? 'new'}`;

  const submit = (e: Event) => {
    e.preventDefault();
    const n = parseLocaleNumber(typed);
    if (n === null || (kind === 'change' && n <= 0)) {
      const example = formatInputNumber(12.5);
      setStatus({ tone: 'error', text: kind === 'change' ? t('alerts.form.enterPercent', { example }) : t('alerts.form.enterNumber', { example }) });
      return;
    }
    // Asked first, inside the click: Firefox grants a permission only from the user's own gesture.
    const permission = requestNotifications();
    const condition: AlertCondition = kind === 'change' ? { kind, percent: n } : { kind, value: fromTyped(metric, n) };
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
        {KINDS.map(([k, label]) => (
          <option key={k} value={k}>
            {label()}
          </option>
        ))}
      </select>
      <span class="alert-value">
        <input
          id={`${id}-value`}
          type="text"
          inputMode="decimal"
          aria-label={kind === 'change' ? t('alerts.form.percentage') : t('alerts.form.value')}
          value={typed}
          onInput={(e) => setTyped(e.currentTarget.value)}
          size={8}
        />
        {unit && <span aria-hidden="true">{unit}</span>}
        {kind === 'change' && <span class="hint">{t('alerts.form.dayOverDay')}</span>}
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
