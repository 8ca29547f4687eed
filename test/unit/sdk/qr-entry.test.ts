// @vitest-environment happy-dom
/**
 * @vantage/sdk/qr as built: the proof page's address as a QR code that a phone's camera reads back (the
 * drawn SVG decoded with the `qr` library's reader), a link to open it here, Cancel and Escape as the
 * user cancelling, and nothing left on the page afterwards.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import decodeQR from 'qr/decode.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SDK_DIST } from './built.ts';

type QrEntry = typeof import('@/sdk/src/qr.ts');
let qr: QrEntry;
beforeAll(async () => {
  expect(existsSync(join(SDK_DIST, 'qr.js')), 'run npm run build:sdk').toBe(true);
  qr = (await import(/* @vite-ignore */ pathToFileURL(join(SDK_DIST, 'qr.js')).href)) as QrEntry;
});

/** What a camera sees: the SVG's dark modules as pixels, read by a QR decoder. */
function readSvgQr(svg: SVGSVGElement): string {
  const n = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 4;
  const size = n * scale;
  const data = new Uint8Array(size * size * 4).fill(255);
  for (const [, x, y] of (svg.querySelector('path')!.getAttribute('d') ?? '').matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
      const i = ((Number(y) * scale + dy) * size + Number(x) * scale + dx) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return decodeQR({ width: size, height: size, data });
}

const URL_ = 'https://service.example/proof/0d8f2c1e-5a4b-4c3d-9e8f-7a6b5c4d3e2f';

describe('@vantage/sdk/qr', () => {
  it('qrSvg: a code a camera reads back as the address', () => {
    expect(readSvgQr(qr.qrSvg(URL_))).toBe(URL_);
  });

  it('qrCode(): a modal dialog with the code, a link to open it here and Cancel; Cancel leaves, close removes it', async () => {
    const view = qr.qrCode().open();
    const dialog = document.querySelector('dialog.vantage-qr-dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('[data-vantage-qr]')?.getAttribute('data-vantage-qr')).toBe('pending');
    view.show(URL_);
    expect(readSvgQr(dialog.querySelector('svg')!)).toBe(URL_);
    const link = dialog.querySelector('a')!;
    expect([link.href, link.target, link.rel, link.hidden]).toEqual([URL_, '_blank', 'noopener noreferrer', false]);
    dialog.querySelector('button')!.click();
    expect(await view.left).toBe('cancelled');
    view.close();
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('Escape is the user cancelling; a container is drawn into instead of a dialog', async () => {
    const view = qr.qrCode().open();
    const dialog = document.querySelector('dialog')!;
    const escape = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(await view.left).toBe('cancelled');
    view.close();

    const box = document.createElement('section');
    document.body.append(box);
    const inBox = qr.qrCode({ container: box, labels: { title: 'Scannez' }, size: 180 }).open();
    inBox.show(URL_);
    expect(box.querySelector('h2')?.textContent).toBe('Scannez');
    expect(box.querySelector('svg')?.getAttribute('width')).toBe('180');
    expect(document.querySelector('dialog')).toBeNull();
    inBox.close();
    expect(box.children).toHaveLength(0);
  });
});
