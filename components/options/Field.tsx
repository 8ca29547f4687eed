import type { ComponentChildren } from 'preact';

/** Ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/**
 * A labelled form field. The label holds only the field's name, so its
 * accessible name is exactly that; hint and error are linked descriptions.
 */
export function Field(props: {
  id: string;
  label: string;
  hint?: ComponentChildren;
  error?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p class="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A text input inside a Field. */
export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onInput: (v: string) => void;
  hint?: ComponentChildren;
  error?: string;
  type?: 'text' | 'url';
  inputMode?: 'numeric' | 'url' | 'text';
  list?: string;
  placeholder?: string;
}) {
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        id={props.id}
        name={props.id}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        list={props.list}
        placeholder={props.placeholder}
        value={props.value}
        spellcheck={false}
        autoComplete="off"
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={describedBy(props.id, Boolean(props.hint), props.error)}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </Field>
  );
}

/** A checkbox whose label is its text. */
export function CheckField(props: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void; hint?: ComponentChildren }) {
  return (
    <div class="field check-field">
      <input
        id={props.id}
        name={props.id}
        type="checkbox"
        checked={props.checked}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <div>
        <label for={props.id}>{props.label}</label>
        {props.hint && (
          <p class="hint" id={`${props.id}-hint`}>
            {props.hint}
          </p>
        )}
      </div>
    </div>
  );
}
