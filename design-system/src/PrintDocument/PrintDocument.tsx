import { Box, type SxProps, type Theme, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

import { visuallyHidden } from '../parts/visuallyHidden';

/**
 * `visuallyHidden` with its sizes in px: in `sx` a bare `width: 1` means 100%, so the shared
 * style lets hidden text stretch the page sideways on a phone (parts/visuallyHidden.ts).
 */
const screenReaderOnly = {
  ...visuallyHidden,
  width: '1px',
  height: '1px',
  margin: '-1px',
} as const;

/**
 * One line of the print view (SPEC §1). The same shape as form-model's `PrintLine` (what
 * `printableModel` returns), repeated here because widgets import no `@admit/*` package.
 */
export type PrintLine =
  | { kind: 'page'; text: string }
  | { kind: 'section'; text: string }
  | { kind: 'info'; text: string }
  /** A question; `answer` null prints an underlined blank, "" the question alone. */
  | { kind: 'question'; key: string; text: string; answer: string | null }
  /** One choice of a radio or checkbox, marked [X] when chosen. */
  | { kind: 'choice'; key: string; text: string; checked: boolean }
  /** An attached document, by file name. */
  | { kind: 'document'; key: string; text: string };

/** SPEC §1: what a chosen and an unchosen choice print as. */
export const PRINT_CHECKED_MARK = '[X]';
export const PRINT_UNCHECKED_MARK = '[ ]';

/** What a screen reader hears for a blank, and after each choice. */
export const PRINT_NOT_ANSWERED = 'Not answered';
export const PRINT_SELECTED = 'selected';
export const PRINT_NOT_SELECTED = 'not selected';

/** SPEC §1: an attached document is printed as this, then its file name. */
export const PRINT_DOCUMENT_PREFIX = 'Attached document:';

export interface PrintDocumentProps {
  /** The application as print lines, in order (form-model's `printableModel`). */
  lines: readonly PrintLine[];
  /** The document's title (an h1), e.g. "Gallatin College Application". */
  heading?: string;
  /** A line under the title, e.g. the applicant's name. */
  subheading?: string;
}

type ChoiceLine = Extract<PrintLine, { kind: 'choice' }>;
type DocumentLine = Extract<PrintLine, { kind: 'document' }>;

/** What a question row shows in its answer column. */
type RowAnswer =
  | { kind: 'value'; text: string }
  | { kind: 'blank' }
  | { kind: 'choices'; choices: ChoiceLine[] }
  | { kind: 'document'; document: DocumentLine }
  | { kind: 'none' };

/** The lines grouped for layout: a question with its choices or document is one row. */
type PrintBlock =
  | { kind: 'page' | 'section' | 'info'; text: string }
  | { kind: 'row'; question?: string; answer: RowAnswer };

/**
 * Groups lines into rows: a question printed with "" is the head of the choices or document
 * that follow it (form-model prints radios, checkbox groups and files that way).
 */
function printBlocks(lines: readonly PrintLine[]): PrintBlock[] {
  const blocks: PrintBlock[] = [];
  let index = 0;
  const takeChoices = () => {
    const choices: ChoiceLine[] = [];
    for (let line = lines[index]; line?.kind === 'choice'; line = lines[index]) {
      choices.push(line);
      index += 1;
    }
    return choices;
  };
  while (index < lines.length) {
    const line = lines[index];
    index += 1;
    if (line === undefined) break;
    switch (line.kind) {
      case 'page':
      case 'section':
      case 'info':
        blocks.push({ kind: line.kind, text: line.text });
        break;
      case 'question': {
        const next = lines[index];
        let answer: RowAnswer;
        if (line.answer === null) answer = { kind: 'blank' };
        else if (line.answer !== '') answer = { kind: 'value', text: line.answer };
        else if (next?.kind === 'choice') answer = { kind: 'choices', choices: takeChoices() };
        else if (next?.kind === 'document') {
          answer = { kind: 'document', document: next };
          index += 1;
        } else answer = { kind: 'none' };
        blocks.push({ kind: 'row', question: line.text, answer });
        break;
      }
      case 'choice':
        index -= 1;
        blocks.push({ kind: 'row', answer: { kind: 'choices', choices: takeChoices() } });
        break;
      case 'document':
        blocks.push({ kind: 'row', answer: { kind: 'document', document: line } });
        break;
    }
  }
  return blocks;
}

/** Question on the left, answer on the right; stacked below the mobile breakpoint. */
const rowLook: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
  columnGap: 3,
  rowGap: 0.5,
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  breakInside: 'avoid',
  '@media print': {
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
    borderColor: 'transparent',
  },
};

/** A blank: an underline as wide as a short answer, read as "Not answered". */
function Blank() {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        width: '100%',
        maxWidth: '16rem',
        height: '1.5em',
        borderBottom: '1px solid currentColor',
        verticalAlign: 'bottom',
      }}
    >
      <Box component="span" sx={screenReaderOnly}>
        {PRINT_NOT_ANSWERED}
      </Box>
    </Box>
  );
}

/** "[X] Yes" / "[ ] No": the mark is for the eye, "selected" / "not selected" for the ear. */
function Choices({ choices, labelledBy }: { choices: ChoiceLine[]; labelledBy?: string }) {
  return (
    <Box component="ul" aria-labelledby={labelledBy} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {choices.map((choice, index) => (
        <Box component="li" key={`${choice.key} ${String(index)}`} sx={{ display: 'flex', gap: 1 }}>
          <Box
            component="span"
            aria-hidden
            sx={{ fontFamily: 'monospace', whiteSpace: 'pre', flexShrink: 0 }}
          >
            {choice.checked ? PRINT_CHECKED_MARK : PRINT_UNCHECKED_MARK}
          </Box>
          <span>
            {choice.text}
            <Box component="span" sx={screenReaderOnly}>
              {`, ${choice.checked ? PRINT_SELECTED : PRINT_NOT_SELECTED}`}
            </Box>
          </span>
        </Box>
      ))}
    </Box>
  );
}

function Row({
  id,
  question,
  answer,
}: {
  id: string;
  question?: string;
  answer: RowAnswer;
}): ReactNode {
  const full = question === undefined;
  let shown: ReactNode;
  switch (answer.kind) {
    case 'value':
      shown = <Typography sx={{ overflowWrap: 'anywhere' }}>{answer.text}</Typography>;
      break;
    case 'blank':
      shown = (
        <Typography>
          <Blank />
        </Typography>
      );
      break;
    case 'choices':
      shown = <Choices choices={answer.choices} labelledBy={full ? undefined : id} />;
      break;
    case 'document':
      shown = (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {PRINT_DOCUMENT_PREFIX} <strong>{answer.document.text}</strong>
        </Typography>
      );
      break;
    case 'none':
      shown = null;
  }
  return (
    <Box sx={rowLook}>
      {!full && (
        <Typography id={id} sx={{ fontWeight: 600 }}>
          {question}
        </Typography>
      )}
      {shown !== null && <Box sx={full ? { gridColumn: '1 / -1' } : undefined}>{shown}</Box>}
    </Box>
  );
}

/** On paper: no frame, no tint, no shadow, black text. */
const documentLook: SxProps<Theme> = {
  maxWidth: '60rem',
  bgcolor: 'background.paper',
  color: 'text.primary',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  px: { xs: 2, sm: 4 },
  py: { xs: 2.5, sm: 4 },
  '@media print': {
    maxWidth: 'none',
    border: 'none',
    boxShadow: 'none',
    p: 0,
    bgcolor: 'common.white',
    '&, & h1, & h2, & h3, & p, & li, & span': { color: 'common.black' },
    '& h2': { borderColor: 'common.black' },
  },
};

/**
 * The read-only, print-style application a service user sees (SPEC §1, §6): page titles as h2,
 * sections as h3, each question with its answer beside it (below it on a phone), an empty
 * answer as an underlined blank ("Not answered" to a screen reader), choices as "[X] label" /
 * "[ ] label" ("selected" / "not selected" to a screen reader), and attached documents as
 * "Attached document: name". It has no buttons and no inputs, and prints in black on white.
 *
 * @example
 * ```tsx
 * <PrintDocument heading="Gallatin College Application" subheading="Ada Lovelace" lines={printableModel(pages, answers, documents, context)} />
 * ```
 */
export function PrintDocument({ lines, heading, subheading }: PrintDocumentProps) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  return (
    <Box
      component="article"
      aria-labelledby={heading === undefined ? undefined : headingId}
      sx={documentLook}
    >
      {heading !== undefined && (
        <Typography id={headingId} variant="h2" component="h1" sx={{ mb: 0.5 }}>
          {heading}
        </Typography>
      )}
      {subheading !== undefined && (
        <Typography sx={{ fontSize: '1.125rem', color: 'text.secondary' }}>{subheading}</Typography>
      )}
      {printBlocks(lines).map((block, index) => {
        const key = String(index);
        switch (block.kind) {
          case 'page':
            return (
              <Typography
                key={key}
                variant="h3"
                component="h2"
                sx={{
                  mt: 4,
                  mb: 1,
                  pb: 0.5,
                  borderBottom: 2,
                  borderColor: 'text.primary',
                  breakAfter: 'avoid',
                }}
              >
                {block.text}
              </Typography>
            );
          case 'section':
            return (
              <Typography
                key={key}
                variant="h5"
                component="h3"
                sx={{ mt: 3, mb: 0.5, breakAfter: 'avoid' }}
              >
                {block.text}
              </Typography>
            );
          case 'info':
            return (
              <Typography key={key} sx={{ py: 1 }}>
                {block.text}
              </Typography>
            );
          case 'row':
            return (
              <Row
                key={key}
                id={`${baseId}-${key}`}
                question={block.question}
                answer={block.answer}
              />
            );
        }
      })}
    </Box>
  );
}
