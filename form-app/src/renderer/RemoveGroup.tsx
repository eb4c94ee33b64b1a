/**
 * The Remove button of an add-another group after the first, with its confirmation dialog
 * ("Remove College 2?"). Confirming removes the item from the block's array (final-form-arrays'
 * `remove`: later groups move up), saves the freed last group's keys as "", and stores one group
 * fewer (the renderer's `removeGroup`).
 */
import { type AddAnotherBlock } from '@admit/form-model';
import { Box, Button, ConfirmDeletion, Typography } from '@admit/design-system';
import { useLayoutEffect, useState } from 'react';

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
  const [open, setOpen] = useState(false);
  const id = `remove-${block.buttonId}-${String(index + 1)}`;
  // The dialog gives focus back to this button; when the group removed was the last, the
  // button goes too (at once, or once the server has stored the count), and focus moves on to
  // the block's Add button (WCAG 2.4.3) rather than falling to the page.
  const addId = `add-another-${block.buttonId}`;
  const focusAdd = () => {
    setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost || document.activeElement?.id === id) document.getElementById(addId)?.focus();
    });
  };
  useLayoutEffect(
    () => () => {
      if (document.activeElement?.id === id) focusAdd();
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
        aria-label={`Remove ${name}`}
        onClick={() => {
          setOpen(true);
        }}
      >
        Remove
      </Button>
      <ConfirmDeletion
        open={open}
        title={`Remove ${name}?`}
        confirmLabel="Remove"
        onCancel={close}
        onConfirm={() => {
          close();
          void removeGroup(block, index);
          if (index + 1 === count) focusAdd();
        }}
      >
        <Typography>
          Its answers will be deleted
          {index + 1 < count ? ', and the groups after it will move up' : ''}.
        </Typography>
      </ConfirmDeletion>
    </Box>
  );
}
