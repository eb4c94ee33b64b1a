/**
 * What the step renderer needs besides Final Form: the UI state of SPEC §4 (add-another
 * counters, chosen tabs, pressed triggers; form-model calls it `FormContext`) and what changes
 * it, and who is filling the form.
 */
import { type AddAnotherBlock, type FormContext as UiState } from '@admit/form-model';
import { createContext, useContext } from 'react';

export type { UiState };

export interface Renderer {
  /** Add-another counters, chosen tabs and pressed triggers (for clearing and display). */
  ui: UiState;
  /** Logged-in applicants save; visitors only fill in (SPEC §6). */
  isLoggedIn: boolean;
  /** Whether errors are shown (SPEC §4: only while validating). */
  validating: boolean;
  /** Adds an empty group at the end of an add-another block's array (the count is stored). */
  addGroup: (block: AddAnotherBlock) => void;
  /** Removes group `index` (1 or more) of an add-another block: later groups move up. */
  removeGroup: (block: AddAnotherBlock, index: number) => Promise<void>;
  setTab: (tabId: string, tab: string) => Promise<boolean>;
  pressTrigger: (id: string) => void;
  /**
   * Takes back what a button trigger revealed: its answers (`names`, field names) become "",
   * the trigger is pressed no more, and the change is saved (SPEC §4: hidden answers are
   * cleared).
   */
  releaseTrigger: (id: string, names: readonly string[]) => Promise<void>;
  /** Saves the answers changed since the last save (logged in only). */
  save: () => Promise<void>;
}

export const RendererContext = createContext<Renderer | undefined>(undefined);

export function useRenderer(): Renderer {
  const value = useContext(RendererContext);
  if (value === undefined) throw new Error('useRenderer must be used inside the step renderer');
  return value;
}
