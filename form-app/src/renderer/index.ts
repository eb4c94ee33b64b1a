/**
 * The step renderer: sections, blocks and one field per question kind (design-system widgets fed
 * by the field hooks), and the two contexts it renders from, which the application provides: the
 * UI state (`RendererContext`) and the step actions (`ApplicationContext`). The rest of the app
 * uses it through this module only (eslint.config.js, form-app's layers).
 */
export {
  type ApplicationActions,
  ApplicationContext,
  useApplication,
} from './ApplicationContext.tsx';
export { type FieldScope, useFieldScope } from './AnswerScope.tsx';
export { SectionView } from './blocks.tsx';
export { type Renderer, RendererContext, type UiState, useRenderer } from './RendererContext.tsx';
export { type FieldProps, maxLengthOf, type Of, useQuestionInput } from './useQuestionInput.ts';
