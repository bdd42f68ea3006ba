import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text-like files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/i;
/** Below this a compressed response saves less than its headers cost. */
const MIN_BYTES = 1024;

/** What the last `vite build` was, so `npm start` can tell a production build from a development one. */
export const BUILD_INFO_FILE = '.build-info.json';
export interface BuildInfo {
  /** Vite's NODE_ENV for the build: only 'production' bundles React's production build. */
  nodeEnv: 'production' | 'development';
  precompressed: boolean;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) next to every compressible file
 * in `dir` whose compressed form is smaller. api/http/static-files.ts picks one by
 * Accept-Encoding, so the server never compresses on the fly.
 */
export async function precompressDir(dir: string): Promise<{ files: number; rawBytes: number; brBytes: number; gzBytes: number }> {
  const stats = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  const candidates = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    candidates.map(async (file) => {
      const raw = await readFile(file);
      if (raw.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      stats.files += 1;
      stats.rawBytes += raw.length;
      if (br.length < raw.length) {
        await writeFile(`${file}.br`, br);
        stats.brBytes += br.length;
      }
      if (gzipped.length < raw.length) {
        await writeFile(`${file}.gz`, gzipped);
        stats.gzBytes += gzipped.length;
      }
    }),
  );
  return stats;
}

/** Precompresses the build output and records what kind of build it was (`BUILD_INFO_FILE`). */
export function precompressPlugin(): Plugin {
  let outDir = '';
  let nodeEnv: BuildInfo['nodeEnv'] = 'production';
  return {
    name: 'replypilot:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      nodeEnv = config.isProduction ? 'production' : 'development';
    },
    async closeBundle(error?: Error) {
      if (error) return;
      await precompressDir(outDir);
      const info: BuildInfo = { nodeEnv, precompressed: true };
      await writeFile(path.join(outDir, BUILD_INFO_FILE), `${JSON.stringify(info)}\n`);
    },
  };
}
