import { useEffect, useRef, useState } from 'preact/hooks';
import { BAD_BASES, NO_KEY, type ConnectionInput, type ConnectionVerdict } from '@/lib/settings/connection.ts';
import { draftDiffers, toDraft, type SettingsDraft } from '@/lib/settings/form.ts';
import { hostPatternsToRequest, type HostAccess } from '@/lib/settings/host-access.ts';
import { saveOptions, type OptionsErrors } from '@/lib/settings/save-options.ts';
import { SESSION_PLACEHOLDER, validateSettings } from '@/lib/settings/schema.ts';
import { KNOWN_SCORE_MODELS } from '@/lib/settings/score-models.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';
import { getApiKey, loadSettings } from '@/lib/settings/store.ts';
import type { SiteLists } from '@/lib/settings/site-lists.ts';
import { AlertsOptions } from '@/components/alerts/AlertsOptions.tsx';
import { SiteList } from './SiteList.tsx';
import { ApiKeyField } from './ApiKeyField.tsx';
import { ConnectionTest } from './ConnectionTest.tsx';
import { CheckField, TextField } from './Field.tsx';
import './options.css';

export interface OptionsDeps {
  readonly vault: KeyVault;
  /** The user's allowed and blocked sites (sealed under the vault). */
  readonly siteLists: SiteLists;
  readonly hostAccess: HostAccess;
  /** Runs the probe (in the worker): the page only supplies the form's values. */
  readonly testConnection: (input: ConnectionInput) => Promise<ConnectionVerdict>;
}

export function OptionsApp({ deps }: { deps: OptionsDeps }) {
  const [stored, setStored] = useState<SettingsDraft | null>(null);
  const [form, setForm] = useState<SettingsDraft | null>(null);
  const [errors, setErrors] = useState<OptionsErrors>({});
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    Promise.all([loadSettings(), getApiKey(deps.vault)]).then(([s, k]) => {
      const loaded = toDraft(s, k);
      setStored(loaded);
      setForm(loaded);
    });
  }, [deps.vault]);

  // After a refused save, move focus to the first field to fix.
  useEffect(() => {
    if (focusTick) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  if (!form || !stored) return <p class="muted options-loading">Loading settings…</p>;

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
          const saved = toDraft(r.settings, r.apiKey);
          setStored(saved);
          setForm(saved);
          setErrors({});
          setNote({ tone: 'ok', text: 'Saved.' });
        } else {
          setErrors(r.errors);
          const count = Object.keys(r.errors).filter((k) => k !== 'permissions').length;
          setNote({
            tone: 'error',
            text: r.errors.permissions ?? `Nothing was saved: fix the ${count === 1 ? 'field' : `${count} fields`} marked below.`,
          });
          setFocusTick((t) => t + 1);
        }
      })
      .catch((err: unknown) => setNote({ tone: 'error', text: `Nothing was saved: ${err instanceof Error ? err.message : String(err)}` }))
      .finally(() => setSaving(false));
  };

  const runTest = async (): Promise<ConnectionVerdict | null> => {
    // Only the fields the probe uses need to be right; the rest may still be in progress.
    const bases = validateSettings({ dataBaseUrl: form.dataBaseUrl, integrationBaseUrl: form.integrationBaseUrl });
    if (!bases.ok) {
      setErrors((prev) => ({ ...prev, ...bases.errors }));
      return BAD_BASES;
    }
    if (!form.apiKey.trim()) return NO_KEY;
    const { dataBaseUrl, integrationBaseUrl } = bases.settings;
    const patterns = hostPatternsToRequest(bases.settings);
    if (!(await deps.hostAccess.request(patterns).catch(() => false))) {
      return { status: 'failed', ok: false, message: `Vantage was not given access to ${patterns.join(' and ')}, so it cannot reach the service.` };
    }
    return deps.testConnection({ dataBaseUrl, integrationBaseUrl, defaultProject: form.defaultProject.trim(), apiKey: form.apiKey.trim() });
  };

  const dirty = draftDiffers(form, stored);

  return (
    <main class="options">
      <header class="options-header">
        <h1>Vantage options</h1>
        <p class="muted">The service key and addresses, and what sites are offered. Changes apply after Save.</p>
      </header>

      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <section class="card options-section" aria-labelledby="service-heading">
          <h2 id="service-heading">Service</h2>
          <ApiKeyField
            value={form.apiKey}
            onInput={set('apiKey')}
            error={errors.apiKey}
            hint="From the Integration tab of the service. Sent only as the x-apikey header to the two addresses below."
          />
          <CheckField
            id="keyInSessionOnly"
            label="Keep the key only for this browser session"
            checked={form.keyInSessionOnly}
            onChange={set('keyInSessionOnly')}
            hint="Forgotten when the browser closes. Otherwise it is kept encrypted in extension storage."
          />
          <TextField
            id="dataBaseUrl"
            label="Data API base URL"
            type="url"
            inputMode="url"
            value={form.dataBaseUrl}
            onInput={set('dataBaseUrl')}
            error={errors.dataBaseUrl}
            hint="With the stage prefix if your deployment has one, e.g. https://api.example.com/dev"
          />
          <TextField
            id="integrationBaseUrl"
            label="Integration API base URL"
            type="url"
            inputMode="url"
            value={form.integrationBaseUrl}
            onInput={set('integrationBaseUrl')}
            error={errors.integrationBaseUrl}
            hint="With the version, e.g. https://api.example.com/v1"
          />
          <ConnectionTest run={runTest} />
        </section>

        <section class="card options-section" aria-labelledby="defaults-heading">
          <h2 id="defaults-heading">Defaults</h2>
          <TextField
            id="defaultProject"
            label="Default project"
            value={form.defaultProject}
            onInput={set('defaultProject')}
            error={errors.defaultProject}
            hint="The project the popup opens with, e.g. nebula. Test connection checks it too."
          />
          <div class="field-row">
            <TextField id="defaultChainId" label="Default chain" value={form.defaultChainId} onInput={set('defaultChainId')} error={errors.defaultChainId} hint="Empty: all chains." />
            <TextField id="defaultTokenId" label="Default token" value={form.defaultTokenId} onInput={set('defaultTokenId')} error={errors.defaultTokenId} hint="Empty: the service's default token." />
          </div>
        </section>

        <section class="card options-section" aria-labelledby="proofs-heading">
          <h2 id="proofs-heading">Score proofs for sites</h2>
          <div class="field-row">
            <TextField
              id="scoreId"
              label="Score model"
              list="score-models"
              value={form.scoreId}
              onInput={set('scoreId')}
              error={errors.scoreId}
              hint="Pick a suggestion or type any model id."
            />
            <TextField
              id="minScore"
              label="Minimum score"
              inputMode="numeric"
              value={form.minScore}
              onInput={set('minScore')}
              error={errors.minScore}
              hint="Users below it cannot make a proof. Credit models score 300–850."
            />
          </div>
          <datalist id="score-models">
            {KNOWN_SCORE_MODELS.map((m) => (
              <option key={m.id} value={m.id} label={m.name} />
            ))}
          </datalist>
          <TextField
            id="proofPageTemplate"
            label="Proof page URL"
            type="url"
            inputMode="url"
            value={form.proofPageTemplate}
            onInput={set('proofPageTemplate')}
            error={errors.proofPageTemplate}
            hint={`Opened for the user when the service gives no page address; ${SESSION_PLACEHOLDER} is replaced by the session id.`}
          />
          <TextField
            id="proofTimeoutMinutes"
            label="Proof timeout (minutes)"
            inputMode="numeric"
            value={form.proofTimeoutMinutes}
            onInput={set('proofTimeoutMinutes')}
            error={errors.proofTimeoutMinutes}
            hint="A proof request still unfinished after this long is given up."
          />
          <CheckField
            id="verifyBeforeHandOver"
            label="Verify each proof with the service before handing it to a site"
            checked={form.verifyBeforeHandOver}
            onChange={set('verifyBeforeHandOver')}
          />
        </section>

        <div class="save-bar">
          {/* Not disabled while saving: a disabled button drops keyboard focus. */}
          <button type="submit" class="primary" aria-busy={saving}>
            Save
          </button>
          <p role="status" class={note ? `save-note status-${note.tone}` : 'save-note'}>
            {note?.text ?? (dirty ? 'Unsaved changes.' : '')}
          </p>
        </div>
      </form>

      <SiteList list="allowed" lists={deps.siteLists} />
      <SiteList list="blocked" lists={deps.siteLists} />
      <AlertsOptions />
    </main>
  );
}
