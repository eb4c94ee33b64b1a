/**
 * The staff CLI (`npm run admin -- …`) run in the test's process, as an operator runs it:
 * against a test file's database, with its data key, its output kept.
 */
import { type CliIo, runCli } from '../cli/run.ts';
import { ORIGIN, type TestContext } from './context.ts';

/** What one CLI run printed, and how it ended. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a CLI run on `ctx`'s database, with the app's data key. */
export function cliEnv(ctx: Pick<TestContext, 'url' | 'dataKey'>): Record<string, string> {
  return { DATABASE_URL: ctx.url, PUBLIC_ORIGIN: ORIGIN, DATA_KEY: ctx.dataKey };
}

/**
 * Runs `args` with `env` (nothing else of this process's) in `cwd`; `password` is what
 * `staff add|reset` reads from standard input.
 */
export async function runAdmin(
  args: string[],
  options: {
    env: Record<string, string>;
    cwd: string;
    password?: string;
    attachments?: CliIo['attachments'];
  },
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const { password, attachments } = options;
  const code = await runCli(args, {
    env: options.env,
    cwd: options.cwd,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    interactive: false,
    ...(password === undefined ? {} : { readSecret: () => Promise.resolve(`${password}\n`) }),
    ...(attachments === undefined ? {} : { attachments }),
  });
  return { code, stdout, stderr };
}
