export {
  FILE_INPUT_CONVERTING_MESSAGE,
  FILE_INPUT_FAILED_MESSAGE,
  FILE_INPUT_VISITOR_MESSAGE,
  FileInput,
  UPLOAD_IN_PROGRESS_MESSAGE,
  UPLOAD_IN_PROGRESS_TITLE,
  UploadInProgressDialog,
  type ChosenFileFacts,
  type FileInputProps,
  type FileUploadStatus,
  type UploadInProgressDialogProps,
} from './FileInput';
