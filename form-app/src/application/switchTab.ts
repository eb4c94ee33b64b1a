/**
 * Carries out a tab switch planned by `tabSwitch` (rules.ts), for the form layout and the test
 * harness alike: files of the tab being left are checked (a conversion still running blocks the
 * switch), the tab's answers are cleared in the form, then the choice is stored.
 */
import { type AnswersForm, changeAnswers } from '../engine/index.ts';
import { type TabSwitch } from './rules.ts';

export interface TabSwitchIo {
  /** Checks a file question of the tab being left: `false` blocks the switch. */
  leaveFile: (key: string) => Promise<boolean>;
  /** Stores the chosen tab (the server, or local state). */
  store: () => Promise<void>;
}

export async function switchTab(
  form: AnswersForm,
  plan: TabSwitch,
  io: TabSwitchIo,
): Promise<boolean> {
  if (plan.kind === 'refused') return false;
  for (const key of plan.files) if (!(await io.leaveFile(key))) return false;
  changeAnswers(form, Object.fromEntries(plan.clear.map((key) => [key, ''])));
  await io.store();
  return true;
}
