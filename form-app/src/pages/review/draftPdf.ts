/**
 * The draft PDF an applicant downloads from the review before submitting. The
 * server prints "DRAFT: not submitted" on every page of a PDF made before submission
 * (server/src/services/pdf): here the browser asks for it once the answers are saved.
 */
import { api } from '../../api/endpoints.ts';
import { type PdfStatus } from '../../api/types.ts';

/** SPEC §9: the PDF status is asked for every second while it is being made. */
export const DRAFT_PDF_POLL_MS = 1000;
/** How many times to ask before telling the applicant to try again (documents converting). */
export const DRAFT_PDF_POLLS = 30;

/**
 * Why the draft PDF could not be downloaded, as the id of what the review says (ours: SPEC has
 * no draft; the generic one is SPEC §8's, as for a failed PDF status).
 */
export type DraftPdfMessageId =
  'app.error.generic' | 'app.review.draft.notAnswered' | 'app.review.draft.waiting';

/** A draft PDF that could not be made, for a reason the review says in the page's language. */
export class DraftPdfProblem extends Error {
  override name = 'DraftPdfProblem';
  constructor(readonly messageId: DraftPdfMessageId) {
    super(messageId);
  }
}

/** Where the PDF stands, and what the applicant is told when it cannot be downloaded. */
export function draftPdfOutcome(
  status: PdfStatus,
  url: string | null,
):
  | { kind: 'ready'; url: string }
  | { kind: 'wait' }
  | { kind: 'failed'; messageId: DraftPdfMessageId } {
  switch (status) {
    case 'COMPLETED':
      return url === null || url === ''
        ? { kind: 'failed', messageId: 'app.error.generic' }
        : { kind: 'ready', url };
    case 'NOT_ANSWERED':
      return { kind: 'failed', messageId: 'app.review.draft.notAnswered' };
    case 'UNPROCESSED':
    case 'IN_PROGRESS':
      return { kind: 'wait' };
    case 'FAILED':
      return { kind: 'failed', messageId: 'app.error.generic' };
  }
}

/**
 * Saves what changed, then asks for the PDF until it is ready: its download address. Throws a
 * `DraftPdfProblem`, or the failed request's `ServerError` with the server's message for the
 * applicant (or `UnauthorizedError` on a 401).
 */
export async function makeDraftPdf(
  save: () => Promise<void>,
  wait: (ms: number) => Promise<void> = (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms);
    }),
): Promise<string> {
  // The PDF prints the stored answers: the review must never offer a stale copy.
  await save();
  for (let poll = 0; poll < DRAFT_PDF_POLLS; poll += 1) {
    const { status, url } = await api.pdf();
    const outcome = draftPdfOutcome(status, url);
    if (outcome.kind === 'ready') return outcome.url;
    if (outcome.kind === 'failed') throw new DraftPdfProblem(outcome.messageId);
    await wait(DRAFT_PDF_POLL_MS);
  }
  throw new DraftPdfProblem('app.review.draft.waiting');
}

/** Hands the file at `url` to the browser as a download (the server names it). */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
