import { ScorePanel } from './ScorePanel.tsx';

/** The context-menu result window: the Score panel, already looking up the selected address. */
export function ScorePage({ address, noAddress, model }: { address: string; noAddress: boolean; model?: string }) {
  return (
    <main class="score-page">
      <h1>Vantage score</h1>
      {noAddress && (
        <p class="card status-warn" role="status">
          The selected text holds no 0x address (40 hex digits). Paste one below.
        </p>
      )}
      <ScorePanel key={address} initialAddress={address} {...(model ? { initialScoreId: model } : {})} autoLookup={address !== ''} />
    </main>
  );
}
