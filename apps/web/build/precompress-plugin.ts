import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this the encoded file saves less than the response headers cost. */
const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  brotli: number;
  gzip: number;
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` (recursively), at the
 * strongest settings: it happens once per build, and the server then sends them with no work per
 * request (@fastify/static `preCompressed`). A variant that would not be smaller is not written.
 */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const results: Precompressed[] = [];
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [br, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < content.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
    results.push({
      file: path.relative(dir, file),
      bytes: content.length,
      brotli: br.length,
      gzip: gzipped.length,
    });
  }
  return results;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(full);
      return (await stat(full)).isFile() ? [full] : [];
    }),
  );
  return nested.flat();
}

/** Vite plugin: precompress the build output once it is written (`vite build` only). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pult-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const results = await precompressDirectory(outDir);
      const sum = (pick: (result: Precompressed) => number) =>
        Math.round(results.reduce((total, result) => total + pick(result), 0) / 1000);
      this.info?.(
        `precompressed ${results.length} files: ${sum((r) => r.bytes)} kB → brotli ${sum((r) => r.brotli)} kB, gzip ${sum((r) => r.gzip)} kB`,
      );
    },
  };
}
