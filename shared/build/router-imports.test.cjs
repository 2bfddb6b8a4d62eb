// The router reaches the apps only through @pasar/shared (src/platform/router.ts), so it exists once,
// inside the shared singleton, and only the APIs named there ship (decision 0006). An app importing
// react-router-dom (or react-router) itself would bundle a second router whose contexts the shell's
// router does not fill: links and hooks in that app would fail at run time.
const fs = require('node:fs');
const path = require('node:path');

const repo = path.resolve(__dirname, '../..');
const ROUTER_FILE = path.join(repo, 'shared/src/platform/router.ts');
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
// import … from 'x' | export … from 'x' | import 'x' | import('x') | require('x') | jest.mock('x')
const ROUTER_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bjest\.(?:mock|requireActual|doMock)\s*\(\s*)['"](react-router(?:-dom)?(?:\/[^'"]*)?)['"]/g;

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

function directRouterImports(files) {
  const found = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(ROUTER_IMPORT)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${path.relative(repo, file)}:${line} imports ${match[1]}`);
    }
  }
  return found;
}

const appFolders = () =>
  fs
    .readdirSync(repo, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && (entry.name === 'shell' || entry.name.startsWith('mf-')))
    .map((entry) => entry.name);

describe('the router comes from @pasar/shared only', () => {
  it('finds the shell and the remotes', () => {
    expect(appFolders()).toEqual(expect.arrayContaining(['shell', 'mf-trade', 'mf-portfolio', 'mf-account', 'mf-wallet', 'mf-reports']));
  });

  it('no file under shell/src or mf-*/src imports react-router-dom or react-router', () => {
    const files = appFolders().flatMap((app) => sourceFiles(path.join(repo, app, 'src')));
    expect(files.length).toBeGreaterThan(50);
    expect(directRouterImports(files)).toEqual([]);
  });

  it("shared's own files use src/platform/router.ts too", () => {
    const files = sourceFiles(path.join(repo, 'shared/src')).filter((file) => file !== ROUTER_FILE);
    expect(directRouterImports(files)).toEqual([]);
  });

  it('notices every way of importing the router', () => {
    const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'router-imports-'));
    try {
      const samples = [
        "import { Link } from 'react-router-dom';",
        'import type { To } from "react-router";',
        "export { useLocation } from 'react-router-dom';",
        "const r = await import('react-router-dom');",
        "jest.mock('react-router-dom', () => ({}));",
        "const { Link } = require('react-router/dom');",
        "import 'react-router-dom';",
      ];
      samples.forEach((sample, i) => fs.writeFileSync(path.join(dir, `s${i}.ts`), `${sample}\n`));
      fs.writeFileSync(path.join(dir, 'fine.ts'), "// a react-router route table\nimport { Link } from '@pasar/shared';\n");
      expect(directRouterImports(sourceFiles(dir))).toHaveLength(samples.length);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
