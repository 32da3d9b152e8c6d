// Writes sdk/types/<name>.d.ts from each published JSON Schema (protocol/schema/<name>.json, written by
// `boardroom schema`) with json-schema-to-typescript: every `$defs` entry becomes an exported type, the
// lower-case roots under their capitalised names (a game's `action` is `Action`, `catalog` is `Catalog`).
// `npm run types` rewrites them; `npm run types -- --check` exits 1 naming each file that differs (or is
// missing, or has no schema any more), as `boardroom schema --check` does for the schemas.
import { readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
export const SCHEMAS = join(web, '..', '..', 'protocol', 'schema');
export const TYPES = join(web, 'sdk', 'types');

/** json-schema-to-typescript's options: the same output on every machine and every run. */
const OPTIONS = {
  bannerComment: '',
  unreachableDefinitions: true,
  additionalProperties: true,
  format: true,
  style: { singleQuote: true, printWidth: 110, trailingComma: 'all' },
  cwd: SCHEMAS,
  $refOptions: { resolve: { external: false, file: false, http: false } },
};

const DEFS = '#/$defs/';
const capitalised = (name) => name[0].toUpperCase() + name.slice(1);

/** The exported name of a definition: a lower-case root capitalised (a game's `action` is `Action`), a
 * generic's instance (`Play_games.infarkt.model.UseMedicine___...`, `CommitmentsView_list_str__`) by its generic's name (`Play`). */
function exportedName(name) {
  if (/^[a-z]/.test(name)) return capitalised(name);
  const generic = /^([A-Z][A-Za-z0-9]*)_.+_$/.exec(name);
  return generic ? generic[1] : name;
}

/**
 * The schema as json-schema-to-typescript reads it: a root of no type (each file's types are its
 * `$defs`, emitted as unreachable definitions), each definition under its exported name. A root that
 * only points at another definition is an alias of it (`Catalog` is `CatalogDoc`), or left out when it
 * points at its own exported name (`view` at `View`). Two definitions that would share a name are an
 * error.
 */
export function prepared(schema) {
  const refTo = (def) => (Object.keys(def).length === 1 && def.$ref ? def.$ref.slice(DEFS.length) : null);
  const names = {}; // each definition's exported name
  const kept = new Set(); // the definitions emitted (not those standing for a definition of their name)
  for (const [name, def] of Object.entries(schema.$defs)) {
    names[name] = exportedName(name);
    const target = refTo(def);
    if (target !== null && exportedName(target) === names[name]) continue;
    if ([...kept].some((other) => names[other] === names[name])) {
      throw new Error(`two definitions would be named ${names[name]}`);
    }
    kept.add(name);
  }
  const defs = {};
  for (const name of kept) {
    const def = schema.$defs[name];
    const target = refTo(def);
    const text = JSON.stringify(def).replace(/"#\/\$defs\/([^"]+)"/g, (_, ref) => `"${DEFS}${names[ref]}"`);
    defs[names[name]] = target === null
      ? { ...JSON.parse(text), title: names[name] }
      : { tsType: names[target], title: names[name] };
  }
  return { title: 'Root', type: 'object', additionalProperties: false, $defs: defs };
}

/** `text` in lines of at most 100 characters, broken between words. */
function wrapped(text) {
  const lines = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + word.length < 100) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

function header(name, schema) {
  return [
    `// ${schema.title}: generated from protocol/schema/${name}.json by \`npm run types\`; do not edit.`,
    ...wrapped(schema.description ?? '').map((line) => `// ${line}`),
    '',
  ].join('\n');
}

function readSchema(name) {
  return JSON.parse(readFileSync(join(SCHEMAS, `${name}.json`), 'utf8'));
}

/** The declarations of one schema file, as committed. */
export async function declarations(name) {
  const schema = readSchema(name);
  const body = await compile(prepared(schema), name, OPTIONS);
  // the root (no type of its own) and the generator's note of where each definition came from go
  const types = body
    .replace(/^export interface Root \{\}\n+/m, '')
    .replace(/\/\*\*\n \* This interface was referenced by `Root`'s JSON-Schema\n \* via the `definition` "[^"]+".\n \*\/\n/g, '')
    .replace(/ \*\n \* This interface was referenced by `Root`'s JSON-Schema\n \* via the `definition` "[^"]+".\n/g, '');
  return `${header(name, schema)}\n${types.trimEnd()}\n`;
}

/** The schema names, sorted: one declaration file each. */
export function schemaNames() {
  return readdirSync(SCHEMAS).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
}

/** `games.d.ts`: each game file's roots under its game id, for `Connection<Games['gregs']>`. */
export function gamesIndex(names) {
  const games = names.filter((name) => 'action' in readSchema(name).$defs);
  return [
    '// Every shipped game\'s types by its id: generated by `npm run types`; do not edit.',
    ...games.map((name) => `import type * as ${name} from './${name}.js';`),
    '',
    '/** Each game\'s room options, client actions, view and event bodies (its `$defs` roots). */',
    'export interface Games {',
    ...games.map((name) => (
      `  ${name}: { options: ${name}.Options; action: ${name}.Action; view: ${name}.View; event: ${name}.Event };`)),
    '}',
    '',
  ].join('\n');
}

/** `[file, text]` of every declaration file that should exist. */
export async function expected() {
  const names = schemaNames();
  const out = [];
  for (const name of names) out.push([`${name}.d.ts`, await declarations(name)]);
  out.push(['games.d.ts', gamesIndex(names)]);
  return out;
}

/** Each declaration file that differs from its schema, is missing, or has no schema: one line each. */
export async function stale() {
  const want = new Map(await expected());
  let present = [];
  try {
    present = readdirSync(TYPES).filter((f) => f.endsWith('.d.ts'));
  } catch {
    present = [];
  }
  const found = [];
  for (const [file, text] of want) {
    let have = null;
    try {
      have = readFileSync(join(TYPES, file), 'utf8');
    } catch {
      have = null;
    }
    if (have === null) found.push(`sdk/types/${file} is missing`);
    else if (have !== text) found.push(`sdk/types/${file} is stale`);
  }
  for (const file of present) {
    if (!want.has(file)) found.push(`sdk/types/${file} has no schema`);
  }
  return found;
}

async function write() {
  const want = await expected();
  mkdirSync(TYPES, { recursive: true });
  for (const file of readdirSync(TYPES)) {
    if (file.endsWith('.d.ts') && !want.some(([f]) => f === file)) rmSync(join(TYPES, file));
  }
  for (const [file, text] of want) writeFileSync(join(TYPES, file), text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--check')) await write();
  const found = await stale();
  for (const line of found) console.error(line);
  if (found.length) console.error('run `npm run types` in clients/web to regenerate them');
  process.exit(found.length ? 1 : 0);
}
