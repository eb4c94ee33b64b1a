export { Notice, NOTICE_ANNOUNCE_DELAY_MS, type NoticeProps, type NoticeTone } from './Notice';
