/**
 * One renderer per question kind, each a design-system widget with the props of
 * `useQuestionInput` spread in (plus what only its kind has). The registry at the bottom maps
 * each `type` of form-model's Question union to its renderer (STYLE).
 */
import {
  currentOptions,
  exclusiveChanges,
  formatInternationalPhone,
  formatSsn,
  formatUsPhone,
  isMaskedSsn,
  hasOptionsNow,
  isRequired,
  type Question,
  viewAt,
  yearOptions,
} from '@admit/form-model';
import {
  CheckboxGroup,
  CheckboxInput,
  EmailInput,
  LoadingSpinner,
  MonthYearInput,
  PhoneInput,
  RadioGroupInput,
  SelectInput,
  SsnInput,
  Textarea,
  TextInput,
} from '@admit/design-system';
import { type ComponentType, createContext, lazy, Suspense, use } from 'react';

import {
  type FieldProps,
  type Of,
  text,
  useQuestionInput,
  useShownError,
} from './useQuestionInput.ts';
import { changeAnswers, useAnswersForm, valuesOf } from '../engine/index.ts';
import { pageOptionLists } from '../pageIntl.ts';
import { useFieldScope, useScopedWatch } from './AnswerScope.tsx';
import { useAnswerField } from './useAnswerField.ts';
import { loadMessageArea } from 'virtual:admit-language';

export type { FieldProps } from './useQuestionInput.ts';

/**
 * The kinds whose renderer is a chunk of its own, kept out of the first download: the date
 * picker (@mui/x-date-pickers, the heaviest widget of all), MUI's Autocomplete and its popper,
 * and the upload (behind a tab that is not the default one, used by logged-in applicants only).
 * Each checks what is entered at once (a date, a failed lookup, a file), so form-model's
 * validation messages come with it.
 */
export const fieldChunks = {
  date: async () =>
    (
      await Promise.all([
        import('./DateField.tsx'),
        loadMessageArea('date'),
        loadMessageArea('validation'),
      ])
    )[0].DateField,
  lookup: async () =>
    (
      await Promise.all([
        import('./LookupField.tsx'),
        loadMessageArea('lookup'),
        loadMessageArea('validation'),
      ])
    )[0].LookupField,
  file: async () =>
    (
      await Promise.all([
        import('./FileField.tsx'),
        loadMessageArea('file'),
        loadMessageArea('validation'),
      ])
    )[0].FileField,
} satisfies { [T in Question['type']]?: () => Promise<ComponentType<FieldProps<T>>> };

/** A kind loaded as its chunk arrives, with a small spinner until then. */
function chunked<T extends keyof typeof fieldChunks>(kind: T): ComponentType<FieldProps<T>> {
  const Field = lazy(async () => ({
    default: (await fieldChunks[kind]()) as ComponentType<FieldProps<T>>,
  }));
  return function ChunkedField({ question }: FieldProps<T>) {
    return (
      <Suspense fallback={<LoadingSpinner size="small" />}>
        <Field question={question} />
      </Suspense>
    );
  };
}

function TextField({ question }: FieldProps<'text'>) {
  return <TextInput {...useQuestionInput(question)} />;
}

function TextareaField({ question }: FieldProps<'textarea'>) {
  return <Textarea {...useQuestionInput(question)} />;
}

function EmailField({ question }: FieldProps<'email'>) {
  return <EmailInput {...useQuestionInput(question)} />;
}

function PhoneField({ question }: FieldProps<'phone'>) {
  const international = question.variant === 'international';
  return (
    <PhoneInput
      {...useQuestionInput(question)}
      variant={international ? 'international' : 'us'}
      format={international ? formatInternationalPhone : formatUsPhone}
    />
  );
}

/**
 * What was typed over a saved SSN's mask: the characters the edit added (one digit typed into
 * it, the number pasted over it), or nothing when it only took some away.
 */
export function typedOverMask(mask: string, raw: string): string {
  // The whole mask replaced (selected, then typed or pasted over): all of it is new.
  if (!raw.includes('X')) return raw;
  let start = 0;
  while (start < mask.length && start < raw.length && mask[start] === raw[start]) start += 1;
  let end = 0;
  while (
    end < mask.length - start &&
    end < raw.length - start &&
    mask[mask.length - 1 - end] === raw[raw.length - 1 - end]
  )
    end += 1;
  return raw.slice(start, raw.length - end);
}

function SsnField({ question }: FieldProps<'ssn'>) {
  const input = useQuestionInput(question);
  // A saved SSN comes back masked (XXX-XX-1234) and stays on the server as it is: an edit
  // starts a new number from what was typed, rather than mixing the mask's digits in.
  const format = (raw: string) =>
    formatSsn(isMaskedSsn(input.value) ? typedOverMask(input.value, raw) : raw);
  return <SsnInput {...input} format={format} concealable />;
}

/**
 * Options of a select or radio, or `undefined` while a conditional one offers none (SPEC §4:
 * it does not show). Re-renders only when its controlling answer changes.
 */
function useOptions(question: Of<'select'> | Of<'radio'>) {
  const controllingKey =
    'byAnswer' in question.options ? question.options.byAnswer.valueKey : undefined;
  const controlling = useScopedWatch((values) =>
    controllingKey === undefined ? '' : text(values[controllingKey]),
  );
  const answers = controllingKey === undefined ? {} : { [controllingKey]: controlling };
  return hasOptionsNow(question, answers)
    ? (currentOptions(question, answers, undefined, pageOptionLists()) ?? [])
    : undefined;
}

function SelectField({ question }: FieldProps<'select'>) {
  const props = useQuestionInput(question);
  const options = useOptions(question);
  return options === undefined ? null : <SelectInput {...props} options={options} />;
}

function RadioField({ question }: FieldProps<'radio'>) {
  const props = useQuestionInput(question);
  const options = useOptions(question);
  if (options === undefined) return null;
  const row = options.length <= 3 && options.every((option) => option.label.length <= 24);
  return <RadioGroupInput {...props} options={options} row={row} />;
}

function CheckboxField({ question }: FieldProps<'checkbox'>) {
  return <CheckboxInput {...useQuestionInput(question)} />;
}

function CheckboxesField({ question }: FieldProps<'checkboxes'>) {
  const form = useAnswersForm();
  const { name, flatKey, at } = useFieldScope();
  const error = useShownError(useAnswerField(name(question.key), flatKey(question.key)).error);
  const checkedKeys = useScopedWatch((values) =>
    question.options
      .filter((option) => values[option.key] === true)
      .map((o) => o.key)
      .join('|'),
  );
  const checked = new Set(checkedKeys.split('|'));
  return (
    <CheckboxGroup
      id={flatKey(question.key)}
      label={question.label}
      hint={question.hint}
      options={question.options.map((option) => ({
        key: option.key,
        label: option.label,
        checked: checked.has(option.key),
      }))}
      onChange={(key, value) => {
        // "None of these" and the offenses exclude each other (SPEC §5).
        const changes = exclusiveChanges(question, viewAt(valuesOf(form), at), key, value);
        changeAnswers(
          form,
          Object.fromEntries(Object.entries(changes).map(([changed, to]) => [name(changed), to])),
        );
      }}
      error={error}
    />
  );
}

function MonthYearField({ question }: FieldProps<'month-year'>) {
  const form = useAnswersForm();
  const { name, flatKey } = useFieldScope();
  const month = useAnswerField(name(question.monthKey), flatKey(question.monthKey));
  const year = useAnswerField(name(question.yearKey), flatKey(question.yearKey));
  const monthErrors = useShownError(month.error) ?? [];
  const yearErrors = useShownError(year.error) ?? [];
  const required = useScopedWatch((values) => isRequired(question.required, values));
  return (
    <MonthYearInput
      id={flatKey(question.monthKey)}
      yearId={flatKey(question.yearKey)}
      label={question.label}
      hint={question.hint}
      monthValue={text(month.value)}
      yearValue={text(year.value)}
      years={yearOptions(question.years, new Date())}
      onChange={({ month: m, year: y }) => {
        changeAnswers(form, { [name(question.monthKey)]: m, [name(question.yearKey)]: y });
      }}
      error={[...new Set([...monthErrors, ...yearErrors])]}
      required={required}
    />
  );
}

/** The registry: one renderer per question type, names equal to the types (STYLE). */
export const fieldRenderers: { [T in Question['type']]: ComponentType<FieldProps<T>> } = {
  text: TextField,
  textarea: TextareaField,
  email: EmailField,
  date: chunked('date'),
  phone: PhoneField,
  ssn: SsnField,
  select: SelectField,
  radio: RadioField,
  checkbox: CheckboxField,
  checkboxes: CheckboxesField,
  'month-year': MonthYearField,
  lookup: chunked('lookup'),
  file: chunked('file'),
};

/** Renderers that take the place of the registry's for some kinds, given from above the app. */
export type FieldRenderers = Partial<typeof fieldRenderers>;
export const FieldRenderersContext = createContext<FieldRenderers>({});

/** Renders one question with its renderer: the one given from above, else the registry's. */
export function QuestionField({ question }: { question: Question }) {
  const given = use(FieldRenderersContext);
  const Renderer = (given[question.type] ?? fieldRenderers[question.type]) as ComponentType<{
    question: Question;
  }>;
  return <Renderer question={question} />;
}
