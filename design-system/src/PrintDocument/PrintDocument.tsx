import { Box, type SxProps, type Theme, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';

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

/** One choice of a radio or checkbox group, chosen or not. */
export interface PrintChoice {
  label: string;
  checked: boolean;
}

/**
 * The print model (SPEC §1): the same shape as form-model's `PrintModel` (what `printModel`
 * returns), repeated here because widgets import no `@admit/*` package. The widget renders
 * it as it is: steps, sections, group headings, questions with typed answers.
 */
export type PrintAnswer =
  | { kind: 'text'; text: string }
  | { kind: 'blank' }
  | { kind: 'choices'; choices: readonly PrintChoice[] }
  | { kind: 'document'; fileName: string };

export type PrintBlock =
  | { kind: 'question'; key: string; label: string; answer: PrintAnswer }
  | { kind: 'checkbox'; key: string; label: string; checked: boolean }
  | { kind: 'info'; title?: string; text: string }
  | { kind: 'group'; heading: string };

export interface PrintModel {
  steps: readonly {
    title: string;
    sections: readonly { title: string; blocks: readonly PrintBlock[] }[];
  }[];
}

/** SPEC §1: what a chosen and an unchosen choice print as. */
export const PRINT_CHECKED_MARK = '[X]';
export const PRINT_UNCHECKED_MARK = '[ ]';

export interface PrintDocumentProps {
  /** The application as form-model's `printModel` makes it. */
  model: PrintModel;
  /** The document's title (an h1), e.g. "Gallatin College Application". */
  heading?: string;
  /** A line under the title, e.g. the applicant's name. */
  subheading?: string;
  /**
   * Something beside each step's heading, e.g. a link back to that step of the form (the
   * applicant's review). Left out on paper. Nothing when not given (the service view).
   */
  stepAction?: (step: { title: string; index: number }) => ReactNode;
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
  const intl = useIntl();
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
        {intl.formatMessage({ id: 'ds.print.notAnswered' })}
      </Box>
    </Box>
  );
}

/** "[X] Yes" / "[ ] No": the mark is for the eye, "selected" / "not selected" for the ear. */
function Choices({
  choices,
  labelledBy,
}: {
  choices: readonly PrintChoice[];
  labelledBy?: string;
}) {
  const intl = useIntl();
  const selected = intl.formatMessage({ id: 'ds.print.selected' });
  const notSelected = intl.formatMessage({ id: 'ds.print.notSelected' });
  return (
    <Box component="ul" aria-labelledby={labelledBy} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {choices.map((choice, index) => (
        <Box component="li" key={String(index)} sx={{ display: 'flex', gap: 1 }}>
          <Box
            component="span"
            aria-hidden
            sx={{ fontFamily: 'monospace', whiteSpace: 'pre', flexShrink: 0 }}
          >
            {choice.checked ? PRINT_CHECKED_MARK : PRINT_UNCHECKED_MARK}
          </Box>
          <span>
            {choice.label}
            <Box component="span" sx={screenReaderOnly}>
              {`, ${choice.checked ? selected : notSelected}`}
            </Box>
          </span>
        </Box>
      ))}
    </Box>
  );
}

/** A question and its answer, or (no question) a lone checkbox across the row. */
function Row({
  id,
  question,
  answer,
}: {
  id: string;
  question?: string;
  answer: PrintAnswer;
}): ReactNode {
  const intl = useIntl();
  const full = question === undefined;
  let shown: ReactNode;
  switch (answer.kind) {
    case 'text':
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
          {/* SPEC §1: an attached document is printed as "Attached document:", then its name. */}
          {intl.formatMessage({ id: 'ds.print.documentPrefix' })} <strong>{answer.fileName}</strong>
        </Typography>
      );
      break;
  }
  return (
    <Box sx={rowLook}>
      {!full && (
        <Typography id={id} sx={{ fontWeight: 600 }}>
          {question}
        </Typography>
      )}
      <Box sx={full ? { gridColumn: '1 / -1' } : undefined}>{shown}</Box>
    </Box>
  );
}

function Block({ block, id }: { block: PrintBlock; id: string }): ReactNode {
  switch (block.kind) {
    case 'group':
      return (
        <Typography variant="h6" component="h4" sx={{ mt: 2, mb: 0.5, breakAfter: 'avoid' }}>
          {block.heading}
        </Typography>
      );
    case 'info':
      return (
        <>
          {block.title !== undefined && (
            <Typography sx={{ pt: 1, fontWeight: 600 }}>{block.title}</Typography>
          )}
          <Typography sx={{ py: 1 }}>{block.text}</Typography>
        </>
      );
    case 'checkbox':
      return (
        <Row
          id={id}
          answer={{ kind: 'choices', choices: [{ label: block.label, checked: block.checked }] }}
        />
      );
    case 'question':
      return <Row id={id} question={block.label} answer={block.answer} />;
  }
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
  },
};

/**
 * The read-only, print-style application a service user sees (SPEC §1, §6): page titles as h2,
 * sections as h3, each question with its answer beside it (below it on a phone), an empty
 * answer as an underlined blank ("Not answered" to a screen reader), choices as "[X] label" /
 * "[ ] label" ("selected" / "not selected" to a screen reader), and attached documents as
 * "Attached document: name", and add-another groups under their headings ("College 2", an
 * h4). It has no buttons and no inputs, and prints in black on white.
 *
 * @example
 * ```tsx
 * <PrintDocument heading="Gallatin College Application" subheading="Ada Lovelace" model={printModel(pages, answers, documents, context)} />
 * ```
 */
export function PrintDocument({ model, heading, subheading, stepAction }: PrintDocumentProps) {
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
      {model.steps.map((step, stepIndex) => (
        <Box component="section" key={String(stepIndex)}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              justifyContent: 'space-between',
              columnGap: 2,
              // Without a title above it, the first step starts at the top.
              mt: stepIndex === 0 && heading === undefined && subheading === undefined ? 0 : 4,
              mb: 1,
              pb: 0.5,
              borderBottom: 2,
              borderColor: 'text.primary',
              breakAfter: 'avoid',
              '@media print': { borderColor: 'common.black' },
            }}
          >
            <Typography variant="h3" component="h2">
              {step.title}
            </Typography>
            {stepAction === undefined ? null : (
              <Box sx={{ '@media print': { display: 'none' } }}>
                {stepAction({ title: step.title, index: stepIndex })}
              </Box>
            )}
          </Box>
          {step.sections.map((section, sectionIndex) => (
            <Box key={String(sectionIndex)}>
              <Typography variant="h5" component="h3" sx={{ mt: 3, mb: 0.5, breakAfter: 'avoid' }}>
                {section.title}
              </Typography>
              {section.blocks.map((block, blockIndex) => {
                const key = `${String(stepIndex)}-${String(sectionIndex)}-${String(blockIndex)}`;
                return <Block key={key} id={`${baseId}-${key}`} block={block} />;
              })}
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
