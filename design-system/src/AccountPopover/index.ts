export { ACCOUNT_POPOVER_TITLE, AccountPopover, type AccountPopoverProps } from './AccountPopover';
