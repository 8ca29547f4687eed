import type { DataOperationId } from '@/lib/api/catalog.ts';
import { paramDefault } from '@/lib/stats/query.ts';
import { useStatsContext } from './context.ts';

/** A block option's value: the remembered one, else the catalog's default, else `fallback`. */
export function useOption(block: string, op: DataOperationId | null, name: string, fallback = ''): [string, (v: string) => void] {
  const ctx = useStatsContext();
  const stored = ctx.options[block]?.[name];
  const value = stored ?? String((op && paramDefault(op, name)) ?? fallback);
  return [value, (v) => ctx.setOption(block, name, v)];
}

export function Choice({ label, value, choices, onChange }: {
  label: string;
  value: string;
  choices: readonly (readonly [value: string, text: string])[];
  onChange: (v: string) => void;
}) {
  return (
    <label class="inline">
      <span class="sr-only">{label}</span>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {choices.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A number option, committed when the field changes (Enter or leaving it), not on every key. */
export function NumberOption({ label, value, onChange, min = 0 }: { label: string; value: string; onChange: (v: string) => void; min?: number }) {
  return (
    <label class="inline num-option">
      <span>{label}</span>
      <input
        type="number"
        min={min}
        step="any"
        value={value}
        onChange={(e) => {
          const v = e.currentTarget.value.trim();
          if (v !== '' && Number(v) >= min) onChange(v);
          else e.currentTarget.value = value;
        }}
      />
    </label>
  );
}
