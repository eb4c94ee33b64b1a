import { describe, expect, it } from 'vitest';

import { englishMessages } from './english.ts';
import { validateFile } from './file.ts';

const messages = englishMessages();

describe('validateFile (SPEC §5, §8)', () => {
  it.each([
    ['a small PDF', { name: 'transcript.pdf', size: 2048 }, []],
    ['upper-case extension', { name: 'PHOTO.JPG', size: 10 }, []],
    ['exactly 1 MB', { name: 'essay.docx', size: 1_048_576 }, []],
    ['1 MB and a byte', { name: 'essay.docx', size: 1_048_577 }, [messages.fileTooLarge]],
    ['empty', { name: 'essay.pdf', size: 0 }, [messages.fileEmpty]],
    ['wrong type', { name: 'essay.txt', size: 10 }, [messages.fileType]],
    ['no extension', { name: 'essay', size: 10 }, [messages.fileType]],
    ['32-character name', { name: `${'a'.repeat(28)}.pdf`, size: 10 }, []],
    ['33-character name', { name: `${'a'.repeat(29)}.pdf`, size: 10 }, [messages.fileNameTooLong]],
    [
      'everything wrong at once',
      { name: `${'a'.repeat(40)}.exe`, size: 0 },
      [messages.fileEmpty, messages.fileType, messages.fileNameTooLong],
    ],
  ] as const)('%s', (_title, file, expected) => {
    expect(validateFile(file, messages)).toEqual(expected);
  });

  it('uses SPEC §8 words', () => {
    expect(messages.fileTooLarge).toBe('Your file is too large. The maximum file size is 1 MB.');
    expect(messages.fileType).toBe(
      'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
    );
    expect(messages.fileNameTooLong).toBe(
      'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
    );
    expect(messages.fileEmpty).toBe('Your file is empty. Please upload a non-empty file.');
  });
});
