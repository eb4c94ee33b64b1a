export { AccountPopover, type AccountPopoverProps } from './AccountPopover';
