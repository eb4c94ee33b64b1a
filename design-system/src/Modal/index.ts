export { ConfirmDeletion, type ConfirmDeletionProps } from './ConfirmDeletion';
export { LazyModal } from './LazyModal';
export { Modal, type ModalProps, type ModalSize } from './Modal';
