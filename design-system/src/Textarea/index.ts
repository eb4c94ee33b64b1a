export {
  Textarea,
  TEXTAREA_ANNOUNCE_DELAY_MS,
  TEXTAREA_ANNOUNCE_FROM,
  type TextareaProps,
} from './Textarea';
