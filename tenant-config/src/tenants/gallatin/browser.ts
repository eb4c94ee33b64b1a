import { type BrowserTenant } from '../../types.ts';
import { aboutPage } from './about.ts';
import { gallatinSettings } from './settings.ts';
import { gallatinSteps } from './steps.ts';

/**
 * Gallatin College for the browser (BrowserTenant): /about's page at once, Academic History
 * and Submit fetched together when first needed. The same data as `gallatin`.
 */
export const gallatinBrowser: BrowserTenant = {
  ...gallatinSettings,
  steps: gallatinSteps,
  defaultPage: aboutPage,
  loadPages: async () => {
    const { educationPage, finalStepsPage } = await import('./later.ts');
    return [aboutPage, educationPage, finalStepsPage];
  },
};
