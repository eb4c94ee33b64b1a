/**
 * A PDF render thread (services/pdf/threads.ts starts it): typesets the application PDFs it
 * is sent with Typst, one after another, with a compiler and fonts of its own, and posts each
 * one back. Typst's compile is synchronous: here it holds this thread, not the server's event
 * loop.
 */
import { parentPort } from 'node:worker_threads';

import { renderTypstApplicationPdf } from './typst/render.ts';
import type { PdfRenderReply, PdfRenderRequest } from './threads.ts';

const port = parentPort;
if (port === null)
  throw new Error('pdfWorker.ts runs as a worker thread (services/pdf/threads.ts)');

port.on('message', (request: PdfRenderRequest) => {
  const refusals: string[] = [];
  renderTypstApplicationPdf(request.model, request.meta, request.attachments, request.look, {
    ...request.options,
    onPdfUaRefused: (reason) => refusals.push(reason),
  }).then(
    (pdf) => {
      // A copy of its own, handed over without another copy.
      const bytes = new Uint8Array(pdf);
      const reply: PdfRenderReply = { id: request.id, pdf: bytes, refusals };
      port.postMessage(reply, [bytes.buffer]);
    },
    (error: unknown) => {
      const reply: PdfRenderReply = {
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
        refusals,
      };
      port.postMessage(reply);
    },
  );
});
