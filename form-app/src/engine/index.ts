/**
 * The form engine: the answers' Final Form (created with its clearing), in one shape (a group is
 * an item of its block's array) from the moment the answers load to the moment they are saved,
 * the API's edge where SPEC's flat keys are met (answersEdge.ts), saving (autosave, flush, the pending answers kept in this browser,
 * the other tabs' saves, the server's refusals) and validation. The rest of the app uses it
 * through this module only (form-app/README.md, "Layers").
 */
export { createClearing, type Clearing } from './clearing.ts';
export { fieldOfKey, flatAnswersOf, loadedAnswers } from './answersEdge.ts';
export {
  type AnswersForm,
  changeAnswers,
  createAnswersForm,
  errorsOf,
  valuesOf,
  watchAnswers,
} from './createAnswersForm.ts';
export { saveStatusText } from './saveState.ts';
export {
  clearPendingAnswers,
  clearVisitorAnswers,
  hasPendingAnswers,
  readPendingAnswers,
  readVisitorAnswers,
  type Notices,
  type Refusals,
  type SaveStatusStore,
  useSaving,
  writeVisitorAnswers,
} from './useSaving.ts';
export { useValidation } from './useValidation.ts';
export { useAnswersForm, useWatch } from './useWatch.ts';
