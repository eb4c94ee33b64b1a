/**
 * Reads a password for the staff CLI: the first line of standard input when it is a pipe or a
 * file (scripts, tests), or, on a terminal, typed after a prompt on stderr with nothing echoed.
 */
import { createInterface } from 'node:readline';

export async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  return new Promise((resolve) => {
    const line = createInterface({ input, terminal: true });
    // Nothing typed is written back: readline would echo each key to its output.
    (line as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () =>
      undefined;
    line.once('line', (answer) => {
      line.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}
