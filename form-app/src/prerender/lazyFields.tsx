/**
 * The fields loaded on first use, as the prerendered page has them: the renderer's date, lookup
 * and file renderers (its `fieldChunks`) with what stands in until their chunk has arrived. The
 * app gives them to the renderer from above (App.tsx, `FieldRenderersContext`).
 */
import { type Question } from '@admit/form-model';
import { LoadingSpinner } from '@admit/design-system';
import {
  type ComponentType,
  startTransition,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useState,
} from 'react';

import { loadOnce } from '../loadOnce.ts';
import {
  type FieldProps,
  type FieldRenderers,
  fieldChunks,
  useFieldScope,
} from '../renderer/index.ts';
import { DatePlaceholder } from './DatePlaceholder.tsx';
import { afterQuiet, onFirstUse, type PlaceholderProps } from './firstUse.ts';
import { LookupPlaceholder, takeOverFocus } from './LookupPlaceholder.tsx';

/**
 * A field in a chunk of its own: the page renders `Placeholder` (a small spinner unless told)
 * until the chunk has arrived, then the field.
 *
 * With a placeholder, the chunk is fetched at the first quiet moment after the first sign of
 * use (`onFirstUse`: a tap, a key, a scroll anywhere on the page; `afterQuiet`), or at once
 * when its placeholder is used, rather than as the step renders: a visitor who only reads the
 * page downloads nothing more, and none of it competes with the page becoming usable or with
 * someone typing. The build's HTML and the hydration render the placeholder, so hydration
 * needs no chunk and leaves no Suspense boundary behind. A placeholder may `hold` its place
 * (the date's, until focus leaves it); the lookup's hands its focus and caret over.
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
    const shown = Loaded !== undefined && !held;
    // The field's id: SPEC's key, a group's too (`college_2_name`).
    const { flatKey } = useFieldScope();
    const key = 'key' in question ? flatKey(question.key) : undefined;
    // The field has taken the placeholder's place: the focus and caret it had go on here.
    useLayoutEffect(() => {
      if (shown && key !== undefined) takeOverFocus(key);
    }, [shown, key]);
    if (shown) return <Loaded question={question} />;
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

/** The renderers the app gives the renderer: its chunked kinds, with their placeholders. */
export const lazyFieldRenderers: FieldRenderers = {
  date: lazyField<'date'>(fieldChunks.date, DatePlaceholder),
  /** A plain text input that works stands in until MUI's Autocomplete arrives. */
  lookup: lazyField<'lookup'>(fieldChunks.lookup, LookupPlaceholder),
  file: lazyField<'file'>(fieldChunks.file),
};
