// Code passed to page.evaluate runs inside Chromium's extension contexts, where `chrome` exists.
/// <reference types="chrome" />

// Code passed to page.evaluate on a dApp page reaches the extension's provider as `window.vantage`.
import type { VantageProvider } from '@/lib/proof/contract.ts';

declare global {
  interface Window {
    vantage?: VantageProvider;
  }
}
