/**
 * The Remove button of an add-another group after the first, with its confirmation dialog
 * ("Remove College 2?"). Confirming moves the later groups up, clears and saves the freed last
 * group's answers as "", and stores one group fewer (the renderer's `removeGroup`).
 */
import { type AddAnotherBlock } from '@admit/form-model';
import { Box, Button, LazyModal, Typography } from '@admit/design-system';
import { useState } from 'react';

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
  const close = () => {
    setOpen(false);
  };
  return (
    <Box>
      <Button
        variant="outlined"
        color="error"
        aria-label={`Remove ${name}`}
        onClick={() => {
          setOpen(true);
        }}
      >
        Remove
      </Button>
      <LazyModal
        open={open}
        onClose={close}
        title={`Remove ${name}?`}
        role="alertdialog"
        actions={
          <>
            <Button variant="outlined" onClick={close}>
              Cancel
            </Button>
            <Button
              variant="contained"
              color="error"
              onClick={() => {
                close();
                void removeGroup(block, index, count);
              }}
            >
              Remove
            </Button>
          </>
        }
      >
        <Typography>
          Its answers will be deleted
          {index + 1 < count ? ', and the groups after it will move up' : ''}.
        </Typography>
      </LazyModal>
    </Box>
  );
}
