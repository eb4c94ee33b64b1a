/**
 * What the step renderer needs besides Final Form: the UI context of SPEC §4 (add-another
 * counters, chosen tabs, pressed triggers) and who is filling the form.
 */
import { type FormContext as ModelContext } from '@admit/form-model';
import { createContext, useContext } from 'react';

export interface RendererContext {
  /** Add-another counters, chosen tabs and pressed triggers (for clearing and display). */
  model: ModelContext;
  /** Logged-in applicants save; visitors only fill in (SPEC §6). */
  isLoggedIn: boolean;
  /** Read-only rendering (service users). */
  readOnly: boolean;
  /** Whether errors are shown (SPEC §4: only while validating). */
  validating: boolean;
  setAddAnother: (buttonId: string, count: number) => void;
  setTab: (tabId: string, tab: string) => Promise<boolean>;
  pressTrigger: (id: string) => void;
  /** Saves the answers changed since the last save (logged in only). */
  save: () => Promise<void>;
}

export const RendererContextValue = createContext<RendererContext | undefined>(undefined);

export function useRenderer(): RendererContext {
  const value = useContext(RendererContextValue);
  if (value === undefined) throw new Error('useRenderer must be used inside the step renderer');
  return value;
}
