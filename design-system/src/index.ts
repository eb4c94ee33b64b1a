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
export { AccountCard, type AccountCardLink, type AccountCardProps } from './AccountCard';
export { AccountPopover, type AccountPopoverProps } from './AccountPopover';
export { type InputProps, type TextEntryProps } from './parts/inputProps';
export { AddAnotherButton, type AddAnotherButtonProps } from './AddAnotherButton';
export { AppFooter, type AppFooterProps } from './AppFooter';
export { AppHeader, type AppHeaderProps } from './AppHeader';
export { Banner, type BannerProps, type BannerState } from './Banner';
export { CheckboxGroup, type CheckboxGroupOption, type CheckboxGroupProps } from './CheckboxGroup';
export { CheckboxInput, type CheckboxInputProps } from './CheckboxInput';
export {
  DATE_INPUT_FORMAT,
  DATE_INPUT_NOT_A_DATE,
  DateInput,
  DateInputPlaceholder,
  type DateInputPlaceholderProps,
  type DateInputProps,
} from './DateInput';
export { EmailInput, type EmailInputProps } from './EmailInput';
export { ERROR_SCREEN_MESSAGE, ErrorScreen, type ErrorScreenProps } from './ErrorScreen';
export {
  FILE_INPUT_VISITOR_MESSAGE,
  FileInput,
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
  type ModalProps,
  type ModalSize,
} from './Modal';
export {
  monthOptions,
  MonthYearInput,
  type MonthYearInputProps,
  type MonthYearValue,
} from './MonthYearInput';
export { Notice, NOTICE_ANNOUNCE_DELAY_MS, type NoticeProps, type NoticeTone } from './Notice';
export {
  PasswordRequirements,
  type PasswordRequirement,
  type PasswordRequirementsProps,
  type PasswordRequirementState,
} from './PasswordRequirements';
export { PhoneInput, type PhoneInputProps } from './PhoneInput';
export {
  PRINT_CHECKED_MARK,
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
export { StepButtons, type StepAction, type StepButtonsProps } from './StepButtons';
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
  ValidationSummary,
  type ValidationSummaryItem,
  type ValidationSummaryProps,
} from './ValidationSummary';
