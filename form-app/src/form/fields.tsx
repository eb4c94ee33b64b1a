/**
 * One adapter per question kind: Final Form field state → a design-system widget. The registry
 * at the bottom maps each `type` of form-model's Question union to its renderer (STYLE).
 * Each field subscribes to its own value and error only, so a keystroke re-renders one field.
 */
import {
  type Answers,
  currentOptions,
  descKey,
  formatInternationalPhone,
  formatSsn,
  formatUsPhone,
  hasDescKey,
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
import { useField, useForm } from 'react-final-form';

import {
  type FieldProps,
  type Of,
  subscription,
  text,
  useFieldState,
  useRequired,
} from './fieldState.ts';
import { useRenderer } from './FormContext.tsx';
import { LookupPlaceholder } from './LookupPlaceholder.tsx';
import { useWatch } from './useWatch.ts';

export type { FieldProps } from './fieldState.ts';

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
    return (
      <Suspense
        fallback={
          Placeholder === undefined ? (
            <LoadingSpinner size="small" />
          ) : (
            <Placeholder question={question} />
          )
        }
      >
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
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  return (
    <TextInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      value={text(input.value)}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
      maxLength={question.maxLength}
    />
  );
}

function TextareaField({ question }: FieldProps<'textarea'>) {
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  return (
    <Textarea
      id={question.key}
      label={question.label}
      hint={question.hint}
      value={text(input.value)}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
      maxLength={question.maxLength}
    />
  );
}

function EmailField({ question }: FieldProps<'email'>) {
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  return (
    <EmailInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      value={text(input.value)}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
      maxLength={question.maxLength}
    />
  );
}

function PhoneField({ question }: FieldProps<'phone'>) {
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  const international = question.variant === 'international';
  return (
    <PhoneInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      value={text(input.value)}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
      variant={international ? 'international' : 'us'}
      format={international ? formatInternationalPhone : formatUsPhone}
    />
  );
}

function SsnField({ question }: FieldProps<'ssn'>) {
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  return (
    <SsnInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      value={text(input.value)}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
      format={formatSsn}
      concealable
    />
  );
}

/** Options of a select or radio; a conditional select re-renders only when its controlling answer changes. */
function useOptions(question: Of<'select'> | Of<'radio'>) {
  const controllingKey =
    'byAnswer' in question.options ? question.options.byAnswer.valueKey : undefined;
  const controlling = useWatch((values) =>
    controllingKey === undefined ? '' : text(values[controllingKey]),
  );
  const answers: Answers = controllingKey === undefined ? {} : { [controllingKey]: controlling };
  return currentOptions(question, answers) ?? [];
}

function useChoiceChange(question: Of<'select'> | Of<'radio'>) {
  const form = useForm();
  return (value: string, label: string) => {
    form.batch(() => {
      form.change(question.key, value);
      // SPEC §3: selects and radios also store the chosen label in {key}_desc.
      if (hasDescKey(question)) form.change(descKey(question.key), value === '' ? '' : label);
    });
  };
}

function SelectField({ question }: FieldProps<'select'>) {
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  const options = useOptions(question);
  const onChange = useChoiceChange(question);
  // SPEC §4: a conditional select shows only while its controlling answer offers options.
  if ('byAnswer' in question.options && options.length === 0) return null;
  return (
    <SelectInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      options={options}
      value={text(input.value)}
      onChange={onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
    />
  );
}

function RadioField({ question }: FieldProps<'radio'>) {
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  const options = useOptions(question);
  const onChange = useChoiceChange(question);
  if ('byAnswer' in question.options && options.length === 0) return null;
  return (
    <RadioGroupInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      options={options}
      value={text(input.value)}
      onChange={onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
      row={options.length <= 3 && options.every((option) => option.label.length <= 24)}
    />
  );
}

function CheckboxField({ question }: FieldProps<'checkbox'>) {
  const { input, error, disabled } = useFieldState<boolean | string>(question.key);
  const required = useRequired(question);
  return (
    <CheckboxInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      value={input.value === true}
      onChange={input.onChange}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
    />
  );
}

function CheckboxesField({ question }: FieldProps<'checkboxes'>) {
  const form = useForm();
  const { error, disabled } = useFieldState<boolean | string>(question.key);
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
        form.change(key, value);
      }}
      error={error}
      disabled={disabled}
    />
  );
}

function MonthYearField({ question }: FieldProps<'month-year'>) {
  const form = useForm();
  const month = useField<string>(question.monthKey, { subscription });
  const year = useField<string>(question.yearKey, { subscription });
  const { validating, readOnly } = useRenderer();
  const required = useWatch((values) => isRequired(question.required, values));
  const errors = validating
    ? [
        ...((month.meta.error as string[] | undefined) ?? []),
        ...((year.meta.error as string[] | undefined) ?? []),
      ]
    : [];
  return (
    <MonthYearInput
      id={question.monthKey}
      yearId={question.yearKey}
      label={question.label}
      hint={question.hint}
      monthValue={text(month.input.value)}
      yearValue={text(year.input.value)}
      years={yearOptions(question.years, new Date())}
      onChange={({ month: m, year: y }) => {
        form.batch(() => {
          form.change(question.monthKey, m);
          form.change(question.yearKey, y);
        });
      }}
      onBlur={month.input.onBlur}
      error={[...new Set(errors)]}
      disabled={readOnly}
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
