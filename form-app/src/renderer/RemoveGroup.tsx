/**
 * The Remove button of an add-another group after the first, with its confirmation dialog
 * ("Remove College 2?"), and the same button for a button trigger's revealed content (blocks.tsx).
 * Confirming removes the item from the block's array (final-form-arrays' `remove`: later groups
 * move up), saves the freed last group's keys as "", and stores one group fewer (the renderer's
 * `removeGroup`).
 */
import { type AddAnotherBlock } from '@admit/form-model';
import { Box, Button, ConfirmDeletion, Typography } from '@admit/design-system';
import { useLayoutEffect, useState } from 'react';
import { useIntl } from 'react-intl';

import { useRenderer } from './RendererContext.tsx';

export function RemoveGroup({
  block,
  index,
  count,
  name,
}: {
  block: AddAnotherBlock;
  index: number;
  count: number;
  /** The group's heading, e.g. "College 2". */
  name: string;
}) {
  const { removeGroup } = useRenderer();
  const intl = useIntl();
  return (
    <RemoveWithConfirmation
      id={`remove-${block.buttonId}-${String(index + 1)}`}
      name={name}
      consequence={intl.formatMessage(
        { id: 'app.renderer.removeGroupConsequence' },
        { later: index + 1 < count },
      )}
      // When the group removed was the last, its button goes too (at once, or once the server
      // has stored the count), and focus moves on to the block's Add button.
      focusAfter={`add-another-${block.buttonId}`}
      removesItself={index + 1 === count}
      onConfirm={() => removeGroup(block, index)}
    />
  );
}

/**
 * A Remove button and its confirmation dialog ("Remove College 2?"), for anything revealed
 * that an applicant can take back: an add-another group, a button trigger's content. Focus
 * goes back to the button when the dialog closes; when what was removed took the button with
 * it, focus moves on to `focusAfter` (WCAG 2.4.3) rather than falling to the page.
 */
export function RemoveWithConfirmation({
  id,
  name,
  consequence,
  focusAfter,
  removesItself,
  onConfirm,
}: {
  id: string;
  /** What is removed, e.g. "College 2". */
  name: string;
  /** What removing it does, one sentence. */
  consequence: string;
  /** The element to focus once this button has gone with what it removed. */
  focusAfter: string;
  /** Whether confirming takes this button away (focus then moves to `focusAfter`). */
  removesItself: boolean;
  onConfirm: () => Promise<void> | void;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const focusNext = () => {
    setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost || document.activeElement?.id === id) document.getElementById(focusAfter)?.focus();
    });
  };
  useLayoutEffect(
    () => () => {
      if (document.activeElement?.id === id) focusNext();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id],
  );
  const close = () => {
    setOpen(false);
  };
  return (
    <Box>
      <Button
        id={id}
        variant="outlined"
        color="error"
        aria-label={intl.formatMessage({ id: 'app.renderer.removeName' }, { name })}
        onClick={() => {
          setOpen(true);
        }}
      >
        {intl.formatMessage({ id: 'app.renderer.remove' })}
      </Button>
      <ConfirmDeletion
        open={open}
        title={intl.formatMessage({ id: 'app.renderer.removeTitle' }, { name })}
        confirmLabel={intl.formatMessage({ id: 'app.renderer.remove' })}
        onCancel={close}
        onConfirm={() => {
          close();
          void onConfirm();
          if (removesItself) focusNext();
        }}
      >
        <Typography>{consequence}</Typography>
      </ConfirmDeletion>
    </Box>
  );
}
