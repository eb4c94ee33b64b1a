export {
  Notice,
  NOTICE_ANNOUNCE_DELAY_MS,
  NOTICE_STOP_LABEL,
  type NoticeProps,
  type NoticeTone,
} from './Notice';
