import { type KeyGroup } from './registry.ts';

/**
 * SPEC §2: the steps of the application and which SPEC §3 key groups each holds (the validation
 * summary's page map). A requirement of the Gallatin college, checked by its test; the engine
 * knows no page ids: a college names its own steps.
 */
export const PAGE_KEY_GROUPS: Readonly<Record<string, readonly KeyGroup[]>> = {
  about: ['name', 'contact', 'parent', 'entry', 'residency', 'military', 'demographic'],
  education: ['testScore', 'highSchool', 'college'],
  'final-steps': ['conduct'],
};
