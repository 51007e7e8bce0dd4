import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecretBox } from './secret-box-file.js';

describe('the secret key kept in DATA_DIR', () => {
  let dataDir: string;
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('comes out as one key, whole, when many loaders start at once', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-secret-'));
    const boxes = await Promise.all(
      Array.from({ length: 40 }, () => loadSecretBox({ dataDir, secretKey: undefined })),
    );
    const subkeys = new Set(boxes.map((box) => box.subkey('probe').toString('hex')));
    expect(subkeys.size).toBe(1);
    expect(await readdir(dataDir)).toEqual(['secret.key']);
    expect((await stat(path.join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);
    const reloaded = await loadSecretBox({ dataDir, secretKey: undefined });
    expect(reloaded.open(boxes[0]!.seal('kept'))).toBe('kept');
  });
});
