/** Gallatin's three steps (SPEC §2): what the step navigation shows before any page loads. */
import { type StepSummary } from '../../types.ts';

/** Personal Info: the default route (SPEC §2). */
export const aboutStep = {
  id: 'about',
  route: 'about',
  title: 'Personal Info',
} as const satisfies StepSummary;

/** Academic History (SPEC §2). */
export const educationStep = {
  id: 'education',
  route: 'education',
  title: 'Academic History',
} as const satisfies StepSummary;

/** Submit (SPEC §2). */
export const finalStepsStep = {
  id: 'final-steps',
  route: 'final-steps',
  title: 'Submit',
} as const satisfies StepSummary;

export const gallatinSteps: readonly StepSummary[] = [aboutStep, educationStep, finalStepsStep];
