// Refreshes sdk/vendor/ from node_modules/: the browser (ESM) build of each served dependency and its
// licence, byte for byte, at the version package-lock.json pins. Run `npm ci && npm run vendor` after
// changing a pin; `npm run vendor:check` exits 1 when sdk/vendor/ differs from node_modules/.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(dirname(fileURLToPath(import.meta.url)));

/** Package name -> the files of it that the browser loads (paths inside the package). */
export const VENDORED = {
  'fast-json-patch': [
    'LICENSE.txt',
    'index.mjs',
    'module/core.mjs',
    'module/duplex.mjs',
    'module/helpers.mjs',
  ],
  // the Encoder and Decoder classes and what they import: the SDK loads them for `encoding: 'msgpack'`
  '@msgpack/msgpack': [
    'LICENSE',
    'dist.esm/CachedKeyDecoder.mjs',
    'dist.esm/DecodeError.mjs',
    'dist.esm/Decoder.mjs',
    'dist.esm/Encoder.mjs',
    'dist.esm/ExtData.mjs',
    'dist.esm/ExtensionCodec.mjs',
    'dist.esm/timestamp.mjs',
    'dist.esm/utils/int.mjs',
    'dist.esm/utils/prettyByte.mjs',
    'dist.esm/utils/typedArrays.mjs',
    'dist.esm/utils/utf8.mjs',
  ],
};

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Differences between sdk/vendor/ and node_modules/, one line each (empty: identical). */
export function differences() {
  const found = [];
  for (const [pkg, files] of Object.entries(VENDORED)) {
    const source = join(web, 'node_modules', pkg);
    const target = join(web, 'sdk', 'vendor', pkg);
    for (const file of files) {
      let same = false;
      try {
        same = readFileSync(join(source, file)).equals(readFileSync(join(target, file)));
      } catch {
        same = false;
      }
      if (!same) found.push(`${pkg}/${file} differs from node_modules`);
    }
    let present = [];
    try {
      present = filesUnder(target).map((path) => relative(target, path).split('\\').join('/'));
    } catch {
      present = [];
    }
    for (const file of present) {
      if (!files.includes(file)) found.push(`${pkg}/${file} is not a vendored file`);
    }
  }
  return found;
}

function refresh() {
  for (const [pkg, files] of Object.entries(VENDORED)) {
    const target = join(web, 'sdk', 'vendor', pkg);
    rmSync(target, { recursive: true, force: true });
    for (const file of files) {
      mkdirSync(dirname(join(target, file)), { recursive: true });
      copyFileSync(join(web, 'node_modules', pkg, file), join(target, file));
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--check')) refresh();
  const found = differences();
  for (const line of found) console.error(line);
  process.exit(found.length ? 1 : 0);
}
