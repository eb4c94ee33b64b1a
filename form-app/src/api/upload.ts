/**
 * POSTs a file to a presigned storage URL (SPEC §7: form fields plus the file), reporting
 * progress. A network failure becomes a ServerError (SPEC §7).
 */
import { GENERIC_ERROR_MESSAGE, ServerError } from './errors.ts';
import { type PresignedUpload } from './types.ts';

/** The type to declare for a file: its own, or the one its extension stands for (browsers without Office leave .docx untyped). */
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function declaredType(file: File): string {
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return (
    TYPE_BY_EXTENSION[extension] ?? (file.type === '' ? 'application/octet-stream' : file.type)
  );
}

export function uploadToStorage(
  target: PresignedUpload,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(target.fields)) body.append(name, value);
    // S3's rule: a Content-Type field sets the stored type (the server sniffs the bytes anyway).
    if (!('Content-Type' in target.fields)) body.append('Content-Type', declaredType(file));
    body.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      let message = GENERIC_ERROR_MESSAGE;
      try {
        const parsed = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof parsed.message === 'string') message = parsed.message;
      } catch {
        // Not JSON: the generic message stands.
      }
      reject(new ServerError(message, xhr.status));
    });
    xhr.addEventListener('error', () => {
      reject(new ServerError(GENERIC_ERROR_MESSAGE));
    });
    xhr.send(body);
  });
}
