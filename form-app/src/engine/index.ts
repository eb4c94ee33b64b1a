/**
 * The form engine: the answers' Final Form (created with its clearing), how answers are read and
 * written by SPEC's flat keys, saving (autosave, flush, the pending answers kept in this browser,
 * the other tabs' saves, the server's refusals) and validation. The rest of the app uses it
 * through this module only (eslint.config.js, form-app's layers).
 */
export { createClearing, type Clearing } from './clearing.ts';
export {
  answerName,
  answersOf,
  type AnswersForm,
  changeAnswers,
  createAnswersForm,
  errorsOf,
  shapePages,
  valuesOf,
  watchAnswers,
} from './createAnswersForm.ts';
export { flattenGroups, groupArrayName, groupCounts } from './groupValues.ts';
export { saveStatusText } from './saveState.ts';
export {
  clearPendingAnswers,
  clearVisitorAnswers,
  hasPendingAnswers,
  readPendingAnswers,
  readVisitorAnswers,
  type Refusals,
  type SaveStatusStore,
  useSaving,
  writeVisitorAnswers,
} from './useSaving.ts';
export { useValidation } from './useValidation.ts';
export { useAnswersForm, useWatch } from './useWatch.ts';
