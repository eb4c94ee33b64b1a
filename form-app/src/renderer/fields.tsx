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
import {
  type ComponentType,
  startTransition,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useState,
} from 'react';

import { DatePlaceholder } from '../prerender/DatePlaceholder.tsx';
import { LookupPlaceholder } from '../prerender/LookupPlaceholder.tsx';
import { afterQuiet, loadOnce, onFirstUse, type PlaceholderProps } from '../prerender/index.ts';
import {
  type FieldProps,
  maxLengthOf,
  type Of,
  text,
  useQuestionInput,
  useShownError,
} from './useQuestionInput.ts';
import { changeAnswers, useAnswersForm, valuesOf } from '../engine/index.ts';
import { useFieldScope, useScopedWatch } from './AnswerScope.tsx';
import { useAnswerField } from './useAnswerField.ts';

export type { FieldProps } from './useQuestionInput.ts';

/**
 * A field in a chunk of its own, kept out of the first download (issue 17): the page renders
 * `Placeholder` (a small spinner unless told) until the chunk has arrived, then the field.
 *
 * With a placeholder, the chunk is fetched at the first quiet moment after the first sign of
 * use (`onFirstUse`: a tap, a key, a scroll anywhere on the page; `afterQuiet`), or at once
 * when its placeholder is used, rather than as the step renders: a visitor who only reads the
 * page downloads nothing more, and none of it competes with the page becoming usable or with
 * someone typing. The build's HTML and the hydration render the placeholder, so hydration
 * needs no chunk and leaves no Suspense boundary behind (StepPage.tsx says why that matters).
 * A placeholder may `hold` its place (the date's, until focus leaves it); the lookup's hands
 * its focus and caret over (LookupPlaceholder.tsx).
 */
function lazyField<T extends Question['type']>(
  load: () => Promise<ComponentType<FieldProps<T>>>,
  Placeholder?: ComponentType<PlaceholderProps<T>>,
): ComponentType<FieldProps<T>> {
  const field = loadOnce(load);
  const fetchField = () => {
    field.load().catch((error: unknown) => {
      console.error('A field could not be loaded; its placeholder stays.', error);
    });
  };
  return function LazyField({ question }: FieldProps<T>) {
    // The placeholder first, always: the HTML and the hydration have it. A field already
    // loaded (a later step) takes its place before the first paint; one arriving later takes
    // it once the page is quiet (or at once if its placeholder is in use), in a transition.
    const [Loaded, setLoaded] = useState<ComponentType<FieldProps<T>> | undefined>(undefined);
    const [wanted, setWanted] = useState(false);
    const [held, setHeld] = useState(false);
    const show = useEffectEvent(() => {
      startTransition(() => {
        setLoaded(() => field.current());
      });
    });
    useLayoutEffect(() => {
      // A spinner stands for nothing usable: its field shows as soon as it is here.
      const arrived = () => {
        if (Placeholder === undefined) show();
        else afterQuiet(show);
      };
      const unsubscribe = field.subscribe(arrived);
      const loaded = field.current();
      if (loaded !== undefined) setLoaded(() => loaded);
      else if (Placeholder === undefined) fetchField();
      // Fetched at the first quiet moment after the page's first use: the chunk's arrival
      // and evaluation then fall between no keys.
      else
        onFirstUse(() => {
          afterQuiet(fetchField);
        });
      return unsubscribe;
    }, []);
    useEffect(() => {
      if (!wanted) return;
      fetchField();
      // Someone is in the placeholder: no transition, which their keys would keep restarting.
      const now = () => {
        setLoaded(() => field.current());
      };
      if (field.current() !== undefined) now();
      return field.subscribe(now);
    }, [wanted]);
    if (Loaded !== undefined && !held) return <Loaded question={question} />;
    if (Placeholder === undefined) return <LoadingSpinner size="small" />;
    return (
      <Placeholder
        question={question}
        hold={setHeld}
        want={() => {
          setWanted(true);
        }}
      />
    );
  };
}

/** The date picker (@mui/x-date-pickers) is the heaviest widget of all. */
const DateField = lazyField<'date'>(
  async () => (await import('./DateField.tsx')).DateField,
  DatePlaceholder,
);
/** MUI's Autocomplete and its popper: a plain text input that works stands in until it arrives. */
const LookupField = lazyField<'lookup'>(
  async () => (await import('./LookupField.tsx')).LookupField,
  LookupPlaceholder,
);
/** Uploads sit behind a tab that is not the default one, and only logged-in applicants use them. */
const FileField = lazyField<'file'>(async () => (await import('./FileField.tsx')).FileField);

function TextField({ question }: FieldProps<'text'>) {
  return <TextInput {...useQuestionInput(question)} maxLength={maxLengthOf(question)} />;
}

function TextareaField({ question }: FieldProps<'textarea'>) {
  return <Textarea {...useQuestionInput(question)} maxLength={maxLengthOf(question)} />;
}

function EmailField({ question }: FieldProps<'email'>) {
  return <EmailInput {...useQuestionInput(question)} maxLength={maxLengthOf(question)} />;
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
  const controlling = useScopedWatch((values) =>
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
