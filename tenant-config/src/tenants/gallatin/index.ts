import { type TenantConfig } from '../../types.ts';
import { aboutPage } from './about.ts';
import { educationPage } from './education.ts';
import { finalStepsPage } from './finalSteps.ts';
import { gallatinSettings } from './settings.ts';

export { aboutPageWithoutResidency } from './about.ts';
export { educationPage } from './education.ts';
export { finalStepsPage } from './finalSteps.ts';

/** Gallatin College, Montana State University: the default tenant. */
export const gallatin: TenantConfig = {
  ...gallatinSettings,
  pages: [aboutPage, educationPage, finalStepsPage],
};
