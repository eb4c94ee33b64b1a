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
  hasOptionsNow,
  isRequired,
  type Question,
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
import { type ComponentType, lazy, Suspense } from 'react';

import { LookupPlaceholder } from './LookupPlaceholder.tsx';
import {
  type FieldProps,
  type Of,
  text,
  useQuestionInput,
  useShownError,
} from './useQuestionInput.ts';
import { answerName, answersOf, changeAnswers } from './createAnswersForm.ts';
import { useAnswerField } from './useAnswerField.ts';
import { useAnswersForm, useWatch } from './useWatch.ts';

export type { FieldProps } from './useQuestionInput.ts';

/**
 * A field in a chunk of its own, fetched when a step first shows one, with `Placeholder` (a
 * small spinner unless told) meanwhile (bench/bundle: it stays out of the first download).
 */
function lazyField<T extends Question['type']>(
  load: () => Promise<ComponentType<FieldProps<T>>>,
  Placeholder?: ComponentType<FieldProps<T>>,
): ComponentType<FieldProps<T>> {
  const Field = lazy(async () => ({ default: await load() }));
  return function LazyField({ question }: FieldProps<T>) {
    const fallback =
      Placeholder === undefined ? (
        <LoadingSpinner size="small" />
      ) : (
        <Placeholder question={question} />
      );
    return (
      <Suspense fallback={fallback}>
        <Field question={question} />
      </Suspense>
    );
  };
}

/** The date picker (@mui/x-date-pickers) is the heaviest widget of all. */
const DateField = lazyField<'date'>(async () => (await import('./DateField.tsx')).DateField);
/**
 * MUI's Autocomplete and its popper. The first lookups sit in /about's second section: a plain
 * text input that works stands in until it arrives.
 */
const LookupField = lazyField<'lookup'>(
  async () => (await import('./LookupField.tsx')).LookupField,
  LookupPlaceholder,
);
/** Uploads sit behind a tab that is not the default one, and only logged-in applicants use them. */
const FileField = lazyField<'file'>(async () => (await import('./FileField.tsx')).FileField);

function TextField({ question }: FieldProps<'text'>) {
  return <TextInput {...useQuestionInput(question)} maxLength={question.maxLength} />;
}

function TextareaField({ question }: FieldProps<'textarea'>) {
  return <Textarea {...useQuestionInput(question)} maxLength={question.maxLength} />;
}

function EmailField({ question }: FieldProps<'email'>) {
  return <EmailInput {...useQuestionInput(question)} maxLength={question.maxLength} />;
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

function SsnField({ question }: FieldProps<'ssn'>) {
  return <SsnInput {...useQuestionInput(question)} format={formatSsn} concealable />;
}

/**
 * Options of a select or radio, or `undefined` while a conditional one offers none (SPEC §4:
 * it does not show). Re-renders only when its controlling answer changes.
 */
function useOptions(question: Of<'select'> | Of<'radio'>) {
  const controllingKey =
    'byAnswer' in question.options ? question.options.byAnswer.valueKey : undefined;
  const controlling = useWatch((values) =>
    controllingKey === undefined ? '' : text(values[controllingKey]),
  );
  const answers = controllingKey === undefined ? {} : { [controllingKey]: controlling };
  return hasOptionsNow(question, answers) ? (currentOptions(question, answers) ?? []) : undefined;
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
  const error = useShownError(useAnswerField(answerName(form, question.key)).error);
  const checkedKeys = useWatch((values) =>
    question.options
      .filter((option) => values[option.key] === true)
      .map((o) => o.key)
      .join('|'),
  );
  const checked = new Set(checkedKeys.split('|'));
  return (
    <CheckboxGroup
      id={question.key}
      label={question.label}
      hint={question.hint}
      options={question.options.map((option) => ({
        key: option.key,
        label: option.label,
        checked: checked.has(option.key),
      }))}
      onChange={(key, value) => {
        // "None of these" and the offenses exclude each other (SPEC §5).
        changeAnswers(form, exclusiveChanges(question, answersOf(form), key, value));
      }}
      error={error}
    />
  );
}

function MonthYearField({ question }: FieldProps<'month-year'>) {
  const form = useAnswersForm();
  const month = useAnswerField(answerName(form, question.monthKey));
  const year = useAnswerField(answerName(form, question.yearKey));
  const monthErrors = useShownError(month.error) ?? [];
  const yearErrors = useShownError(year.error) ?? [];
  const required = useWatch((values) => isRequired(question.required, values));
  return (
    <MonthYearInput
      id={question.monthKey}
      yearId={question.yearKey}
      label={question.label}
      hint={question.hint}
      monthValue={text(month.value)}
      yearValue={text(year.value)}
      years={yearOptions(question.years, new Date())}
      onChange={({ month: m, year: y }) => {
        changeAnswers(form, { [question.monthKey]: m, [question.yearKey]: y });
      }}
      onBlur={month.onBlur}
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
  date: DateField,
  phone: PhoneField,
  ssn: SsnField,
  select: SelectField,
  radio: RadioField,
  checkbox: CheckboxField,
  checkboxes: CheckboxesField,
  'month-year': MonthYearField,
  lookup: LookupField,
  file: FileField,
};

/** Renders one question with its registered renderer. */
export function QuestionField({ question }: { question: Question }) {
  const Renderer = fieldRenderers[question.type] as ComponentType<{ question: Question }>;
  return <Renderer question={question} />;
}
