// @admit/form-model: the admission form as data and pure rules. Runs in the browser and on
// the server alike (no React, no Node built-ins, no I/O).

export type {
  AddAnotherBlock,
  Answers,
  AnswerValue,
  Block,
  CheckboxesQuestion,
  CheckboxQuestion,
  ConditionalBlock,
  ConditionalTrigger,
  ConditionGroup,
  DateQuestion,
  EmailQuestion,
  FieldsetBlock,
  FileQuestion,
  FormAnswers,
  FormContext,
  GroupKeys,
  InfoBlock,
  LookupFills,
  LookupQuestion,
  MonthYearQuestion,
  Option,
  OptionListName,
  OptionSource,
  PageConfig,
  PageId,
  PhoneQuestion,
  Question,
  QuestionType,
  RadioQuestion,
  Required,
  RuleRef,
  SectionConfig,
  SelectQuestion,
  SsnQuestion,
  TabsBlock,
  TextareaQuestion,
  TextQuestion,
  YearRange,
} from './config/types.ts';
export type { Condition, ConditionExpr, Operator } from './conditions/types.ts';
export { conditionKeys, evaluate, evaluateCondition, isAnswered } from './conditions/evaluate.ts';
export {
  blockKeys,
  blocksOfType,
  childBlockLists,
  writtenBlockLists,
  chosenTab,
  hasOptionsNow,
  isHidden,
  isQuestion,
  pageBlocksOfType,
  questionKeys,
  shownBranch,
  shownItemCount,
  triggerPressed,
  triggerTicked,
} from './config/blocks.ts';
export {
  DEFAULT_ADD_ANOTHER,
  GROUP_NUMBER,
  groupCount,
  groupItems,
  groupKey,
  groupTemplate,
  MAX_ADD_ANOTHER,
} from './config/groups.ts';
export {
  fieldName,
  itemAt,
  topScope,
  viewAt,
  withChanges,
  type AnswerScope,
  type ScopedChange,
  type ScopeStep,
} from './config/scope.ts';
export {
  flatFieldName,
  groupShapes,
  toFlatAnswers,
  toFormAnswers,
  type GroupShape,
} from './config/shape.ts';
export {
  sensitiveKeys,
  visitQuestions,
  walkPages,
  type QuestionVisit,
  type WalkGroup,
  type WalkItem,
} from './config/walk.ts';
export {
  byKind,
  kindOf,
  questionKinds,
  type KindSpec,
  type KindTable,
  type QuestionOf,
  type TypedKind,
} from './config/kinds.ts';
export { clearedKeys, clearHiddenAnswers, hasDescKey, storedKeys } from './config/clear.ts';
export { checkPages, formatPageProblem, pageProblems, type PageProblem } from './config/check.ts';
export { describeChoices } from './config/describe.ts';
export { exclusiveChanges, exclusiveNone } from './config/exclusive.ts';
export {
  birthDateMessage,
  dateCalendarStart,
  dateMessagesOnEntry,
  isBirthDate,
  isRealIsoDate,
  isoYearsAgo,
} from './validation/dates.ts';
export { pageKeys, pageOfKey, summaryHref } from './config/pages.ts';
export { descKey } from './keys/desc.ts';
export {
  deriveWebStatus,
  DERIVED_WEB_STATUSES,
  WEB_STATUSES,
  type DerivedWebStatus,
  type WebStatus,
} from './status/webStatus.ts';
export type { DocumentAnswer } from './api/contract.ts';
export {
  messagesIn,
  MODEL_MESSAGE_IDS,
  type CatalogueMessage,
  type MessageCatalogue,
  type ModelMessages,
} from './validation/messages.ts';
export { groupHeadingIn } from './validation/groupHeading.ts';
export { englishMessages } from './validation/english.ts';
export * from './validation/limits.ts';
export { isValid, toErrorMap, type ErrorMap } from './validation/errors.ts';
export { EMAIL_PATTERN } from './validation/rules.ts';
export { currentOptions, isRequired } from './config/questions.ts';
export {
  buildAnswerSchema,
  validateAnswers,
  validateField,
  type ValidateOptions,
} from './validation/schema.ts';
export { loadValidateAnswers } from './validation/load.ts';
export {
  PASSWORD_SPECIAL_CHARACTERS,
  passwordRequirementStates,
  passwordRules,
  type PasswordRule,
  type RequirementState,
} from './validation/password.ts';
export {
  submitFields,
  validateAccountForm,
  type AccountForm,
  type ConfirmForm,
  type ForgotForm,
  type LoginForm,
  type ResendForm,
  type ResetForm,
  type SignUpForm,
} from './validation/account.ts';
export { fileExtension, validateFile, type FileFacts } from './validation/file.ts';
export {
  PRINT_BLANK,
  printableModel,
  printLineText,
  type PrintedDocument,
  type PrintLine,
} from './print/printable.ts';
export {
  formatPrintedDate,
  groupHeading,
  maskedSsn,
  PRINTED_BLANK,
  printModelIn,
  printModelText,
  type ListedPrintOptions,
  type PrintAnswer,
  type PrintBlock,
  type PrintChoice,
  type PrintModel,
  type PrintOptions,
  type PrintSection,
  type PrintStep,
} from './print/model.ts';
export { printModel } from './print/english.ts';
export {
  decodeRanges,
  encodeRanges,
  findUnprintable,
  fontsDraw,
  rangesOf,
  unprintableAnswers,
  unprintableCharacters,
  type CodePointRange,
  type UnprintableAnswer,
  type UnprintableCharacter,
} from './print/coverage.ts';
export { printableLine, printableText } from './print/text.ts';
export * from './options/index.ts';
export * from './format/index.ts';
export { ERROR_CODES, GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE } from './api/errors.ts';
