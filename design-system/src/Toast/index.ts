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
