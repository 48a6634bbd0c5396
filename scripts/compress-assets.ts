// Compresses the built client's fingerprinted files once, at build time, at the best settings
// (brotli quality 11, gzip level 9), beside each file as .br and .gz:
//   tsx scripts/compress-assets.ts            (npm run build runs it; BUILD_DIR picks the folder)
// The server sends these as they are (server/app.ts). Compressing each answer as it goes out can
// only afford a fast setting (brotli 4): the shared script every page loads was 111 KB that way
// and is 95 KB here, and no request spends CPU compressing it.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

export async function compressAssets(assetsDir: string): Promise<{ files: number; before: number; after: number }> {
  const names = (await readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
  let files = 0;
  let before = 0;
  let after = 0;
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(assetsDir, name);
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // Small files too (compressing as they go out starts at 1 KB): a page asks for several
      // chunks under 1 KB, and each still loses a third or more. Only where it is smaller.
      if (br.length >= source.length) return;
      await Promise.all([writeFile(`${file}.br`, br), gz.length < source.length ? writeFile(`${file}.gz`, gz) : null]);
      files += 1;
      before += source.length;
      after += br.length;
    }),
  );
  return { files, before, after };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, "..");
  const assetsDir = path.resolve(root, process.env.BUILD_DIR || "build", "client", "assets");
  const { files, before, after } = await compressAssets(assetsDir);
  console.log(`compressed ${files} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli)`);
}
