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

/** Returns Chromium's path (installing Debian's package when root), and exports it for children. */
export async function ensureChromium() {
  let chromium = found();
  if (!chromium) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const hasApt = capture('sh', ['-c', 'command -v apt-get']).ok;
    if (!isRoot || !hasApt) {
      throw new ScriptError(
        'Chromium is needed for the browser tests and was not found.\n' +
          '  Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
          '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
      );
    }
    step('Installing Chromium (apt-get install -y chromium)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update'], { env, label: 'apt-get update' });
    await run('apt-get', ['install', '-y', 'chromium'], { env, label: 'apt-get install chromium' });
    chromium = found();
    if (!chromium) throw new ScriptError('apt-get installed chromium, but no chromium binary was found in /usr/bin.');
    info(`Chromium at ${chromium}`);
  }
  process.env.CHROMIUM_PATH = chromium;
  process.env.CHROME_PATH ??= chromium;
  return chromium;
}
