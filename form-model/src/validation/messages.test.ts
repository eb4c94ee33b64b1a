import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

import enErrors from '../locales/en/errors.json' with { type: 'json' };
import enGroups from '../locales/en/groups.json' with { type: 'json' };
import enValidation from '../locales/en/validation.json' with { type: 'json' };
import esErrors from '../locales/es/errors.json' with { type: 'json' };
import esGroups from '../locales/es/groups.json' with { type: 'json' };
import esValidation from '../locales/es/validation.json' with { type: 'json' };
import { GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE } from '../api/errors.ts';
import { englishMessages } from './english.ts';
import { type MessageCatalogue, messagesIn, MODEL_MESSAGE_IDS } from './messages.ts';

const english = { ...enValidation, ...enErrors, ...enGroups };
const spanish = { ...esValidation, ...esErrors, ...esGroups };

/** A catalogue as the browser gets it: every text already parsed (it has no ICU parser). */
const parsed = (catalogue: Record<string, string>): MessageCatalogue =>
  Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, parse(text)]));

describe('messagesIn', () => {
  it('gives SPEC §5 and §8 English word for word', () => {
    const messages = englishMessages();
    expect(messages.passwordsMustMatch).toBe('passwords must match');
    expect(messages.tooYoung).toBe('You must be 13 years or older to apply');
    expect(messages.optIn).toBe(
      'A cell phone/text number is required to receive text message updates.',
    );
    expect(messages.emailInvalid).toBe('Your email address must be valid.');
    expect(messages.loginEmailInvalid).toBe('Please provide a valid email address.');
    expect(messages.resendEmailInvalid).toBe(
      'You must provide a valid email address to resend a confirmation code.',
    );
    expect(messages.passwordRequired).toBe('Password is required.');
    expect(messages.codeInvalid).toBe('The confirmation code must be exactly 6 numbers.');
    expect(messages.minYear(2018)).toBe('The minimum supported year is 2018');
    expect(messages.maxYear(2028)).toBe('The maximum supported year is 2028');
    expect(messages.fileTooLarge).toBe('Your file is too large. The maximum file size is 1 MB.');
    expect(messages.genericError).toBe(
      "We've encountered an unexpected error at this time. Please try again later.",
    );
    expect(messages.sessionInvalid).toBe(
      'Your session is invalid. Please clear your cookies and login again.',
    );
  });

  it('keeps the English constants the server sends equal to the catalogue', () => {
    expect(GENERIC_ERROR_MESSAGE).toBe(englishMessages().genericError);
    expect(SESSION_INVALID_MESSAGE).toBe(englishMessages().sessionInvalid);
  });

  it('gives Spanish from the Spanish catalogue', () => {
    const messages = messagesIn('es', spanish);
    expect(messages.passwordsMustMatch).toBe('las contraseñas deben coincidir');
    expect(messages.fileEmpty).toBe('Su archivo está vacío. Suba un archivo que no esté vacío.');
    expect(messages.sessionInvalid).toBe(
      'Su sesión no es válida. Borre las cookies de su navegador e inicie sesión de nuevo.',
    );
  });

  it('puts an argument in its place, a year never grouped', () => {
    expect(messagesIn('es', spanish).minYear(2018)).toBe('El año mínimo admitido es 2018');
    expect(messagesIn('es', spanish).notBefore('Fecha de inicio')).toBe(
      'Esta fecha no puede ser anterior a “Fecha de inicio”.',
    );
    expect(englishMessages().lookupDetailFailed('Bozeman High School')).toBe(
      'The details of “Bozeman High School” could not be fetched, so what you typed is kept. Please fill in the rest yourself.',
    );
  });

  it('chooses the plural form by the number', () => {
    expect(englishMessages().maxLength(45)).toBe('Use no more than 45 characters.');
    expect(englishMessages().maxLength(1)).toBe('Use no more than 1 character.');
    expect(messagesIn('es', spanish).maxLength(45)).toBe('Use 45 caracteres como máximo.');
    expect(messagesIn('es', spanish).zipMin(1)).toBe('Ingrese al menos 1 carácter.');
    expect(messagesIn('es', spanish).zipMin(5)).toBe('Ingrese al menos 5 caracteres.');
  });

  it('formats parsed messages as the browser passes them, the same as the texts', () => {
    const fromAst = messagesIn('es', parsed(spanish));
    const fromText = messagesIn('es', spanish);
    expect(fromAst.maxLength(1500)).toBe(fromText.maxLength(1500));
    expect(fromAst.ssn).toBe(fromText.ssn);
  });

  it('builds once per catalogue and language', () => {
    expect(messagesIn('es', spanish)).toBe(messagesIn('es', spanish));
    expect(messagesIn('en', english)).not.toBe(messagesIn('es', english));
  });

  it('heads an add-another group with the noun of its Add button, in the language', () => {
    expect(englishMessages().groupHeading('Add Another College', 2)).toBe('College 2');
    expect(englishMessages().groupHeading('Add a Parent or Guardian', 1)).toBe(
      'Parent or Guardian 1',
    );
    expect(messagesIn('es', spanish).groupHeading('Agregar otra institución', 2)).toBe(
      'Institución 2',
    );
    expect(messagesIn('es', spanish).groupHeading('Agregar otro padre, madre o tutor', 3)).toBe(
      'Padre, madre o tutor 3',
    );
    // A label without the Add words is kept whole.
    expect(messagesIn('es', spanish).groupHeading('Residencias', 2)).toBe('Residencias 2');
  });

  it('names a message the catalogue lacks when it is used', () => {
    const lacking = Object.fromEntries(
      Object.entries(english).filter(([id]) => id !== 'model.validation.gpa'),
    );
    const messages = messagesIn('en', lacking);
    expect(() => messages.gpa(4)).toThrow(
      'The catalogue of "en" has no message "model.validation.gpa".',
    );
    expect(messages.maxLength(45)).toBe(messagesIn('en', english).maxLength(45));
  });

  it('formats each message on its first use, so a page may start without the validation ones', () => {
    // A page's catalogue before its validation messages arrive (form-app's messageAreas.ts):
    // the errors and the group headings only. They are added to the same object later.
    const page: Record<string, MessageCatalogue[string]> = parsed({ ...esErrors, ...esGroups });
    const messages = messagesIn('es', page);
    expect(messages.genericError).toBe(messagesIn('es', parsed(spanish)).genericError);
    expect(messages.groupHeading('Agregar otra institución', 2)).toBe('Institución 2');
    Object.assign(page, parsed(esValidation));
    expect(messages.passwordsMustMatch).toBe(messagesIn('es', parsed(spanish)).passwordsMustMatch);
    expect(messages.maxLength(45)).toBe('Use 45 caracteres como máximo.');
  });

  it('uses every id of its catalogues, and no other', () => {
    expect([...MODEL_MESSAGE_IDS].sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
  });
});
