import { renameInText } from '../../rename.ts';
import { type TenantConfig } from '../../types.ts';
import { aboutPageWithoutResidency, educationPage, finalStepsPage } from '../gallatin/index.ts';
import { EXAMPLE_RENAMES, exampleSettings } from './settings.ts';

/**
 * A second college that reuses Gallatin's pages with its own names, contacts and theme, and
 * without the Montana residency section: proof that another college needs no code.
 */
export const example: TenantConfig = {
  ...exampleSettings,
  pages: renameInText([aboutPageWithoutResidency, educationPage, finalStepsPage], EXAMPLE_RENAMES),
};
