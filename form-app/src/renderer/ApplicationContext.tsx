/** What a step page can ask of the layout: save, navigate as SPEC §2 says, submit. */
import { createContext, useContext } from 'react';

import type { SaveStatusStore } from '../engine/index.ts';

export interface ApplicationActions {
  /** Saves what changed (logged in); resolves when done. */
  save: () => Promise<void>;
  /**
   * Goes to a form route the SPEC §2 way: save, post validations, mark the page changed;
   * visitors with answers go to /signup. `arrival.focusField`: the step focuses that field.
   */
  goTo: (path: string, arrival?: { focusField: string }) => Promise<void>;
  /** SPEC §4 submit: started → validating; valid → submitted and /completion; else the summary. */
  submit: () => Promise<void>;
  /** Which step action is busy, for the buttons' progress state. */
  busy: 'save' | 'continue' | 'previous' | 'submit' | undefined;
  setBusy: (busy: ApplicationActions['busy']) => void;
  /** Where saving stands, for the page's status line. */
  saveStatus: SaveStatusStore;
}

export const ApplicationContext = createContext<ApplicationActions | undefined>(undefined);

export function useApplication(): ApplicationActions {
  const value = useContext(ApplicationContext);
  if (value === undefined) throw new Error('useApplication must be used inside FormLayout');
  return value;
}
