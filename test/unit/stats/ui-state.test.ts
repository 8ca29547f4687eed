import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defaultUiState, initialUiState, MAX_RECENT_PROJECTS, readUiState, rememberProject, statsUiItem } from '@/lib/stats/ui-state.ts';

const settings = { defaultProject: 'nebula', defaultChainId: '56', defaultTokenId: 'NEB' };

describe('stats UI state', () => {
  beforeEach(() => fakeBrowser.reset());

  it('remembers recent projects, newest first, once each, at most a few', () => {
    expect(rememberProject(['a', 'b'], ' b ')).toEqual(['b', 'a']);
    expect(rememberProject(['a'], '')).toEqual(['a']);
    const many = Array.from({ length: 20 }, (_, i) => `p${i}`);
    expect(rememberProject(many, 'new')).toHaveLength(MAX_RECENT_PROJECTS);
  });

  it('starts from the settings\' defaults until a project is chosen', () => {
    expect(initialUiState(null, settings).filters).toMatchObject({ project: 'nebula', chainId: '56', tokenId: 'NEB', range: { days: 30 } });
    const chosen = { ...defaultUiState, filters: { ...defaultUiState.filters, project: 'tidal' } };
    expect(initialUiState(chosen, settings).filters.project).toBe('tidal');
    expect(initialUiState(chosen, settings).filters.chainId).toBe('');
  });

  it('reads what the item stored, and nothing that is not a state', async () => {
    expect(await readUiState()).toBeNull();
    const state = { ...defaultUiState, filters: { ...defaultUiState.filters, project: 'tidal' }, recentProjects: ['tidal'] };
    await statsUiItem.setValue(state);
    expect(await readUiState()).toEqual(state);
    await fakeBrowser.storage.local.set({ statsUi: { filters: 'nope' } });
    expect(await readUiState()).toBeNull();
  });
});
