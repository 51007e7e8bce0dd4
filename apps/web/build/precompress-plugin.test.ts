import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress-plugin';

describe('precompressDirectory', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pult-precompress-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip variants that decode to the original, in nested folders', async () => {
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i })))};\n`;
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), script);
    const results = await precompressDirectory(dir);
    expect(results).toHaveLength(1);
    const file = path.join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
    expect(results[0]!.brotli).toBeLessThan(script.length / 4);
  });

  it('leaves small files and already-compressed formats alone', async () => {
    await writeFile(path.join(dir, 'tiny.css'), 'a{color:red}');
    await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(4096, 1));
    expect(await precompressDirectory(dir)).toEqual([]);
    await expect(readFile(path.join(dir, 'tiny.css.br'))).rejects.toThrow();
    await expect(readFile(path.join(dir, 'photo.png.gz'))).rejects.toThrow();
  });
});
