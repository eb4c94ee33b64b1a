export {
  ToastPlace,
  ToastProvider,
  useToast,
  type ToastApi,
  type ToastProviderProps,
  type ToastRequest,
} from './ToastProvider';
