export { ConfirmDeletion, type ConfirmDeletionProps } from './ConfirmDeletion';
export { LazyModal } from './LazyModal';
export { Modal, MODAL_DEFAULT_TITLE, type ModalProps, type ModalSize } from './Modal';
