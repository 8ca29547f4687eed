import { ScorePanel } from './ScorePanel.tsx';

/** The context-menu result window (and a watch notification's): the Score panel, already looking up the address. */
export function ScorePage({ address, noAddress, scoreId }: { address: string; noAddress: boolean; scoreId?: string }) {
  return (
    <main class="score-page">
      <h1>Vantage score</h1>
      {noAddress && (
        <p class="card status-warn" role="status">
          The selected text holds no 0x address (40 hex digits). Paste one below.
        </p>
      )}
      <ScorePanel key={`${address}|${scoreId ?? ''}`} initialAddress={address} initialScoreId={scoreId} autoLookup={address !== ''} />
    </main>
  );
}
