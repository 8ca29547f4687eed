import { t } from '@/lib/i18n/index.ts';
import { ScorePanel } from './ScorePanel.tsx';

/** The context-menu result window: the Score panel, already looking up the selected address. */
export function ScorePage({ address, noAddress }: { address: string; noAddress: boolean }) {
  return (
    <main class="score-page">
      <h1>{t('score.title')}</h1>
      {noAddress && (
        <p class="card status-warn" role="status">
          {t('score.noAddress')}
        </p>
      )}
      <ScorePanel key={address} initialAddress={address} autoLookup={address !== ''} />
    </main>
  );
}
