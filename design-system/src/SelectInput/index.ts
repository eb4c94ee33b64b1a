export {
  SELECT_COLLISION_PADDING,
  SELECT_EMPTY_LABEL,
  SELECT_MENU_MAX_HEIGHT,
  SELECT_PAGE_SIZE,
  SELECT_TYPEAHEAD_RESET_MS,
  SelectInput,
  type SelectInputProps,
  type SelectOption,
} from './SelectInput';
