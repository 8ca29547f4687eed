import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputPath, inputsDigest } from '@/lib/build/inputs-digest.ts';

/** A project folder with a few build inputs, and things that are not. */
let root: string;
const put = async (path: string, text: string) => {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
};

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'vantage-digest-'));
  await put('package.json', '{"version":"1.0.0"}');
  await put('lib/a.ts', 'export const a = 1;');
  await put('entrypoints/popup/main.tsx', 'render();');
  await put('entrypoints/only-firefox.ts', 'x();');
  await put('locales/en.yml', 'k: "v"');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('inputsDigest: the build id, from what a build is made of', () => {
  it('is 16 hex digits, the same for the same files, and changes with any input\'s content or name', async () => {
    const id = inputsDigest(root);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(inputsDigest(root)).toBe(id);
    await put('lib/a.ts', 'export const a = 2;');
    const edited = inputsDigest(root);
    expect(edited).not.toBe(id);
    await put('locales/en.yml', 'k: "w"');
    expect(inputsDigest(root)).not.toBe(edited);
    const before = inputsDigest(root);
    await rm(join(root, 'lib/a.ts'));
    await put('lib/b.ts', 'export const a = 2;');
    expect(inputsDigest(root), 'the same bytes under another name').not.toBe(before);
  });

  it('ignores what a sources zip leaves out (dot files, tests, node_modules) and what is not a build input', async () => {
    const id = inputsDigest(root);
    await put('lib/.DS_Store', 'junk');
    await put('lib/a.test.ts', 'test();');
    await put('components/__tests__/x.ts', 'test();');
    await put('lib/node_modules/p/index.js', 'x');
    await put('test/unit/a.test.ts', 'test();');
    await put('docs/notes.md', 'words');
    await put('README.md', 'words');
    expect(inputsDigest(root)).toBe(id);
  });

  it('leaves out the entrypoints a browser skips, as its sources zip does', async () => {
    const skip = new Set([inputPath(root, join(root, 'entrypoints/only-firefox.ts'))]);
    expect([...skip]).toEqual(['entrypoints/only-firefox.ts']);
    const id = inputsDigest(root, skip);
    expect(id).not.toBe(inputsDigest(root));
    await rm(join(root, 'entrypoints/only-firefox.ts'));
    expect(inputsDigest(root), 'a rebuild from a zip without that file').toBe(id);
  });
});
