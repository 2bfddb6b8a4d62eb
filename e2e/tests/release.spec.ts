// Releasing one remote on its own (the server reads the registry per request): a labelled
// publish shows after a reload and a rollback takes it away, without the shell changing; a
// remote published with an absolute entry on a second origin loads from there under the CSP.
// Both change a deploy, so they run one after the other in this one file, against a second
// server over a copy of this run's deploy (support-private-server.ts says why), and put
// everything back at the end.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { release as releaseIn, type RegistrySnapshot } from '../support/helpers';
import { REPO_ROOT } from '../support/paths';
import { blockingViolations } from './support-a11y';
import { expect, expectNoProblems, expectRemoteFetched, signIn, test as base } from './support-fixtures';
import { startPrivateServer, type PrivateServer } from './support-private-server';
import { startRemotesServer, type StaticServer } from './support-static-server';

const test = base.extend<object, { deploy: PrivateServer }>({
  deploy: [
    async ({}, use) => {
      const server = await startPrivateServer('release');
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ deploy }, use) => use(deploy.url),
});

let deployDir = '';
const release = (args: string[], options: { allowFailure?: boolean } = {}) => releaseIn(args, { ...options, env: { DEPLOY_DIR: deployDir } });
const readRegistry = (): RegistrySnapshot => JSON.parse(fs.readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')) as RegistrySnapshot;
const versionsOnDisk = (remote: string) => fs.readdirSync(path.join(deployDir, 'remotes', remote)).filter((n) => !n.startsWith('.'));

test.describe.configure({ mode: 'serial' });

const registryBefore: RegistrySnapshot = { remotes: {}, updatedAt: '' };
let distBackup: string | null = null;
let label = '';
let secondOrigin: StaticServer | null = null;

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** What the server hands out of the shell: its page, its entry script and its manifest. */
async function shellFingerprint(request: APIRequestContext): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const file of ['/', '/main.js', '/mf-manifest.json']) {
    const response = await request.get(file, { headers: { accept: file === '/' ? 'text/html' : '*/*' } });
    expect(response.status(), file).toBe(200);
    // The page carries the live registry (and the page remote's preloads): the shell is the rest.
    const body = file === '/' ? Buffer.from((await response.text()).replace(/<script type="application\/json" id="pasar-registry">.*?<\/script>/s, '').replace(/<link rel="preload"[^>]*>/g, '')) : await response.body();
    prints[file] = `${sha256(body)} etag=${response.headers().etag ?? '-'}`;
  }
  return prints;
}

function copyDir(from: string, to: string): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}

const distOf = (remote: string) => path.join(REPO_ROOT, remote, 'dist');
const distHasLabel = (remote: string, text: string) =>
  fs.existsSync(distOf(remote)) &&
  fs.readdirSync(distOf(remote)).some((f) => f.endsWith('.js') && fs.readFileSync(path.join(distOf(remote), f), 'utf8').includes(text));

const buildLabel = (page: Page) => page.getByTestId('remote-build-label');
async function expectBaseline(page: Page, baseline: string | null): Promise<void> {
  if (baseline === null) await expect(buildLabel(page)).toHaveCount(0);
  else await expect(buildLabel(page)).toHaveText(baseline);
}

test.beforeAll(({ deploy }) => {
  deployDir = deploy.deployDir;
  Object.assign(registryBefore, readRegistry());
});

test.afterAll(async () => {
  // The deploy: each remote back at the entry it had before this file ran.
  const live = readRegistry().remotes;
  for (const [key, before] of Object.entries(registryBefore.remotes)) {
    const now = live[key];
    if (now?.entry === before.entry) continue;
    const remote = key.replace('_', '-');
    if (key === 'mf_account' && now && /^https?:/.test(now.entry)) {
      // Rollback keeps the live entry's origin, so moving back to the server's own /remotes is a publish.
      release(['publish', remote, '--no-build'], { allowFailure: true });
    }
    if (readRegistry().remotes[key]?.entry !== before.entry) release(['rollback', remote, '--to', before.version], { allowFailure: true });
  }
  if (secondOrigin) await secondOrigin.close();
  // The repository: the labelled build overwrote mf-reports/dist; put the one from before back.
  if (distBackup && label && distHasLabel('mf-reports', label)) copyDir(distBackup, distOf('mf-reports'));
  if (distBackup) fs.rmSync(distBackup, { recursive: true, force: true });
});

test('a labelled mf-reports goes live on reload and a rollback takes it back; the shell never changes', async ({
  page,
  context,
  baseURL,
  request,
  watch,
}) => {
  test.setTimeout(6 * 60_000);
  const before = registryBefore.remotes.mf_reports;
  expect(before, 'global setup published mf-reports').toBeDefined();
  const shell = await shellFingerprint(request);
  await signIn(context, baseURL!);

  await page.goto('/transaction-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat transaksi' })).toBeVisible();
  // What the live build shows now: normally no label. (Another run on the same machine may have
  // left a labelled mf-reports/dist for global setup to publish; the journey holds either way.)
  const baseline = (await buildLabel(page).count()) > 0 ? await buildLabel(page).textContent() : null;

  label = `e2e ${Date.now().toString(36)}`;
  distBackup = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-e2e-mf-reports-dist-'));
  copyDir(distOf('mf-reports'), distBackup);
  const published = release(['publish', 'mf-reports', '--label', label]);
  const after = readRegistry().remotes.mf_reports!;
  expect(after.version, published.stdout).not.toBe(before!.version);
  expect(published.stdout).toContain(`live: ${before!.version} → ${after.version}`);
  expect(versionsOnDisk('mf-reports')).toEqual(expect.arrayContaining([before!.version, after.version]));
  const history = JSON.parse(fs.readFileSync(path.join(deployDir, 'history.json'), 'utf8')) as { entries: { remote: string; to: string; label?: string }[] };
  expect(history.entries.at(-1)).toMatchObject({ remote: 'mf-reports', to: after.version, label });
  // Only mf-reports moved.
  for (const [key, entry] of Object.entries(registryBefore.remotes)) {
    if (key !== 'mf_reports') expect(readRegistry().remotes[key], key).toEqual(entry);
  }

  // The open page keeps what it loaded; a reload shows the new build.
  await expectBaseline(page, baseline);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat transaksi' })).toBeVisible();
  await expect(buildLabel(page)).toHaveText(label);
  await expect(buildLabel(page)).toHaveAttribute('title', `Build ${label}`);
  // The tag is part of the page for everyone who sees it: readable in the theme.
  const axe = await blockingViolations(page, 'the build label', { include: '[data-testid="remote-build-label"]' });
  expect(axe, `serious/critical axe violations:\n${axe}`).toBe('');
  expect((await lastRegistryVersion(watch)).mf_reports).toBe(after.version);
  await expectRemoteFetched(watch, 'mf_reports', baseURL!);
  // The same remote's other page carries it; another remote does not.
  await page.goto('/en/tax-reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax reports' })).toBeVisible();
  await expect(buildLabel(page)).toHaveText(label);
  await page.goto('/en/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(buildLabel(page).filter({ hasText: label })).toHaveCount(0);
  expect(await shellFingerprint(request), 'the shell after the publish').toEqual(shell);

  const rolledBack = release(['rollback', 'mf-reports']);
  expect(rolledBack.stdout).toContain(`${after.version} → ${before!.version}`);
  expect(readRegistry().remotes.mf_reports).toEqual(before);
  await page.goto('/transaction-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat transaksi' })).toBeVisible();
  await expectBaseline(page, baseline);
  expect((await lastRegistryVersion(watch)).mf_reports).toBe(before!.version);
  await expectRemoteFetched(watch, 'mf_reports', baseURL!);
  expect(await shellFingerprint(request), 'the shell after the rollback').toEqual(shell);
  expectNoProblems(watch, 'publish and rollback');
});

test('mf-account published on a second origin loads from there, allowed by the CSP', async ({ page, context, baseURL, request, watch }) => {
  test.setTimeout(2 * 60_000);
  const before = registryBefore.remotes.mf_account!;
  expect(before, 'global setup published mf-account').toBeDefined();
  secondOrigin = await startRemotesServer(deployDir);
  const origin = secondOrigin.origin;
  const shell = await shellFingerprint(request);

  const published = release(['publish', 'mf-account', '--no-build', '--entry-base', origin]);
  const live = readRegistry().remotes.mf_account!;
  expect(live.entry, published.stdout).toBe(`${origin}/remotes/mf-account/${live.version}/mf-manifest.json`);

  await signIn(context, baseURL!);
  const response = await page.goto('/account');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(new RegExp(`script-src [^;]*${origin.replace(/[.]/g, '\\.')}`));
  expect(csp).toMatch(new RegExp(`connect-src [^;]*${origin.replace(/[.]/g, '\\.')}`));
  expect(csp, 'still no unsafe-eval').not.toContain('unsafe-eval');
  await expect(page.getByRole('heading', { level: 1, name: 'Akun' })).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);

  // Everything of mf-account came from the second origin: manifest, entry and chunks.
  await expectRemoteFetched(watch, 'mf_account', baseURL!);
  const fromSecond = watch.responses.filter((r) => r.url.startsWith(`${origin}/remotes/mf-account/${live.version}/`));
  expect(fromSecond.map((r) => r.status).every((s) => s === 200), JSON.stringify(fromSecond)).toBe(true);
  expect(fromSecond.some((r) => r.url.endsWith('/mf-manifest.json'))).toBe(true);
  expect(fromSecond.filter((r) => r.url.endsWith('.js')).length).toBeGreaterThan(1);
  expect(watch.responses.filter((r) => r.url.startsWith(`${baseURL}/remotes/mf-account/`)), 'nothing of mf-account from the first origin').toEqual([]);
  // Another page of the same remote: its lazy chunk comes from there too.
  await page.getByRole('link', { name: 'Profil' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
  expect(secondOrigin.requests.filter((r) => r.status !== 200), 'the second origin served every request').toEqual([]);
  expectNoProblems(watch, '/account from a second origin');
  expect(await shellFingerprint(request), 'the shell').toEqual(shell);

  // Back on the server's own /remotes: loads from there again, and the CSP forgets the origin.
  release(['publish', 'mf-account', '--no-build']);
  if (readRegistry().remotes.mf_account!.version !== before.version) release(['rollback', 'mf-account', '--to', before.version]);
  expect(readRegistry().remotes.mf_account).toEqual(before);
  const seenBefore = watch.responses.length;
  const again = await page.goto('/en/account');
  expect(again?.headers()['content-security-policy']).not.toContain(origin);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expectRemoteFetched(watch, 'mf_account', baseURL!);
  expect(
    watch.responses.slice(seenBefore).filter((r) => r.url.startsWith(origin)),
    'this page asked the second origin nothing after the restore',
  ).toEqual([]);
  expectNoProblems(watch, '/en/account after the restore');
});

async function lastRegistryVersion(watch: { registries: Promise<{ remotes: Record<string, { version: string }> }>[] }): Promise<Record<string, string>> {
  const registry = await watch.registries.at(-1)!;
  return Object.fromEntries(Object.entries(registry.remotes).map(([key, value]) => [key, value.version]));
}
