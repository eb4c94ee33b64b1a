/**
 * A conversion process (convert.ts starts one per step, never the server itself): reads the
 * file from stdin, runs the step named by its one argument, and writes the PDF (or DOCX) to
 * stdout. Its exit code tells the server what happened: 0 done; EXIT_REFUSED the file's own
 * problem, its message for the applicant on stdout; EXIT_RESOURCES out of memory; anything
 * else a failure of ours (stderr says which). Its time, heap and address space are limited by
 * whoever started it.
 *
 * @example
 * node --max-old-space-size=512 server/dist/convertProcess.js png < photo.png > photo.pdf
 */
import {
  CONVERSION_STEPS,
  ConversionError,
  type ConversionStep,
  EXIT_REFUSED,
  EXIT_RESOURCES,
  isOutOfMemory,
  runConversionStep,
} from './convert.ts';

const isStep = (value: string | undefined): value is ConversionStep =>
  (CONVERSION_STEPS as readonly (string | undefined)[]).includes(value);

/** Writes `bytes` to stdout and waits until they are handed to the pipe. */
function writeOut(bytes: Uint8Array | string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(bytes, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

async function main(): Promise<number> {
  const step = process.argv[2];
  if (!isStep(step)) {
    process.stderr.write(`unknown conversion step ${String(step)}\n`);
    return 2;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  try {
    await writeOut(await runConversionStep(step, Buffer.concat(chunks)));
    return 0;
  } catch (error) {
    if (error instanceof ConversionError) {
      // Its catalogue id and values: the server says it in each reader's language.
      await writeOut(JSON.stringify(error.text));
      return EXIT_REFUSED;
    }
    // "Array buffer allocation failed" and the like: the address-space limit, not a bug.
    if (isOutOfMemory(error)) return EXIT_RESOURCES;
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}

process.exitCode = await main();
