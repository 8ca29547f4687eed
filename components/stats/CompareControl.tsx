/**
 * "Compare with…" on the dashboard: a field for the second project (the
 * recent projects offered), then, while comparing, which two projects are
 * shown, how to tell them apart on the charts (the other's lines dashed), the
 * other project's failure said once with its way out, and "Remove
 * comparison", which returns to the single view. Loaded only by the
 * dashboard.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n/index.ts';
import { projectIdProblem, PROJECT_ID_MAX, type ProjectIdProblem } from '@/lib/stats/project-id.ts';
import { formatNumber } from '@/lib/format/number.ts';
import { ErrorNotice } from './ErrorNotice.tsx';
import type { Comparison } from './use-comparison.ts';
import { errorAsShown, useStatsContext } from './context.ts';
import './compare.css';

const PROBLEMS: Record<ProjectIdProblem, () => string> = {
  empty: () => t('stats.compare.problem.empty'),
  'too-long': () => t('stats.compare.problem.tooLong', { max: formatNumber(PROJECT_ID_MAX) }),
  characters: () => t('stats.compare.problem.characters'),
};

export function CompareControl({ comparison, project, recentProjects }: { comparison: Comparison; project: string; recentProjects: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const remover = useRef<HTMLButtonElement>(null);
  const { other } = comparison;
  // A 403 without a reason is the other project's refusal, not the key's, when the first project's numbers came with that key.
  const { keyWorks } = useStatsContext();
  const failure = comparison.failure && errorAsShown(comparison.failure, keyWorks);
  // Focus follows the action: into the field when it opens, else to the control that replaced the one pressed.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (other ? remover : open ? field : opener).current?.focus();
  }, [open, other]);

  const submit = (e: Event) => {
    e.preventDefault();
    const id = (field.current?.value ?? '').trim();
    const wrong = projectIdProblem(id);
    if (wrong) return setProblem(PROBLEMS[wrong]());
    if (id === project) return setProblem(t('stats.compare.problem.same', { project }));
    setProblem(null);
    setOpen(false);
    moved.current = true;
    comparison.start(id);
  };

  if (other) {
    return (
      <div class="compare-bar" data-comparing={other}>
        <p class="compare-what">
          <span class="compare-key compare-key-primary" aria-hidden="true" />
          {t('stats.compare.comparing', { primary: project, other })}
          <span class="compare-key compare-key-other" aria-hidden="true" />
          <span class="muted">{t('stats.compare.howToTell', { other })}</span>
        </p>
        <button
          type="button"
          ref={remover}
          data-compare-remove
          onClick={() => {
            moved.current = true;
            comparison.stop();
          }}
        >
          {t('stats.compare.remove')}
        </button>
        {failure && (
          <div class="compare-failure" data-compare-failure={failure.kind}>
            <p class="compared-for">{t('stats.compare.errorFor', { project: other })}</p>
            <ErrorNotice error={failure} onRetry={comparison.retry} />
          </div>
        )}
      </div>
    );
  }

  return (
    <div class="compare-bar">
      {comparison.badLink && (
        <p class="notice notice-info" role="status" data-compare-bad-link>
          <span class="notice-text">{t('stats.compare.badLink', { project })}</span>
          <button type="button" onClick={comparison.dismissBadLink}>{t('stats.compare.dismiss')}</button>
        </p>
      )}
      {!open && (
        <button type="button" ref={opener} aria-expanded="false" data-compare-open onClick={() => {
          moved.current = true;
          setOpen(true);
        }}>
          {t('stats.compare.open')}
        </button>
      )}
      {open && (
        <form class="compare-form" onSubmit={submit}>
          <label for="compare-project">{t('stats.compare.label')}</label>
          <input
            id="compare-project"
            ref={field}
            type="text"
            list="compare-recent"
            autoComplete="off"
            spellcheck={false}
            placeholder={t('stats.filters.projectPlaceholder')}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'compare-problem' : undefined}
            onInput={() => problem && setProblem(null)}
          />
          <datalist id="compare-recent">
            {recentProjects.filter((p) => p !== project).map((p) => <option key={p} value={p} />)}
          </datalist>
          <button type="submit">{t('stats.compare.submit')}</button>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              setProblem(null);
              moved.current = true;
            }}
          >
            {t('stats.compare.cancel')}
          </button>
          {problem && <p id="compare-problem" class="field-error" role="alert">{problem}</p>}
        </form>
      )}
    </div>
  );
}
