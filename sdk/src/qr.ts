/**
 * @vantage/sdk/qr: the proof page as a QR code, for a user whose wallet is on their phone (the
 * no-extension path: `requestScoreProof(params, { withoutExtension: { session, show: qrCode() } })`).
 * An entry of its own, with its QR library (`qr`, MIT/Apache-2.0, no dependencies), so the browser
 * entry stays small. The code is drawn as SVG elements (no markup strings: nothing to sanitise, no
 * Trusted Types exception needed).
 */
import encodeQR from 'qr';
import type { ProofPageShow, ProofPageView } from './without-extension.ts';

export interface QrCodeLabels {
  readonly title?: string;
  readonly hint?: string;
  readonly openHere?: string;
  readonly cancel?: string;
}

export interface QrCodeOptions {
  /** Draw into this element instead of a modal dialog on the page. */
  readonly container?: HTMLElement;
  /** The texts shown (English by default). */
  readonly labels?: QrCodeLabels;
  /** The code's side in CSS pixels (default 240). */
  readonly size?: number;
}

const LABELS: Required<QrCodeLabels> = {
  title: 'Prove your score on your phone',
  hint: 'Scan this code with your phone’s camera, then connect the wallet there. This page carries on once the proof is made.',
  openHere: 'Or open the proof page on this device',
  cancel: 'Cancel',
};

const SVG = 'http://www.w3.org/2000/svg';

/** `text` as a QR code: an `<svg>` of one path (dark modules), a four-module quiet zone, crisp at any size. */
export function qrSvg(text: string, size = 240): SVGSVGElement {
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
  const n = modules.length;
  let d = '';
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) d += `M${x} ${y}h1v1h-1z`;
  }));
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('role', 'img');
  const bg = document.createElementNS(SVG, 'rect');
  bg.setAttribute('width', String(n));
  bg.setAttribute('height', String(n));
  bg.setAttribute('fill', '#fff');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(bg, path);
  return svg;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

/**
 * Shows the proof page as a QR code (in a modal dialog, or in `container`), with a link to open it on
 * this device instead and a Cancel button (the request then rejects 4001, "The user cancelled the
 * request."). Removed when the request ends.
 */
export function qrCode(options: QrCodeOptions = {}): ProofPageShow {
  const labels = { ...LABELS, ...options.labels };
  return {
    open(): ProofPageView {
      let cancel: () => void = () => undefined;
      const left = new Promise<'cancelled'>((resolve) => (cancel = () => resolve('cancelled')));
      const code = el('div', { className: 'vantage-qr-code' });
      code.dataset.vantageQr = 'pending';
      const link = el('a', { target: '_blank', rel: 'noopener noreferrer', textContent: labels.openHere });
      link.hidden = true;
      const cancelButton = el('button', { type: 'button', textContent: labels.cancel });
      cancelButton.addEventListener('click', () => cancel());
      const body = el('div', { className: 'vantage-qr' }, el('h2', { textContent: labels.title }), code, el('p', { textContent: labels.hint }), el('p', {}, link), cancelButton);
      body.style.cssText = 'display:grid;justify-items:center;gap:.75rem;text-align:center;max-width:22rem;font:inherit';
      let dialog: HTMLDialogElement | undefined;
      if (options.container) {
        options.container.append(body);
      } else {
        dialog = el('dialog', { className: 'vantage-qr-dialog' }, body);
        dialog.setAttribute('aria-label', labels.title);
        // Escape closes a modal dialog: that is the user cancelling.
        dialog.addEventListener('cancel', (e) => {
          e.preventDefault();
          cancel();
        });
        document.body.append(dialog);
        dialog.showModal();
      }
      return {
        show(url) {
          code.replaceChildren(qrSvg(url, options.size));
          code.dataset.vantageQr = 'shown';
          code.setAttribute('aria-label', `${labels.title}: ${url}`);
          link.href = url;
          link.hidden = false;
        },
        left,
        close() {
          if (dialog) {
            dialog.close();
            dialog.remove();
          } else {
            body.remove();
          }
        },
      };
    },
  };
}

export type { ProofPageShow, ProofPageView } from './without-extension.ts';
