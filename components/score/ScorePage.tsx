import { t } from '@/lib/i18n/index.ts';
import { ScorePanel } from './ScorePanel.tsx';

/** The context-menu result window (the address-bar keyword's page, a watch notification's): the Score panel, already looking up the address. */
export function ScorePage({ address, scoreId, noAddress }: { address: string; scoreId?: string; noAddress: boolean }) {
  return (
    <main class="score-page">
      <h1>{t('score.title')}</h1>
      {noAddress && (
        <p class="card status-warn" role="status">
          {t('score.noAddress')}
        </p>
      )}
      <ScorePanel key={`${address}|${scoreId ?? ''}`} initialAddress={address} initialScoreId={scoreId} autoLookup={address !== ''} />
    </main>
  );
}
