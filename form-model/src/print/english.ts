/**
 * The print model with English option lists unless told otherwise: Node's default (the
 * office, the tools, the tests). The browser prints with `printModelIn` and the page's lists,
 * so the English labels stay out of what it downloads.
 */
import { type FormAnswers, type FormContext, type PageConfig } from '../config/types.ts';
import { OPTION_LISTS } from '../options/english.ts';
import { type PrintModel, printModelIn, type PrintOptions } from './model.ts';
import { type PrintedDocument } from './printable.ts';

/** `printModelIn` with the built-in lists in English unless `options.lists` gives others. */
export function printModel(
  pages: readonly PageConfig[],
  answers: FormAnswers,
  documents: Readonly<Record<string, PrintedDocument>> = {},
  context: FormContext = {},
  options: PrintOptions = {},
): PrintModel {
  return printModelIn(pages, answers, documents, context, {
    ...options,
    lists: options.lists ?? OPTION_LISTS,
  });
}
