import {
  type Answers,
  clearHiddenAnswers,
  type FormContext,
  type PageConfig,
} from '@admit/form-model';
import { useEffect } from 'react';
import { useForm } from 'react-final-form';

/**
 * Applies form-model's one clearing function as the answers change (SPEC §4): a block that
 * becomes hidden has its answers, and their `_desc`, set to "" in the form, to be saved with
 * the next save. Renders nothing.
 */
export function ClearHidden({
  pages,
  context,
}: {
  pages: readonly PageConfig[];
  context: FormContext;
}) {
  const form = useForm<Answers>();
  useEffect(() => {
    let scheduled = false;
    const apply = () => {
      scheduled = false;
      const values = form.getState().values;
      const cleared = clearHiddenAnswers(pages, values, context);
      if (cleared === values) return;
      form.batch(() => {
        for (const [key, value] of Object.entries(cleared))
          if (values[key] !== value) form.change(key, value);
      });
    };
    apply();
    return form.subscribe(
      () => {
        // Changing values inside a subscriber re-enters Final Form: apply once the change settles.
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(apply);
        }
      },
      { values: true },
    );
  }, [context, form, pages]);
  return null;
}
