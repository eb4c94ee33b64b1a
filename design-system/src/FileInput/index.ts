export {
  FILE_INPUT_CONVERTING_MESSAGE,
  FILE_INPUT_FAILED_MESSAGE,
  FILE_INPUT_VISITOR_MESSAGE,
  FileInput,
  type ChosenFileFacts,
  type FileInputProps,
  type FileUploadStatus,
} from './FileInput';
// Its own module: a form that shows it need not load the file input (bench/bundle).
export {
  UPLOAD_IN_PROGRESS_MESSAGE,
  UPLOAD_IN_PROGRESS_TITLE,
  UploadInProgressDialog,
  type UploadInProgressDialogProps,
} from './UploadInProgressDialog';
