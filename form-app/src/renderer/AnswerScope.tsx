/**
 * Where the blocks being rendered keep their answers: at the top of the form's answers, or in
 * an item of an add-another block's array (form-model's `AnswerScope`). A group's blocks are its
 * template's, keys as written; this context turns a key into the field's name in the form
 * (`parent[1].parent_first_name`) and into SPEC's key (`parent_2_first_name`), the field's id,
 * which its errors and refusals are named by.
 */
import {
  type AddAnotherBlock,
  type Answers,
  fieldName,
  groupKey,
  type ScopeStep,
} from '@admit/form-model';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

import { useWatch } from '../engine/index.ts';

export interface FieldScope {
  at: readonly ScopeStep[];
  /** A key's field name in the form's answers. */
  name: (key: string) => string;
  /** A key's name in SPEC (the field's id, the anchor of its errors). */
  flatKey: (key: string) => string;
}

const TOP: FieldScope = { at: [], name: (key) => key, flatKey: (key) => key };

const ScopeContext = createContext<FieldScope>(TOP);

export function useFieldScope(): FieldScope {
  return useContext(ScopeContext);
}

/** `useWatch` over the answers a question here reads (its item's over the outer ones). */
export function useScopedWatch<T extends string | number | boolean>(
  compute: (values: Answers) => T,
): T {
  return useWatch(compute, useFieldScope().at);
}

/** The blocks of item `index` of a block's array. */
export function GroupScope({
  block,
  index,
  children,
}: {
  block: AddAnotherBlock;
  index: number;
  children: ReactNode;
}) {
  const outer = useFieldScope();
  const scope = useMemo<FieldScope>(() => {
    const at: readonly ScopeStep[] = [...outer.at, [block.buttonId, index]];
    return {
      at,
      name: (key) => fieldName(at, key),
      flatKey: (key) => outer.flatKey(groupKey(block, index, key)),
    };
  }, [block, index, outer]);
  return <ScopeContext value={scope}>{children}</ScopeContext>;
}
