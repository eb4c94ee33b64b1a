/**
 * Counts React renders without touching the app: a stand-in for the React DevTools global
 * hook, which react-dom (development and production builds alike) calls after every commit.
 * Install it before react-dom is first imported (a Vitest setup file; `page.addInitScript` in
 * bench/renders). Self-contained on purpose: bench/renders bundles this file alone for the
 * browser.
 *
 * What counts as a render is what React DevTools highlights: a component that did work in a
 * commit (React's PerformedWork flag), or was mounted. A subtree React skipped whole (its child
 * pointer unchanged) is not visited. A **field render** is a render of any component whose
 * `question` prop is a question of the config (the registry's adapters, QuestionField around
 * them, a lazy field's inner adapter), counted once per question and commit, by its answer key:
 * the groups of an add-another block are each their own copy of the template, under the
 * template's keys, so two groups' fields rendered in one commit count 2 under that key.
 */

/** The counters, on `window.__ADMIT_RENDERS__`. */
export interface RenderCounts {
  /** Commits since the last reset. */
  commits: number;
  /** Component renders (function, class, forwardRef and simple memo components) since the last reset. */
  components: number;
  /** Field renders since the last reset: answer key → how many commits rendered it. */
  fields: Record<string, number>;
  /** Component renders by component name (minified names in a production build). */
  byName: Record<string, number>;
  /** `performance.now()` of the last commit (not reset). */
  lastCommitAt: number;
  reset: () => void;
}

declare global {
  interface Window {
    __ADMIT_RENDERS__?: RenderCounts;
  }
}

/** The subset of a React fiber that is read here (react-reconciler's internals). */
interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  memoizedProps: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
}

/**
 * Installs the hook (once) and returns the counters. Throws when a real React DevTools hook is
 * already there, because then its numbers would be mixed with ours.
 */
export function installRenderCounter(): RenderCounts {
  const existing = window.__ADMIT_RENDERS__;
  if (existing !== undefined) return existing;

  // react-reconciler's work tags of components, and its PerformedWork flag.
  const FUNCTION_COMPONENT = 0;
  const CLASS_COMPONENT = 1;
  const FORWARD_REF = 11;
  const SIMPLE_MEMO_COMPONENT = 15;
  // A memo() wrapper (MEMO_COMPONENT) is not counted: the component inside has its own fiber.
  const COMPONENT_TAGS = new Set([
    FUNCTION_COMPONENT,
    CLASS_COMPONENT,
    FORWARD_REF,
    SIMPLE_MEMO_COMPONENT,
  ]);
  const PERFORMED_WORK = 1;

  const counts: RenderCounts = {
    commits: 0,
    components: 0,
    fields: {},
    byName: {},
    lastCommitAt: 0,
    reset() {
      counts.commits = 0;
      counts.components = 0;
      counts.fields = {};
      counts.byName = {};
    },
  };

  const nameOf = (type: unknown): string => {
    if (typeof type === 'function') {
      const named = type as { displayName?: string; name?: string };
      return (
        named.displayName ??
        (named.name !== undefined && named.name !== '' ? named.name : 'Anonymous')
      );
    }
    if (typeof type === 'object' && type !== null) {
      const wrapper = type as { displayName?: string; render?: unknown; type?: unknown };
      if (wrapper.displayName !== undefined) return wrapper.displayName;
      if (wrapper.render !== undefined) return nameOf(wrapper.render);
      if (wrapper.type !== undefined) return nameOf(wrapper.type);
    }
    return 'Anonymous';
  };

  const questionOf = (props: unknown): { question: object; key: string } | undefined => {
    if (typeof props !== 'object' || props === null || !('question' in props)) return undefined;
    const question: unknown = props.question;
    if (typeof question !== 'object' || question === null) return undefined;
    if (!('type' in question) || !('key' in question)) return undefined;
    return typeof question.key === 'string' ? { question, key: question.key } : undefined;
  };

  /** Records the renders of one commit: `next` is the committed fiber, `previous` the one before. */
  const visit = (next: Fiber, previous: Fiber | null, fieldsThisCommit: Map<object, string>) => {
    if (
      COMPONENT_TAGS.has(next.tag) &&
      (previous === null || (next.flags & PERFORMED_WORK) === PERFORMED_WORK)
    ) {
      counts.components += 1;
      const name = nameOf(next.type);
      counts.byName[name] = (counts.byName[name] ?? 0) + 1;
      const field = questionOf(next.memoizedProps);
      if (field !== undefined) fieldsThisCommit.set(field.question, field.key);
    }
    // A subtree React bailed out of keeps the very same child fibers: nothing in it rendered.
    if (previous !== null && next.child === previous.child) return;
    for (let child = next.child; child !== null; child = child.sibling) {
      const before = child.alternate;
      // A child with an alternate that is not part of the previous tree was just mounted.
      visit(child, previous === null ? null : before, fieldsThisCommit);
    }
  };

  const hook = {
    supportsFiber: true,
    renderers: new Map<number, unknown>(),
    inject(renderer: unknown): number {
      const id = hook.renderers.size + 1;
      hook.renderers.set(id, renderer);
      return id;
    },
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      counts.commits += 1;
      counts.lastCommitAt = performance.now();
      const current = root.current;
      const fieldsThisCommit = new Map<object, string>();
      visit(current, current.alternate, fieldsThisCommit);
      for (const key of fieldsThisCommit.values())
        counts.fields[key] = (counts.fields[key] ?? 0) + 1;
    },
    onCommitFiberUnmount() {
      // Unmounts are not renders.
    },
    onPostCommitFiberRoot() {
      // Nothing to do after passive effects.
    },
    checkDCE() {
      // React asks DevTools to check dead-code elimination of production builds: not ours to do.
    },
  };

  const global = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  if (global.__REACT_DEVTOOLS_GLOBAL_HOOK__ !== undefined)
    throw new Error('a React DevTools hook is already installed: render counts would be mixed');
  global.__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
  window.__ADMIT_RENDERS__ = counts;
  return counts;
}
