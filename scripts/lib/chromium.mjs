// The system Chromium, for Playwright and Lighthouse (browser downloads do not work here).
import fs from 'node:fs';
import { capture, run } from './run.mjs';
import { ScriptError, info, step } from './repo.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function found() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new ScriptError(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  return CANDIDATES.find((c) => fs.existsSync(c));
}

const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

/** Root with apt-get: Debian's packages can be installed. */
const canApt = () => typeof process.getuid === 'function' && process.getuid() === 0 && capture('sh', ['-c', 'command -v apt-get']).ok;

/** `apt-get install -y <name>`; resolves to the exit code with `allowFailure`. */
const aptInstall = (name, { allowFailure = false } = {}) =>
  run('apt-get', ['install', '-y', name], { env: APT_ENV, label: `apt-get install ${name}`, allowFailure });

/** Returns Chromium's path (installing Debian's package when root), and exports it for children. */
export async function ensureChromium() {
  let chromium = found();
  if (!chromium) {
    if (!canApt()) {
      throw new ScriptError(
        'Chromium is needed for the browser tests and was not found.\n' +
          '  Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
          '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
      );
    }
    step('Installing Chromium (apt-get install -y chromium)');
    await run('apt-get', ['update'], { env: APT_ENV, label: 'apt-get update' });
    await aptInstall('chromium');
    chromium = found();
    if (!chromium) throw new ScriptError('apt-get installed chromium, but no chromium binary was found in /usr/bin.');
    info(`Chromium at ${chromium}`);
  }
  process.env.CHROMIUM_PATH = chromium;
  process.env.CHROME_PATH ??= chromium;
  return chromium;
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** A browser named by hand (CHROMIUM_PATH before any script set it) is the one the suite runs in. */
const HAND_PICKED = process.env.CHROMIUM_PATH;

/**
 * The browser the Playwright suite drives: Chromium's headless shell (Debian's
 * `chromium-headless-shell`, the same build as `chromium`), which is also what Playwright drives
 * by default when headless. It has no browser UI, no GPU process to speak of and a lighter
 * renderer: the route checks took 33 s of Chromium's CPU with it against 62 s with the full
 * browser (decision 0028). Installed beside Chromium when root with apt; where it cannot be had,
 * the full Chromium runs the suite. Exported as PASAR_E2E_CHROMIUM for the e2e config. The
 * benchmarks (Lighthouse, interaction) keep the full browser, which is what a person runs.
 */
export async function ensureTestBrowser() {
  const chromium = await ensureChromium();
  if (process.env.PASAR_E2E_CHROMIUM) return process.env.PASAR_E2E_CHROMIUM;
  let browser = HAND_PICKED ? chromium : undefined;
  if (!browser && !fs.existsSync(HEADLESS_SHELL) && canApt()) {
    step('Installing Chromium\'s headless shell for the browser suite (apt-get install -y chromium-headless-shell)');
    if ((await aptInstall('chromium-headless-shell', { allowFailure: true })) !== 0) {
      info('chromium-headless-shell could not be installed: the browser suite runs in the full Chromium.');
    }
  }
  browser ??= fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromium;
  process.env.PASAR_E2E_CHROMIUM = browser;
  return browser;
}
