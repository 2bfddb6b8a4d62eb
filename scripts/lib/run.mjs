// Child processes with the person's terminal attached, and failures that say what failed.
import { spawn, spawnSync } from 'node:child_process';
import { REPO_ROOT, ScriptError } from './repo.mjs';

const show = (command, args) => [command, ...args].map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' ');

/**
 * Runs a command with inherited stdio. Resolves to the exit code when `allowFailure`,
 * otherwise throws a ScriptError naming the command and how it ended.
 */
export function run(command, args = [], options = {}) {
  const { cwd = REPO_ROOT, env = process.env, allowFailure = false, label = show(command, args), onLine, echo = true } = options;
  return new Promise((resolve, reject) => {
    // With onLine, output is still shown as it comes (unless `echo: false`), and each line is also
    // handed to onLine.
    const stdio = onLine ? ['inherit', 'pipe', 'pipe'] : (options.stdio ?? 'inherit');
    const child = spawn(command, args, { cwd, env, stdio });
    if (onLine) {
      for (const [stream, sink] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          if (echo) sink.write(chunk);
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          lines.forEach(onLine);
        });
        stream.on('end', () => rest && onLine(rest));
      }
    }
    child.on('error', (error) => {
      const reason = error.code === 'ENOENT' ? `command not found: ${command}` : error.message;
      reject(new ScriptError(`${label}: ${reason}`));
    });
    child.on('exit', (code, signal) => {
      const exitCode = code ?? (signal ? 128 : 1);
      if (exitCode === 0 || allowFailure) resolve(exitCode);
      else reject(new ScriptError(`${label} failed (${signal ? `signal ${signal}` : `exit code ${code}`}) in ${cwd}`));
    });
  });
}

/** Runs a command to read its output; never throws. */
export function capture(command, args = [], options = {}) {
  const result = spawnSync(command, args, { cwd: options.cwd ?? REPO_ROOT, env: options.env ?? process.env, encoding: 'utf8' });
  return { ok: result.status === 0 && !result.error, status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
