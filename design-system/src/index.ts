// The design system's public surface: the theme and every widget. Nothing else is importable.
export {
  AppThemeProvider,
  BREAKPOINTS,
  contrastProblems,
  createAppTheme,
  defaultTokens,
  exampleTokens,
  LOADING_SIZES,
  LOADING_SPINNER_Z_INDEX,
  MODAL_SIZES,
  MODAL_SIZES_TABLET,
  type AppBreakpoints,
  type AppThemeValues,
  type ColorShades,
  type LoadingSizes,
  type ModalSizes,
  type SeverityColors,
  type ThemeColors,
  type ThemeTokens,
} from './theme';
export {
  Alert,
  Box,
  Button,
  Container,
  Divider,
  Link,
  Stack,
  Typography,
  type AlertProps,
  type BoxProps,
  type ButtonProps,
  type ContainerProps,
  type DividerProps,
  type LinkProps,
  type StackProps,
  type TypographyProps,
} from './primitives';
export {
  ACCOUNT_CARD_SUBMIT_LABEL,
  AccountCard,
  type AccountCardLink,
  type AccountCardProps,
} from './AccountCard';
export { ACCOUNT_POPOVER_TITLE, AccountPopover, type AccountPopoverProps } from './AccountPopover';
export { type InputProps, type TextEntryProps } from './parts/inputProps';
export { AddAnotherButton, type AddAnotherButtonProps } from './AddAnotherButton';
export {
  APP_FOOTER_HELP_LABEL,
  APP_FOOTER_PRIVACY_LABEL,
  AppFooter,
  type AppFooterProps,
} from './AppFooter';
export { AppHeader, type AppHeaderProps } from './AppHeader';
export { Banner, BANNER_DEFAULT_TEXT, type BannerProps, type BannerState } from './Banner';
export { CheckboxGroup, type CheckboxGroupOption, type CheckboxGroupProps } from './CheckboxGroup';
export { CheckboxInput, type CheckboxInputProps } from './CheckboxInput';
export {
  DATE_INPUT_FORMAT,
  DATE_INPUT_INVALID_MESSAGE,
  DATE_INPUT_NOT_A_DATE,
  DateInput,
  DateInputPlaceholder,
  type DateInputPlaceholderProps,
  type DateInputProps,
} from './DateInput';
export { EmailInput, type EmailInputProps } from './EmailInput';
export {
  ERROR_SCREEN_MESSAGE,
  ERROR_SCREEN_TITLE,
  ErrorScreen,
  type ErrorScreenProps,
} from './ErrorScreen';
export {
  FILE_INPUT_CONVERTING_MESSAGE,
  FILE_INPUT_FAILED_MESSAGE,
  FILE_INPUT_VISITOR_MESSAGE,
  FileInput,
  UPLOAD_IN_PROGRESS_MESSAGE,
  UPLOAD_IN_PROGRESS_TITLE,
  UploadInProgressDialog,
  type ChosenFileFacts,
  type FileInputProps,
  type FileUploadStatus,
  type UploadInProgressDialogProps,
} from './FileInput';
export { Fieldset, type FieldsetProps } from './Fieldset';
export { FormSection, type FormSectionProps } from './FormSection';
export { LoadingSpinner, type LoadingSpinnerProps } from './LoadingSpinner';
export {
  LOOKUP_DEBOUNCE_MS,
  LOOKUP_LOADING_LABEL,
  LOOKUP_MAX_WAIT_MS,
  LookupInput,
  type LookupChange,
  type LookupInputProps,
  type LookupSuggestion,
} from './LookupInput';
export {
  ConfirmDeletion,
  type ConfirmDeletionProps,
  LazyModal,
  Modal,
  MODAL_DEFAULT_TITLE,
  type ModalProps,
  type ModalSize,
} from './Modal';
export {
  MONTH_OPTIONS,
  MonthYearInput,
  type MonthYearInputProps,
  type MonthYearValue,
} from './MonthYearInput';
export {
  Notice,
  NOTICE_ANNOUNCE_DELAY_MS,
  NOTICE_STOP_LABEL,
  type NoticeProps,
  type NoticeTone,
} from './Notice';
export {
  PasswordRequirements,
  type PasswordRequirement,
  type PasswordRequirementsProps,
  type PasswordRequirementState,
} from './PasswordRequirements';
export { PhoneInput, type PhoneInputProps } from './PhoneInput';
export {
  PRINT_CHECKED_MARK,
  PRINT_DOCUMENT_PREFIX,
  PRINT_NOT_ANSWERED,
  PRINT_NOT_SELECTED,
  PRINT_SELECTED,
  PRINT_UNCHECKED_MARK,
  PrintDocument,
  type PrintDocumentProps,
  type PrintAnswer,
  type PrintBlock,
  type PrintChoice,
  type PrintModel,
} from './PrintDocument';
export { RadioGroupInput, type RadioGroupInputProps, type RadioOption } from './RadioGroupInput';
export { RevealButton, type RevealButtonProps } from './RevealButton';
export {
  SELECT_COLLISION_PADDING,
  SELECT_EMPTY_LABEL,
  SELECT_MENU_MAX_HEIGHT,
  SELECT_PAGE_SIZE,
  SELECT_TYPEAHEAD_RESET_MS,
  SelectInput,
  type SelectInputProps,
  type SelectOption,
} from './SelectInput';
export { SsnInput, type SsnInputProps } from './SsnInput';
export {
  SummaryList,
  type SummaryListAction,
  type SummaryListProps,
  type SummaryListRow,
} from './SummaryList';
export {
  STEP_BUTTON_LABELS,
  StepButtons,
  type StepAction,
  type StepButtonsProps,
} from './StepButtons';
export {
  StepNavigation,
  type NavigationStep,
  type StepLinkProps,
  type StepNavigationProps,
} from './StepNavigation';
export { TabGroup, type TabGroupProps, type TabGroupTab } from './TabGroup';
export {
  Textarea,
  TEXTAREA_ANNOUNCE_DELAY_MS,
  TEXTAREA_ANNOUNCE_FROM,
  type TextareaProps,
} from './Textarea';
export { TextInput, type TextInputProps } from './TextInput';
export {
  Toast,
  TOAST_DURATION,
  TOAST_ERROR_BOUNDARY_DURATION,
  TOAST_SUCCESS_WIDTH,
  TOAST_SWIPE_THRESHOLD,
  ToastStack,
  type ToastCloseReason,
  type ToastItem,
  type ToastProps,
  type ToastSeverity,
  type ToastStackProps,
} from './Toast';
export {
  ToastPlace,
  ToastProvider,
  useToast,
  type ToastApi,
  type ToastProviderProps,
  type ToastRequest,
} from './ToastProvider';
export {
  VALIDATION_SUMMARY_DESCRIPTION,
  VALIDATION_SUMMARY_TITLE,
  ValidationSummary,
  type ValidationSummaryItem,
  type ValidationSummaryProps,
} from './ValidationSummary';
