import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { badBases, noKey, type ConnectionInput, type ConnectionVerdict } from '@/lib/settings/connection.ts';
import { draftDiffers, toDraft, type SettingsDraft } from '@/lib/settings/form.ts';
import { hostPatternsToRequest, type HostAccess } from '@/lib/settings/host-access.ts';
import { saveOptions, type OptionsErrors } from '@/lib/settings/save-options.ts';
import { SESSION_PLACEHOLDER, validateSettings } from '@/lib/settings/schema.ts';
import { KNOWN_SCORE_MODELS } from '@/lib/settings/score-models.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { getApiKey, loadSettings, sessionKeyLostItem } from '@/lib/settings/store.ts';
import { asFormText } from '@/lib/storage/describe.ts';
import { setAsideInvalidSettingsNow } from '@/lib/storage/prepare.ts';
import { dismissSetAside, setAsideStore, type SetAsideRecord } from '@/lib/storage/set-aside.ts';
import type { SiteLists } from '@/lib/settings/site-lists.ts';
import { formatList } from '@/lib/format/list.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';
import { AlertsOptions } from '@/components/alerts/AlertsOptions.tsx';
import { AttentionSection } from './AttentionSection.tsx';
import { SiteList } from './SiteList.tsx';
import { ApiKeyField } from './ApiKeyField.tsx';
import { ConnectionTest } from './ConnectionTest.tsx';
import { CheckField, TextField } from './Field.tsx';
import { KeyboardSection, type KeyboardDeps } from './KeyboardSection.tsx';
import './options.css';

export interface OptionsDeps {
  readonly vault: KeyVault;
  /** The user's allowed and blocked sites (sealed under the vault). */
  readonly siteLists: SiteLists;
  readonly hostAccess: HostAccess;
  /** Runs the probe (in the worker): the page only supplies the form's values. */
  readonly testConnection: (input: ConnectionInput) => Promise<ConnectionVerdict>;
  /** The popup's shortcut and the browser's shortcut settings. */
  readonly keyboard: KeyboardDeps;
}

export function OptionsApp({ deps }: { deps: OptionsDeps }) {
  const [stored, setStored] = useState<SettingsDraft | null>(null);
  const [form, setForm] = useState<SettingsDraft | null>(null);
  const [errors, setErrors] = useState<OptionsErrors>({});
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [setAside, setSetAside] = useState<readonly SetAsideRecord[]>([]);
  const [keyLost, setKeyLost] = useState(false);
  const [restored, setRestored] = useState<ReadonlySet<string>>(new Set());
  const setAsideRecords = useMemo(() => setAsideStore(deps.vault), [deps.vault]);

  useEffect(() => {
    // Stored settings that no longer validate are set aside (and said below) before the form shows what stays.
    setAsideInvalidSettingsNow(deps.vault)
      .catch((e: unknown) => console.warn('Vantage: stored settings not checked:', String(e)))
      .then(() => Promise.all([loadSettings(), getApiKey(deps.vault), setAsideRecords.get()]))
      .then(([s, k, records]) => {
        const loaded = toDraft(s, k);
        setStored(loaded);
        setForm(loaded);
        setSetAside(records);
      });
    const stopRecords = setAsideRecords.watch(setSetAside);
    void sessionKeyLostItem.getValue().then((at) => setKeyLost(at !== null));
    const stopKeyLost = sessionKeyLostItem.watch((at) => setKeyLost(at !== null));
    return () => {
      stopRecords();
      stopKeyLost();
    };
  }, [deps.vault, setAsideRecords]);

  // After a refused save, move focus to the first field to fix.
  useEffect(() => {
    if (focusTick) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  if (!form || !stored) return <p class="muted options-loading">{t('options.loading')}</p>;

  const set = <K extends keyof SettingsDraft>(k: K) => (v: SettingsDraft[K]) => {
    setForm({ ...form, [k]: v });
    setNote(null);
  };

  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    // No await before this call: it may need to show a permission prompt from this click.
    saveOptions(form, { vault: deps.vault, hostAccess: deps.hostAccess })
      .then((r) => {
        if (r.ok) {
          // What was put back into the form is saved now (or corrected): its records are done.
          if (restored.size) void dismissSetAside(setAsideRecords, [...restored]).then(() => setRestored(new Set()));
          const saved = toDraft(r.settings, r.apiKey);
          setStored(saved);
          setForm(saved);
          setErrors({});
          setNote({ tone: 'ok', text: t('options.saved') });
        } else {
          setErrors(r.errors);
          const count = Object.keys(r.errors).filter((k) => k !== 'permissions').length;
          setNote({
            tone: 'error',
            text: r.errors.permissions ?? t('options.fixFields', count, { count: formatNumber(count) }),
          });
          setFocusTick((t) => t + 1);
        }
      })
      .catch((err: unknown) => setNote({ tone: 'error', text: t('options.notSaved', { error: err instanceof Error ? err.message : String(err) }) }))
      .finally(() => setSaving(false));
  };

  const runTest = async (): Promise<ConnectionVerdict | null> => {
    // Only the fields the probe uses need to be right; the rest may still be in progress.
    const bases = validateSettings({ dataBaseUrl: form.dataBaseUrl, integrationBaseUrl: form.integrationBaseUrl });
    if (!bases.ok) {
      setErrors((prev) => ({ ...prev, ...bases.errors }));
      return badBases();
    }
    if (!form.apiKey.trim()) return noKey();
    const { dataBaseUrl, integrationBaseUrl } = bases.settings;
    const patterns = hostPatternsToRequest(bases.settings);
    if (!(await deps.hostAccess.request(patterns).catch(() => false))) {
      return { status: 'failed', ok: false, message: t('options.noAccess', { hosts: formatList(patterns) }) };
    }
    return deps.testConnection({ dataBaseUrl, integrationBaseUrl, defaultProject: form.defaultProject.trim(), apiKey: form.apiKey.trim() });
  };

  const dirty = draftDiffers(form, stored);

  const restore = (r: SetAsideRecord) => {
    if (!r.field || !(r.field in form)) return;
    setForm({ ...form, [r.field]: asFormText(r.value) });
    setRestored(new Set([...restored, r.id]));
    setNote(null);
    // The field it went back into, so the user sees it and can correct it.
    requestAnimationFrame(() => document.getElementById(r.field!)?.focus());
  };
  const dismiss = (r: SetAsideRecord) => {
    setRestored(new Set([...restored].filter((id) => id !== r.id)));
    void dismissSetAside(setAsideRecords, [r.id]);
  };

  return (
    <main class="options">
      <header class="options-header">
        <h1>{t('page.options')}</h1>
        <p class="muted">{t('options.intro')}</p>
      </header>

      <AttentionSection records={setAside} sessionKeyLost={keyLost} restored={restored} onRestore={restore} onDismiss={dismiss} />

      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <section class="card options-section" aria-labelledby="service-heading">
          <h2 id="service-heading">{t('options.service')}</h2>
          <ApiKeyField
            value={form.apiKey}
            onInput={set('apiKey')}
            error={errors.apiKey}
            hint={t('options.apiKey.hint')}
          />
          <CheckField
            id="keyInSessionOnly"
            label={t('options.keyInSessionOnly.label')}
            checked={form.keyInSessionOnly}
            onChange={set('keyInSessionOnly')}
            hint={t('options.keyInSessionOnly.hint')}
          />
          <TextField
            id="dataBaseUrl"
            label={t('options.dataBaseUrl.label')}
            type="url"
            inputMode="url"
            value={form.dataBaseUrl}
            onInput={set('dataBaseUrl')}
            error={errors.dataBaseUrl}
            hint={t('options.dataBaseUrl.hint')}
          />
          <TextField
            id="integrationBaseUrl"
            label={t('options.integrationBaseUrl.label')}
            type="url"
            inputMode="url"
            value={form.integrationBaseUrl}
            onInput={set('integrationBaseUrl')}
            error={errors.integrationBaseUrl}
            hint={t('options.integrationBaseUrl.hint')}
          />
          <ConnectionTest run={runTest} />
        </section>

        <section class="card options-section" aria-labelledby="defaults-heading">
          <h2 id="defaults-heading">{t('options.defaults')}</h2>
          <TextField
            id="defaultProject"
            label={t('options.defaultProject.label')}
            value={form.defaultProject}
            onInput={set('defaultProject')}
            error={errors.defaultProject}
            hint={t('options.defaultProject.hint')}
          />
          <div class="field-row">
            <TextField id="defaultChainId" label={t('options.defaultChainId.label')} value={form.defaultChainId} onInput={set('defaultChainId')} error={errors.defaultChainId} hint={t('options.defaultChainId.hint')} />
            <TextField id="defaultTokenId" label={t('options.defaultTokenId.label')} value={form.defaultTokenId} onInput={set('defaultTokenId')} error={errors.defaultTokenId} hint={t('options.defaultTokenId.hint')} />
          </div>
        </section>

        <section class="card options-section" aria-labelledby="proofs-heading">
          <h2 id="proofs-heading">{t('options.proofs')}</h2>
          <div class="field-row">
            <TextField
              id="scoreId"
              label={t('options.scoreId.label')}
              list="score-models"
              value={form.scoreId}
              onInput={set('scoreId')}
              error={errors.scoreId}
              hint={t('options.scoreId.hint')}
            />
            <TextField
              id="minScore"
              label={t('options.minScore.label')}
              inputMode="numeric"
              value={form.minScore}
              onInput={set('minScore')}
              error={errors.minScore}
              hint={t('options.minScore.hint')}
            />
          </div>
          <datalist id="score-models">
            {KNOWN_SCORE_MODELS.map((m) => (
              <option key={m.id} value={m.id} label={m.name} />
            ))}
          </datalist>
          <TextField
            id="proofPageTemplate"
            label={t('options.proofPageTemplate.label')}
            type="url"
            inputMode="url"
            value={form.proofPageTemplate}
            onInput={set('proofPageTemplate')}
            error={errors.proofPageTemplate}
            hint={t('options.proofPageTemplate.hint', { placeholder: SESSION_PLACEHOLDER })}
          />
          <TextField
            id="proofTimeoutMinutes"
            label={t('options.proofTimeoutMinutes.label')}
            inputMode="numeric"
            value={form.proofTimeoutMinutes}
            onInput={set('proofTimeoutMinutes')}
            error={errors.proofTimeoutMinutes}
            hint={t('options.proofTimeoutMinutes.hint')}
          />
          <CheckField
            id="verifyBeforeHandOver"
            label={t('options.verifyBeforeHandOver.label')}
            checked={form.verifyBeforeHandOver}
            onChange={set('verifyBeforeHandOver')}
          />
        </section>

        <div class="save-bar">
          {/* Not disabled while saving: a disabled button drops keyboard focus. */}
          <button type="submit" class="primary" aria-busy={saving}>
            {t('options.save')}
          </button>
          <p role="status" class={note ? `save-note status-${note.tone}` : 'save-note'}>
            {note?.text ?? (dirty ? t('options.unsaved') : '')}
          </p>
        </div>
      </form>

      <SiteList list="allowed" lists={deps.siteLists} />
      <SiteList list="blocked" lists={deps.siteLists} />
      <KeyboardSection deps={deps.keyboard} />
      <AlertsOptions />
    </main>
  );
}
