export {
  Textarea,
  TEXTAREA_ANNOUNCE_DELAY_MS,
  TEXTAREA_ANNOUNCE_FROM,
  TEXTAREA_MAX_LENGTH,
  type TextareaProps,
} from './Textarea';
