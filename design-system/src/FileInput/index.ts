export {
  FILE_INPUT_VISITOR_MESSAGE,
  FileInput,
  type ChosenFileFacts,
  type FileInputProps,
  type FileUploadStatus,
} from './FileInput';
// Its own module: a form that shows it need not load the file input (bench/bundle).
export { UploadInProgressDialog, type UploadInProgressDialogProps } from './UploadInProgressDialog';
