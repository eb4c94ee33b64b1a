/**
 * The application's Final Form. It holds the answers in the form's shape (form-model's
 * `FormAnswers`): each add-another block's groups are one Final Form array under its
 * `buttonId` (final-form-arrays' mutators), an item holding a group's answers under the
 * template's keys, and the number of groups shown is the array's length. Everything in the
 * browser reads and writes that one shape by field name (`parent[1].parent_first_name`); SPEC's
 * flat keys are met only at the API's edge (answersEdge.ts), which converts the answers as they
 * load and as they are saved.
 */
import { type AnswerValue, type FormAnswers, type GroupShape } from '@admit/form-model';
import { createForm, type Decorator, type FormApi, type Mutator } from 'final-form';
import arrayMutators from 'final-form-arrays';

export type AnswersForm = FormApi<FormAnswers>;

interface Binding {
  /** The college's add-another groups, for the edge (answersEdge.ts). */
  groups: readonly GroupShape[];
  /** The values of the latest notification (see `valuesOf`). */
  values: FormAnswers;
  /** The errors of the latest notification (see `errorsOf`). */
  errors: Record<string, unknown>;
  /** Told of every notification of the form's values or errors (`watchAnswers`). */
  watchers: Set<() => void>;
}
const bindings = new WeakMap<object, Binding>();

function bindingOf(form: AnswersForm): Binding {
  const binding = bindings.get(form);
  if (binding === undefined) throw new Error('the form was not made by createAnswersForm');
  return binding;
}

/** Replaces the values at once, in one notification (what clearing made of them). */
const setValues: Mutator<FormAnswers> = (args, state) => {
  state.formState.values = args[0] as FormAnswers;
};

/**
 * The form, holding `answers` as its values but NOT as its initial values: react-final-form 7
 * sets a field back to the form's initial value whenever a removed field mounts again, which
 * would bring a cleared answer back each time its hidden block shows (SPEC §4 says it is
 * cleared). Saves diff against their own snapshot (useSaving). The decorators (clearing) are
 * applied once the answers are in.
 */
export function createAnswersForm(
  answers: FormAnswers,
  groups: readonly GroupShape[],
  decorators: readonly Decorator<FormAnswers>[] = [],
): AnswersForm {
  const form = createForm<FormAnswers>({
    onSubmit: () => undefined,
    mutators: { ...arrayMutators, setValues },
  });
  const binding: Binding = { groups, values: {}, errors: {}, watchers: new Set() };
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
  form.mutators.setValues?.(answers);
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
 * subscription each: Final Form tells each registered field its whole state on every
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
export function valuesOf(form: AnswersForm): FormAnswers {
  return bindingOf(form).values;
}

/** The form's validation errors as of its latest notification, as `valuesOf` reads values. */
export function errorsOf(form: AnswersForm): Record<string, unknown> {
  return bindingOf(form).errors;
}

/** Sets answers by their field names (`parent[1].parent_zip`), in one notification. */
export function changeAnswers(
  form: AnswersForm,
  changes: Readonly<Record<string, AnswerValue>>,
): void {
  form.batch(() => {
    for (const [name, value] of Object.entries(changes)) form.change(name, value);
  });
}

/** Replaces the form's values in one notification (clearing's result). */
export function replaceAnswers(form: AnswersForm, values: FormAnswers): void {
  form.mutators.setValues?.(values);
}

/** The college's add-another groups the form was made with (for the edge). */
export function groupsOf(form: AnswersForm): readonly GroupShape[] {
  return bindingOf(form).groups;
}
