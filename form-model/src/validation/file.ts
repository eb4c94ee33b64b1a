import {
  ALLOWED_FILE_EXTENSIONS,
  characterCount,
  MAX_FILE_NAME_LENGTH,
  MAX_UPLOAD_BYTES,
} from './limits.ts';
import { type ModelMessages } from './messages.ts';

/** What the file rules need to know of a chosen file. */
export interface FileFacts {
  name: string;
  /** Size in bytes. */
  size: number;
}

/** The extension of a file name, lower-cased, without the dot ("" when none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * SPEC §5/§8 file rules: not empty, at most 1 MB, png/jpeg/jpg/pdf/docx, a name of at most
 * 32 characters. Returns every message that applies (the browser shows them; the server
 * enforces the same rules and also sniffs the bytes), in `messages`' language.
 */
export function validateFile(file: FileFacts, messages: ModelMessages): string[] {
  const errors: string[] = [];
  if (file.size <= 0) errors.push(messages.fileEmpty);
  if (file.size > MAX_UPLOAD_BYTES) errors.push(messages.fileTooLarge);
  if (!(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) {
    errors.push(messages.fileType);
  }
  if (characterCount(file.name) > MAX_FILE_NAME_LENGTH) errors.push(messages.fileNameTooLong);
  return errors;
}
