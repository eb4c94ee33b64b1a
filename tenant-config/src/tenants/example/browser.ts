import { renameInText, renamePageText } from '../../rename.ts';
import { type BrowserTenant } from '../../types.ts';
import { aboutPageWithoutResidency } from '../gallatin/about.ts';
import { gallatinSteps } from '../gallatin/steps.ts';
import { EXAMPLE_RENAMES, exampleSettings } from './settings.ts';

const aboutPage = renamePageText(aboutPageWithoutResidency, EXAMPLE_RENAMES);

/**
 * Riverbend Community College for the browser (BrowserTenant): /about's page at once, the
 * other two fetched together when first needed, renamed as `example`'s are.
 */
export const exampleBrowser: BrowserTenant = {
  ...exampleSettings,
  steps: renameInText(gallatinSteps, EXAMPLE_RENAMES),
  defaultPage: aboutPage,
  loadPages: async () => {
    const { educationPage, finalStepsPage } = await import('../gallatin/later.ts');
    return [aboutPage, ...renameInText([educationPage, finalStepsPage], EXAMPLE_RENAMES)];
  },
};
