import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n/index.ts';
import { Field, describedBy } from './Field.tsx';

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/**
 * The API key, masked, with an eye toggle like the service's own console.
 * The value lives only in this page and in extension storage.
 */
export function ApiKeyField(props: { value: string; onInput: (v: string) => void; error?: string; hint?: string }) {
  const [shown, setShown] = useState(false);
  const id = 'apiKey';
  return (
    <Field id={id} label={t('options.apiKey.label')} hint={props.hint} error={props.error}>
      <div class="input-with-button">
        <input
          id={id}
          name={id}
          type={shown ? 'text' : 'password'}
          value={props.value}
          spellcheck={false}
          autoComplete="off"
          autoCapitalize="off"
          aria-invalid={props.error ? 'true' : undefined}
          aria-describedby={describedBy(id, Boolean(props.hint), props.error)}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
        <button
          type="button"
          class="icon-button"
          aria-label={shown ? t('options.apiKey.hide') : t('options.apiKey.show')}
          title={shown ? t('options.apiKey.hide') : t('options.apiKey.show')}
          aria-controls={id}
          onClick={() => setShown(!shown)}
        >
          <EyeIcon open={!shown} />
        </button>
      </div>
    </Field>
  );
}
