import DeleteIcon from '@mui/icons-material/Delete';
import ErrorIcon from '@mui/icons-material/Error';
import InfoIcon from '@mui/icons-material/Info';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

import { Modal } from '../Modal';
import { errorMessages, type FieldError } from '../parts/fieldErrors';
import { FieldFrame } from '../parts/FieldFrame';
import { visuallyHidden } from '../parts/visuallyHidden';

/**
 * SPEC §4, §8: what a visitor (not logged in) sees instead of an upload, in English only: the
 * text of `ds.fileInput.visitor`, kept for callers' tests written before the catalogues.
 */
export const FILE_INPUT_VISITOR_MESSAGE =
  'This question can be finished once you have created an account.';

/** Where an upload stands (SPEC §4): chosen and sent, converted, done, or failed. */
export type FileUploadStatus = 'empty' | 'uploading' | 'converting' | 'uploaded' | 'error';

/** What the file rules need to know of a chosen file. */
export interface ChosenFileFacts {
  /** The file's name with its extension. */
  name: string;
  /** Size in bytes. */
  size: number;
}

export interface FileInputProps {
  /** The control's id; a page links `#id` to it (validation summary), so use the answer key. */
  id: string;
  /** The native file input's name; defaults to `id`. */
  name?: string;
  /** The question, shown above the control. */
  label: string;
  /** Help text shown under the label (e.g. the allowed types and size). */
  hint?: string;
  /** Where the upload stands; the caller moves it along (SPEC §4). */
  status: FileUploadStatus;
  /** The uploaded (or uploading) file's name. */
  fileName?: string;
  /** Upload progress 0–100 while `uploading`; without it the bar is indeterminate. */
  progress?: number;
  /** Checks a chosen file; any message shows and the file is not uploaded (SPEC §5, §8). */
  validate?: (file: ChosenFileFacts) => string[];
  /** Called with a chosen file that passed `validate`; the caller uploads it and moves `status`. */
  onUpload: (file: File) => Promise<void>;
  /** Called once the person has confirmed deleting the uploaded file. */
  onDelete: () => void;
  /** Error message(s) from the caller, e.g. a failed upload or conversion. */
  error?: FieldError;
  /** Greys out the control and stops choosing or deleting. */
  disabled?: boolean;
  /** Shows the required marker. */
  required?: boolean;
  /** A visitor without an account: explains why and stops choosing (SPEC §4, §6). */
  visitor?: boolean;
  /** File types the browser's picker offers first, e.g. `.png,.jpeg,.jpg,.pdf,.docx`. */
  accept?: string;
}

/**
 * A file upload: a "Choose file" button (the native input stays hidden behind it), the chosen
 * file's checks, progress while uploading and converting, and the uploaded file with a Delete
 * action behind a confirmation. A file that fails `validate` shows its messages and is never
 * handed to `onUpload`. Visitors see why they cannot upload yet.
 *
 * @example
 * ```tsx
 * <FileInput
 *   id="decision_essay"
 *   label="Upload your essay"
 *   status={upload.status}
 *   fileName={upload.fileName}
 *   progress={upload.progress}
 *   validate={validateFile}
 *   onUpload={(file) => upload.start(file)}
 *   onDelete={() => upload.remove()}
 * />
 * ```
 */
export function FileInput({
  id,
  name = id,
  label,
  hint,
  status,
  fileName,
  progress,
  validate,
  onUpload,
  onDelete,
  error,
  disabled = false,
  required = false,
  visitor = false,
  accept,
}: FileInputProps) {
  const intl = useIntl();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const nativeInputRef = useRef<HTMLInputElement>(null);
  const chooseButtonRef = useRef<HTMLButtonElement>(null);
  const focusChooseButtonRef = useRef(false);

  const choosing = status === 'empty' || status === 'error';
  const callerErrors = errorMessages(error);
  const failedWithoutWords = status === 'error' && callerErrors.length === 0;
  const errors = errorMessages([
    ...fileErrors,
    ...callerErrors,
    ...(failedWithoutWords ? [intl.formatMessage({ id: 'ds.fileInput.failed' })] : []),
  ]);
  const invalid = errors.length > 0;
  const labelId = `${id}-label`;
  const visitorId = `${id}-visitor`;
  const progressLabelId = `${id}-progress-label`;
  const shownName = fileName ?? intl.formatMessage({ id: 'ds.fileInput.yourFile' });
  // SPEC §4: the label of the progress bar while the uploaded file is converted.
  const convertingMessage = intl.formatMessage({ id: 'ds.fileInput.converting' });

  // After a delete the Delete button is gone: put focus on "Choose file" rather than lose it.
  useEffect(() => {
    if (choosing && focusChooseButtonRef.current) {
      focusChooseButtonRef.current = false;
      chooseButtonRef.current?.focus();
    }
  }, [choosing]);

  function handleChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Empty the native input so choosing the same file again is noticed.
    event.target.value = '';
    if (!file) return;
    const problems = validate?.({ name: file.name, size: file.size }) ?? [];
    setFileErrors(problems);
    if (problems.length > 0) return;
    // A failed upload is the caller's to report through `status` and `error`, never a throw.
    Promise.resolve(onUpload(file)).catch(() => undefined);
  }

  const statusMessage =
    status === 'uploading'
      ? intl.formatMessage({ id: 'ds.fileInput.uploadingStatus' }, { fileName: shownName })
      : status === 'converting'
        ? convertingMessage
        : status === 'uploaded'
          ? intl.formatMessage({ id: 'ds.fileInput.uploaded' }, { fileName: shownName })
          : '';

  return (
    <FieldFrame
      id={id}
      label={<span id={labelId}>{label}</span>}
      hint={hint}
      errors={errors}
      required={required}
      disabled={disabled}
    >
      {(describedBy) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {/* Announces each step of the upload to screen readers (WCAG 4.1.3). */}
          <Box role="status" sx={visuallyHidden}>
            {statusMessage}
          </Box>
          {visitor && (
            <Box
              id={visitorId}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, color: 'text.primary' }}
            >
              <InfoIcon sx={{ color: 'primary.main' }} aria-hidden />
              <Typography>{intl.formatMessage({ id: 'ds.fileInput.visitor' })}</Typography>
            </Box>
          )}

          {choosing && (
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
              <Button
                id={id}
                ref={chooseButtonRef}
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={disabled || visitor}
                // "Upload your essay Choose file": the question, then what the button does.
                aria-labelledby={`${labelId} ${id}`}
                aria-describedby={
                  [visitor ? visitorId : undefined, describedBy].filter(Boolean).join(' ') ||
                  undefined
                }
                onClick={() => nativeInputRef.current?.click()}
              >
                {intl.formatMessage({ id: 'ds.fileInput.choose' })}
              </Button>
              <Typography sx={{ color: 'text.secondary' }}>
                {intl.formatMessage({ id: 'ds.fileInput.noFile' })}
              </Typography>
              {invalid && <ErrorIcon color="error" data-testid="error-icon" />}
              <input
                ref={nativeInputRef}
                type="file"
                name={name}
                accept={accept}
                hidden
                tabIndex={-1}
                data-testid="file-input"
                onChange={handleChosen}
              />
            </Box>
          )}

          {(status === 'uploading' || status === 'converting') && (
            <Box id={id} tabIndex={-1} sx={{ maxWidth: '30rem' }}>
              <Box
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.5 }}
                aria-hidden
              >
                <Typography id={progressLabelId} sx={{ overflowWrap: 'anywhere' }}>
                  {status === 'uploading'
                    ? intl.formatMessage({ id: 'ds.fileInput.uploading' }, { fileName: shownName })
                    : convertingMessage}
                </Typography>
                {status === 'uploading' && progress !== undefined && (
                  <Typography sx={{ color: 'text.secondary' }}>
                    {intl.formatNumber(Math.round(progress) / 100, { style: 'percent' })}
                  </Typography>
                )}
              </Box>
              <LinearProgress
                aria-labelledby={progressLabelId}
                variant={
                  status === 'uploading' && progress !== undefined ? 'determinate' : 'indeterminate'
                }
                value={progress === undefined ? undefined : Math.min(100, Math.max(0, progress))}
                sx={{ height: 8, borderRadius: 1 }}
              />
            </Box>
          )}

          {status === 'uploaded' && (
            <Box
              id={id}
              tabIndex={-1}
              sx={{
                display: 'flex',
                alignItems: 'center',
                flexWrap: 'wrap',
                gap: 1,
                p: 1,
                pl: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                maxWidth: '30rem',
              }}
            >
              <InsertDriveFileIcon sx={{ color: 'primary.main' }} aria-hidden />
              <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {shownName}
              </Typography>
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                disabled={disabled}
                aria-describedby={describedBy}
                onClick={() => {
                  setConfirmingDelete(true);
                }}
              >
                {intl.formatMessage({ id: 'ds.fileInput.delete' })}
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  {shownName}
                </Box>
              </Button>
            </Box>
          )}

          <Modal
            open={confirmingDelete && status === 'uploaded'}
            onClose={() => {
              setConfirmingDelete(false);
            }}
            title={intl.formatMessage({ id: 'ds.fileInput.deleteTitle' }, { fileName: shownName })}
            role="alertdialog"
            actions={
              <>
                <Button
                  variant="outlined"
                  onClick={() => {
                    setConfirmingDelete(false);
                  }}
                >
                  {intl.formatMessage({ id: 'ds.fileInput.cancel' })}
                </Button>
                <Button
                  variant="contained"
                  color="error"
                  onClick={() => {
                    setConfirmingDelete(false);
                    focusChooseButtonRef.current = true;
                    onDelete();
                  }}
                >
                  {intl.formatMessage({ id: 'ds.fileInput.delete' })}
                </Button>
              </>
            }
          >
            {intl.formatMessage({ id: 'ds.fileInput.deleteBody' })}
          </Modal>
        </Box>
      )}
    </FieldFrame>
  );
}
