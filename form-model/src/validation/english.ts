/**
 * form-model's messages in English, from its own `en` catalogue: for Node callers (the
 * server, scripts, tests) that have no language to answer in. It parses ICU texts, so the
 * browser, whose build has no ICU parser, never calls it: a page takes its messages from
 * `virtual:admit-language` with `messagesIn`.
 */
import errors from '../locales/en/errors.json' with { type: 'json' };
import groups from '../locales/en/groups.json' with { type: 'json' };
import validation from '../locales/en/validation.json' with { type: 'json' };
import { messagesIn, type ModelMessages } from './messages.ts';

let english: ModelMessages | undefined;

/** form-model's English messages, built once. */
export function englishMessages(): ModelMessages {
  english ??= messagesIn('en', { ...validation, ...errors, ...groups });
  return english;
}
