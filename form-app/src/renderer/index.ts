/**
 * The step renderer: sections, blocks and one field per question kind (design-system widgets fed
 * by the field hooks), and the two contexts it renders from, which the application provides: the
 * UI state (`RendererContext`) and the step actions (`ApplicationContext`). What renders a kind,
 * and what stands around a step's later parts, can be given from above (`FieldRenderersContext`,
 * `LaterPartContext`: the prerendered page's lazy fields and hydration in slices). The rest
 * of the app uses the renderer through this module only (form-app/README.md, "Layers").
 */
export {
  type ApplicationActions,
  ApplicationContext,
  useApplication,
} from './ApplicationContext.tsx';
export { type FieldScope, useFieldScope } from './AnswerScope.tsx';
export { SectionView } from './blocks.tsx';
export { clearLookup } from './clearLookup.ts';
export { fieldChunks, type FieldRenderers, FieldRenderersContext } from './fields.tsx';
export { LaterPart, LaterPartContext } from './LaterPart.tsx';
export { type Renderer, RendererContext, type UiState, useRenderer } from './RendererContext.tsx';
export { type FieldProps, type Of, useQuestionInput } from './useQuestionInput.ts';
