/**
 * The application PDF typeset in threads of its own (worker_threads running pdfWorker.ts), not
 * on the server's event loop. Typst's compile is synchronous and takes tens of milliseconds for
 * a full application: on the event loop every request waited for it, and a burst of receipts
 * at a deadline (each with its PDF) rendered one at a time on one core while the other stayed
 * idle (bench/receipts). Each thread has a compiler and the fonts of its own (loaded on its
 * first render) and typesets one PDF at a time; renders wait in order for a free thread.
 *
 * @example
 * const pdf = await renderPdfInThread(model, meta, attachments, look, { pdfUa: true });
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { PrintModel } from '@admit/form-model';

import type { ApplicationPdfMeta, AttachmentPdf } from './meta.ts';
// Types only: the server's own thread never loads Typst, its fonts or its native module.
import type { TypstPdfLook, TypstPdfOptions } from './typst/render.ts';

/**
 * Threads that typeset at the same time: one per core but one (the event loop, PostgreSQL and
 * the SMTP connections need a core too), at least one, at most two. Each holds a compiler, its
 * fonts and its layout memo of its own (hundreds of MiB in a burst of receipts): on two cores
 * a second thread sent 1,000 receipts no faster than one, within the noise of a shared
 * machine, for about 180 MiB more (bench/receipts).
 */
export const PDF_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

/** What the server asks a thread to typeset (the arguments of `renderTypstApplicationPdf`). */
export interface PdfRenderRequest {
  id: number;
  model: PrintModel;
  meta: ApplicationPdfMeta;
  attachments: readonly AttachmentPdf[];
  look: TypstPdfLook;
  options: Omit<TypstPdfOptions, 'onPdfUaRefused'>;
}

/** A thread's answer: the PDF, or why it could not be typeset; PDF/UA-1's refusals either way. */
export type PdfRenderReply = { id: number; refusals: string[] } & (
  { pdf: Uint8Array; error?: undefined } | { error: string; pdf?: undefined }
);

interface Task {
  request: PdfRenderRequest;
  onPdfUaRefused: ((reason: string) => void) | undefined;
  resolve: (pdf: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  task: Task | undefined;
}

const threads: Thread[] = [];
const waiting: Task[] = [];
let nextId = 1;
let script: Promise<string> | undefined;

/**
 * pdfWorker.ts bundled by esbuild (a devDependency) into node_modules/.cache, named by its
 * content, when the server runs from its TypeScript source (tests, benches): a worker thread
 * runs JavaScript. The workspace's own packages (TypeScript) are bundled in; npm packages stay
 * imports, resolved from there as the server's own are.
 */
async function buildFromSource(here: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./pdfWorker.ts', here))],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@admit/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.text ?? '';
  const folder = fileURLToPath(new URL('../../../node_modules/.cache/admit-server/', here));
  const file = join(
    folder,
    `pdfWorker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
  );
  await mkdir(folder, { recursive: true });
  // Written under a name of its own, then renamed: a thread started meanwhile never reads half.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, code);
  await rename(partial, file);
  return file;
}

/**
 * The thread's script: the bundle's sibling `pdfWorker.js` in production (scripts/build.mjs
 * bundles both), or the source built once by `buildFromSource`.
 */
function workerScript(): Promise<string> {
  const here = import.meta.url;
  script ??= here.endsWith('.ts')
    ? buildFromSource(here)
    : Promise.resolve(fileURLToPath(new URL('./pdfWorker.js', here)));
  return script;
}

function settle(thread: Thread, reply: PdfRenderReply): void {
  const { task } = thread;
  if (task?.request.id !== reply.id) return;
  thread.task = undefined;
  // An idle thread never keeps the process alive (the staff CLI, a test run).
  thread.worker.unref();
  for (const reason of reply.refusals) task.onPdfUaRefused?.(reason);
  if (reply.pdf !== undefined) task.resolve(reply.pdf);
  else task.reject(new Error(reply.error));
}

function startThread(file: string): Thread {
  const thread: Thread = { worker: new Worker(file), task: undefined };
  thread.worker.unref();
  thread.worker.on('message', (reply: PdfRenderReply) => {
    settle(thread, reply);
    dispatch(file);
  });
  const lost = (why: string) => {
    const index = threads.indexOf(thread);
    if (index === -1) return;
    threads.splice(index, 1);
    const { task } = thread;
    thread.task = undefined;
    // Its render fails (the caller may try again); the renders waiting get a new thread.
    task?.reject(new Error(`The PDF render thread stopped: ${why}`));
    dispatch(file);
  };
  thread.worker.on('error', (error) => {
    lost(error.message);
  });
  thread.worker.on('exit', (code) => {
    lost(`it exited with code ${code}`);
  });
  threads.push(thread);
  return thread;
}

/** Hands the waiting renders to free threads, starting threads up to `PDF_THREADS`. */
function dispatch(file: string): void {
  while (waiting.length > 0) {
    const thread =
      threads.find((candidate) => candidate.task === undefined) ??
      (threads.length < PDF_THREADS ? startThread(file) : undefined);
    if (thread === undefined) return;
    const task = waiting.shift();
    if (task === undefined) return;
    thread.task = task;
    // Busy, the thread keeps the process alive until the PDF is back.
    thread.worker.ref();
    thread.worker.postMessage(task.request);
  }
}

/**
 * `renderTypstApplicationPdf` in a render thread: the same PDF, typeset off the event loop.
 * A PDF that cannot be typeset rejects with Typst's reason, as in-process.
 */
export async function renderPdfInThread(
  model: PrintModel,
  meta: ApplicationPdfMeta,
  attachments: readonly AttachmentPdf[] = [],
  look: TypstPdfLook = {},
  options: TypstPdfOptions = {},
): Promise<Uint8Array> {
  const file = await workerScript();
  const { onPdfUaRefused, ...rest } = options;
  return new Promise<Uint8Array>((resolve, reject) => {
    const id = nextId;
    nextId += 1;
    waiting.push({
      request: { id, model, meta, attachments, look, options: rest },
      onPdfUaRefused,
      resolve,
      reject,
    });
    dispatch(file);
  });
}

/** The render threads now: how many, and how many are typesetting (tests). */
export function pdfThreads(): { started: number; busy: number } {
  return {
    started: threads.length,
    busy: threads.filter((thread) => thread.task !== undefined).length,
  };
}

/** Ends every render thread; a render under way fails, a later one starts new threads. */
export async function stopPdfThreads(): Promise<void> {
  await Promise.all(threads.map((thread) => thread.worker.terminate()));
}
