/**
 * The application's Final Form and its edge (groupValues.ts): the form holds add-another groups
 * as arrays (final-form-arrays' mutators), and everything else reads and writes SPEC's flat
 * answer keys through the helpers here: `answersOf` (the flat answers now), `answerName` (a
 * key's field name), `changeAnswers` (set flat keys). The shape follows the pages known so far
 * (`reshapeAnswers` once the other pages arrive).
 */
import { type Answers, type FormContext, type PageConfig } from '@admit/form-model';
import { createForm, type Decorator, type FormApi, type Mutator } from 'final-form';
import arrayMutators from 'final-form-arrays';

import {
  answerFieldName,
  type FormValues,
  groupCounts,
  toFlatAnswers,
  toFormValues,
} from './groupValues.ts';

export type AnswersForm = FormApi<FormValues>;

interface Binding {
  pages: readonly PageConfig[];
  /** The values of the latest notification (see `valuesOf`). */
  values: FormValues;
  /** The errors of the latest notification (see `errorsOf`). */
  errors: Record<string, unknown>;
  last?: { values: FormValues; flat: Answers };
  /** Told of every notification of the form's values or errors (`watchAnswers`). */
  watchers: Set<() => void>;
}
const bindings = new WeakMap<object, Binding>();

function bindingOf(form: AnswersForm): Binding {
  const binding = bindings.get(form);
  if (binding === undefined) throw new Error('the form was not made by createAnswersForm');
  return binding;
}

/** Replaces the values at once, in one notification (a new shape). */
const setValues: Mutator<FormValues> = (args, state) => {
  state.formState.values = args[0] as FormValues;
};

/**
 * The form, holding `answers` as its values but NOT as its initial values: react-final-form 7
 * sets a field back to the form's initial value whenever a removed field mounts again, which
 * would bring a cleared answer back each time its hidden block shows (SPEC §4 says it is
 * cleared). Saves diff against their own snapshot (useSaving). The decorators (clearing) are
 * applied once the answers are in.
 */
export function createAnswersForm(
  answers: Answers,
  shape: { pages: readonly PageConfig[]; ui: FormContext },
  decorators: readonly Decorator<FormValues>[] = [],
): AnswersForm {
  const form = createForm<FormValues>({
    onSubmit: () => undefined,
    mutators: { ...arrayMutators, setValues },
  });
  const binding: Binding = { pages: shape.pages, values: {}, errors: {}, watchers: new Set() };
  bindings.set(form, binding);
  // The first subscriber, so every later one (decorators, useSaving) reads the values it is
  // told of. Final Form's getState() recomputes the whole form state (dirty, touched… of every
  // field) on each call: the dozens of watchers on a step made that most of a keystroke's work.
  // The fields and watchers of the page are told from here (watchAnswers), not by Final Form.
  form.subscribe(
    ({ values, errors }) => {
      binding.values = values;
      binding.errors = errors ?? {};
      for (const watcher of binding.watchers) watcher();
    },
    { values: true, errors: true },
  );
  form.mutators.setValues?.(toFormValues(shape.pages, answers, shape.ui));
  registerSilently(form);
  for (const decorate of decorators) decorate(form);
  return form;
}

/**
 * Fields register silently: the new field alone is told its state. react-final-form registers
 * each field loudly, and Final Form then tells every form subscriber and every other field, so
 * mounting n fields cost n² field notifications in one task. The answer fields no longer
 * register at all (they watch the form: `watchAnswers`); what still registers is the
 * add-another groups' FieldArray. Registering changes no value and runs no record-level
 * validation (our only validation; the arrays' own validators still run), so the others have
 * nothing new to hear.
 */
function registerSilently(form: AnswersForm): void {
  const register = form.registerField.bind(form);
  form.registerField = (name, subscriber, subscription, config) =>
    register(name, subscriber, subscription, { ...config, silent: true });
}

/**
 * Calls `watcher` after each notification of the form's values or errors (read them with
 * `valuesOf` and `errorsOf`); returns the unsubscribe. What the fields (useAnswerField) and
 * the watchers (useWatch) of a page listen to, instead of a Final Form registration or
 * subscription each (issue 17): Final Form tells each registered field its whole state on every
 * change (~20 properties, compared key by key), and tells each new subscription at once, with
 * the form state rebuilt over every field. A fully hydrated /about has over a hundred of them.
 * At 4× CPU, Final Form's own part of a keystroke fell from about 4 ms to under 1 ms of the
 * 15 ms of script it takes, and hydrating the page's later blocks lost about 50 ms from one
 * task. A watcher here costs what it reads.
 */
export function watchAnswers(form: AnswersForm, watcher: () => void): () => void {
  const { watchers } = bindingOf(form);
  // A function given twice (two components with the same callback) is two watchers.
  const entry = () => {
    watcher();
  };
  watchers.add(entry);
  return () => {
    watchers.delete(entry);
  };
}

/**
 * The form's values as of its latest notification, without `form.getState()` (which rebuilds
 * the form state over every field). Inside `form.batch` the changes made so far are not in it
 * until the batch ends; nothing here reads the values in the middle of a batch.
 */
export function valuesOf(form: AnswersForm): FormValues {
  return bindingOf(form).values;
}

/** The form's validation errors as of its latest notification, as `valuesOf` reads values. */
export function errorsOf(form: AnswersForm): Record<string, unknown> {
  return bindingOf(form).errors;
}

/** SPEC's flat answers of the form's values (now, or those given), one mapping per change. */
export function answersOf(form: AnswersForm, values = valuesOf(form)): Answers {
  const binding = bindingOf(form);
  if (binding.last?.values !== values)
    binding.last = { values, flat: toFlatAnswers(binding.pages, values) };
  return binding.last.flat;
}

/** The field name of an answer key (`college_2_name` → `groups.college[1].college_name`). */
export function answerName(form: AnswersForm, key: string): string {
  return answerFieldName(bindingOf(form).pages, key);
}

/** Sets answers by their flat keys, in one notification. */
export function changeAnswers(form: AnswersForm, changes: Answers): void {
  form.batch(() => {
    for (const [key, value] of Object.entries(changes)) form.change(answerName(form, key), value);
  });
}

/** The UI state with each add-another count being its array's length (what the form shows). */
export function answersContext(
  form: AnswersForm,
  ui: FormContext,
  values = valuesOf(form),
): FormContext {
  return { ...ui, addAnother: { ...ui.addAnother, ...groupCounts(values) } };
}

/** The pages known now hold more add-another blocks: their groups become arrays. */
export function reshapeAnswers(form: AnswersForm, pages: readonly PageConfig[], ui: FormContext) {
  const binding = bindingOf(form);
  if (binding.pages === pages) return;
  const flat = answersOf(form);
  const context = answersContext(form, ui);
  binding.pages = pages;
  binding.last = undefined;
  form.mutators.setValues?.(toFormValues(pages, flat, context));
}

/** The pages the form's shape follows (for mapping errors). */
export function shapePages(form: AnswersForm): readonly PageConfig[] {
  return bindingOf(form).pages;
}
