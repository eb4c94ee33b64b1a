import { type FieldError } from './fieldErrors';

/**
 * The controlled props every input widget shares (STYLE: "widgets share one set of controlled
 * props"), so that one field hook in the app can spread the same object into any of them. A
 * widget adds only what its kind has (options, a mask, a limit).
 *
 * `V` is the value's type; `OnChange` the change callback, when it gives more than the value
 * (a select's or radio's label for `{key}_desc`, a lookup's chosen suggestion).
 */
export interface InputProps<V, OnChange = (value: V) => void> {
  /** The control's id; a page links `#id` to it (validation summary), so use the answer key. */
  id: string;
  /** The control's name (a form post's key); defaults to `id`. */
  name?: string;
  /** The question, shown above the control (beside a single checkbox). */
  label: string;
  /** Help text shown under the label. */
  hint?: string;
  /** The current answer (controlled). */
  value: V;
  /** Called with the new answer as the person changes it. */
  onChange: OnChange;
  /** Called when focus leaves the control. */
  onBlur?: () => void;
  /** Error message(s); any message marks the field invalid and shows the error icon. */
  error?: FieldError;
  /** Greys out the control and stops changes. */
  disabled?: boolean;
  /** Shows the required marker and sets `aria-required`. */
  required?: boolean;
}

/**
 * An input a person types text into. The limit is the caller's: a widget knows no answer
 * lengths of its own (the app takes them from form-model's question kinds, the same the server
 * holds a save to).
 */
export interface TextEntryProps<OnChange = (value: string) => void> extends InputProps<
  string,
  OnChange
> {
  /** The most characters the answer may hold; typing beyond it is refused. */
  maxLength: number;
}
