// Layers point one way. The server core never imports from `src/modules` (a module registers
// what the core needs, e.g. the identity module's access-token verifier), and a module never
// reads another module's tables: it neither imports that module's `tables` nor its `repo`, it
// calls that module's service. This test reads the sources and names every file that breaks
// either rule, with the import that does.
import fs from 'node:fs';
import path from 'node:path';

const SRC = __dirname;
/** The server core: everything a market module builds on. */
const CORE_FOLDERS = ['plugins', 'market', 'messages', 'trading', 'http', 'ledger', 'db', 'pubsub', 'storage', 'jobs'];
/** The files of a module that hold (or query) its tables. */
const TABLE_FILES = /^(tables|repo)(\.ts|\/|$)/;

const isSource = (file: string) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts');

function sourcesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(folder, entry))
    .filter((file) => isSource(file) && fs.statSync(file).isFile())
    .sort();
}

const IMPORT_PATTERNS = [
  // import x from '…', import { a, b } from '…', import type * as x from '…', import x, { y } from '…'
  /^\s*import\s+(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\*\s+as\s+[\w$]+|\{[^}]*\})?\s*from\s*['"]([^'"\n]+)['"]/gm,
  // import '…' (for its side effects)
  /^\s*import\s*['"]([^'"\n]+)['"]/gm,
  // export * from '…', export * as x from '…', export { a } from '…', export type { A } from '…'
  /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"\n]+)['"]/gm,
  // import('…'), require('…'), jest.mock('…')
  /\b(?:import|require|jest\.mock)\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

/** Every module specifier the file imports, re-exports, requires or mocks. Comment lines are skipped. */
export function importsOf(text: string): string[] {
  const code = text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line))
    .join('\n');
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) found.add(match[1]!);
  }
  return [...found];
}

/** The specifier's target relative to `src` ("modules/identity/service"), or null for a package. */
function targetOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return path.relative(SRC, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/');
}

/** Whether an import from `file` reaches into `src/modules`. */
export function reachesModules(file: string, specifier: string): boolean {
  const target = targetOf(file, specifier);
  if (target !== null) return target === 'modules' || target.startsWith('modules/');
  // A bare or aliased path ("src/modules/…", "@/modules/…"): any path segment named `modules`.
  return specifier.split('/').includes('modules');
}

/** The other module whose tables an import from `file` (inside `modules/<own>/`) reads, or null. */
export function otherModuleTables(file: string, specifier: string): string | null {
  const own = path.relative(SRC, file).split(path.sep)[1];
  const target = targetOf(file, specifier);
  const match = target === null ? null : /^modules\/([^/]+)\/(.+)$/.exec(target);
  if (!match || match[1] === own) return null;
  return TABLE_FILES.test(match[2]!) ? match[1]! : null;
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

describe('layering', () => {
  it('the detector sees every form of import and nothing in comments', () => {
    const text = [
      "import { a } from '../modules/x/service';",
      "import type {\n  B,\n  C,\n} from '../../modules/y/tables';",
      "import d, { e } from './d';",
      "import * as f from 'src/modules/f';",
      "import 'side-effect';",
      "export { g } from './g';",
      "export * from '../modules/h';",
      "export type { I } from './i';",
      "const j = await import('../modules/j');",
      "jest.mock('../modules/k');",
      "// import { l } from '../modules/l';",
      " * import { m } from '../modules/m';",
      "const text = x.from('../modules/n');",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(
      ['../modules/x/service', '../../modules/y/tables', './d', 'src/modules/f', 'side-effect', './g', '../modules/h', './i', '../modules/j', '../modules/k'].sort(),
    );
    const inTrading = path.join(SRC, 'trading', 'engine.ts');
    expect(reachesModules(inTrading, '../modules/crypto/rules')).toBe(true);
    expect(reachesModules(inTrading, '../modules')).toBe(true);
    expect(reachesModules(path.join(SRC, 'plugins', 'external', 'x.ts'), '../../modules/web/csp')).toBe(true);
    expect(reachesModules(inTrading, 'src/modules/crypto')).toBe(true);
    expect(reachesModules(inTrading, '../ledger/api')).toBe(false);
    expect(reachesModules(inTrading, 'node_modules/x')).toBe(false);
    const inWallet = path.join(SRC, 'modules', 'wallet', 'repo.ts');
    expect(otherModuleTables(inWallet, '../identity/tables')).toBe('identity');
    expect(otherModuleTables(inWallet, '../account/repo')).toBe('account');
    expect(otherModuleTables(inWallet, './tables')).toBeNull();
    expect(otherModuleTables(inWallet, '../account/service')).toBeNull();
    expect(otherModuleTables(inWallet, '../../trading/tables')).toBeNull();
  });

  it('the server core imports nothing from src/modules', () => {
    const files = CORE_FOLDERS.flatMap((folder) => sourcesUnder(path.join(SRC, folder)));
    expect(files.length).toBeGreaterThan(20);
    const wrong = files.flatMap((file) =>
      importsOf(fs.readFileSync(file, 'utf8'))
        .filter((specifier) => reachesModules(file, specifier))
        .map((specifier) => `${rel(file)} imports '${specifier}'`),
    );
    expect(wrong).toEqual([]);
  });

  it("a module never reads another module's tables (it calls that module's service)", () => {
    const files = sourcesUnder(path.join(SRC, 'modules'));
    expect(files.length).toBeGreaterThan(20);
    const wrong = files.flatMap((file) =>
      importsOf(fs.readFileSync(file, 'utf8'))
        .filter((specifier) => otherModuleTables(file, specifier) !== null)
        .map((specifier) => `${rel(file)} imports '${specifier}'`),
    );
    expect(wrong).toEqual([]);
  });
});
