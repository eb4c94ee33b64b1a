import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ErrorIcon from '@mui/icons-material/Error';
import { Box, InputAdornment, OutlinedInput, Paper } from '@mui/material';
import {
  type FocusEventHandler,
  type HTMLAttributes,
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

import { placeSelectMenu } from './selectMenuPlacement';
import { findTypeaheadMatch } from './selectTypeahead';

/** One choice of a select: the stored answer and the words shown for it. */
export interface SelectOption {
  /** What is stored as the answer (SPEC §3: the empty answer is ""). */
  value: string;
  /** What the applicant sees; stored as `{key}_desc` by the form. */
  label: string;
}

/** SPEC §5: selects, month and year lists begin with an empty "--" option. */
export const SELECT_EMPTY_LABEL = '--';
/** SPEC §9: the type-ahead buffer resets after 1 second without typing. */
export const SELECT_TYPEAHEAD_RESET_MS = 1000;
/** SPEC §9: Page Up and Page Down move by 5 options. */
export const SELECT_PAGE_SIZE = 5;
/** SPEC §9: the open menu is at most 300 px tall and scrolls beyond that. */
export const SELECT_MENU_MAX_HEIGHT = 300;
/** SPEC §9: the menu keeps 100 px clear of the window's top and bottom, flipping if need be. */
export const SELECT_COLLISION_PADDING = 100;
/** The space between the select and its open menu, in px. */
const SELECT_MENU_GAP = 4;

const EMPTY_OPTION: SelectOption = { value: '', label: SELECT_EMPTY_LABEL };

/** The <input> attributes InputBase hands its input component; a div has no use for them. */
const INPUT_ONLY_PROPS = new Set([
  'value',
  'onChange',
  'onAnimationStart',
  'name',
  'required',
  'readOnly',
  'rows',
  'type',
  'autoComplete',
  'autoFocus',
  'defaultValue',
  'placeholder',
]);

interface ComboboxTriggerProps extends Omit<
  HTMLAttributes<HTMLElement>,
  'onChange' | 'onAnimationStart' | 'defaultValue' | 'autoFocus' | 'placeholder'
> {
  ref?: Ref<HTMLDivElement>;
  disabled?: boolean;
  // INPUT_ONLY_PROPS, typed loosely so that InputBase's props fit.
  value?: unknown;
  onChange?: unknown;
  onAnimationStart?: unknown;
  name?: unknown;
  required?: unknown;
  readOnly?: unknown;
  rows?: unknown;
  type?: unknown;
  autoComplete?: unknown;
  autoFocus?: unknown;
  defaultValue?: unknown;
  placeholder?: unknown;
}

/**
 * The focusable `role="combobox"` box inside the outlined input (WAI-ARIA select-only
 * combobox): OutlinedInput gives it the theme's border, focus ring and error states.
 */
function ComboboxTrigger({ disabled = false, ...props }: ComboboxTriggerProps) {
  const divProps = Object.fromEntries(
    Object.entries(props).filter(([key]) => !INPUT_ONLY_PROPS.has(key)),
  ) as HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> };
  return <div {...divProps} tabIndex={disabled ? -1 : 0} aria-disabled={disabled || undefined} />;
}

interface SelectControlProps {
  /** The combobox's id (a page links `#id` to it); options are `${id}-option-N`. */
  id: string;
  /** The name of the hidden input that carries the value in a native form post. */
  name: string;
  /** The id of the element whose text names the combobox and its listbox. */
  labelId: string;
  /** Ids of the hint and errors that describe the combobox. */
  describedBy?: string;
  /** The choices, without the empty "--" option (added first here). */
  options: readonly SelectOption[];
  /**
   * What the empty option says: "--" (SPEC §5) unless a filter's empty choice means something
   * a person should read, such as "All statuses".
   */
  emptyLabel?: string;
  /** The chosen option's value; "" for none. */
  value: string;
  /** Called with the chosen value and its label ("" for the empty option). */
  onChange: (value: string, label: string) => void;
  /** Called when the combobox loses focus. */
  onBlur?: () => void;
  /** Marks the combobox invalid and shows the error icon. */
  invalid: boolean;
  /** Whether an invalid combobox shows the error icon itself (a fieldset shows its own). */
  errorIcon?: boolean;
  /** Stops opening and choosing. */
  disabled: boolean;
  /** Sets `aria-required`. */
  required: boolean;
}

/**
 * A select-only combobox with a listbox menu (WAI-ARIA APG pattern), built for SPEC §9:
 * type-ahead that resets after 1 s, Page Up/Down by 5, a menu at most 300 px tall that keeps
 * 100 px from the window's top and bottom edges. Focus stays on the combobox; the option
 * under the keyboard is `aria-activedescendant`. Not exported: SelectInput and MonthYearInput
 * frame it.
 */
export function SelectControl({
  id,
  name,
  labelId,
  describedBy,
  options,
  emptyLabel,
  value,
  onChange,
  onBlur,
  invalid,
  errorIcon = true,
  disabled,
  required,
}: SelectControlProps) {
  const empty = emptyLabel === undefined ? EMPTY_OPTION : { value: '', label: emptyLabel };
  const choices = [empty, ...options.filter((option) => option.value !== '')];
  const labels = choices.map((option) => option.label);
  const selectedIndex = Math.max(
    choices.findIndex((option) => option.value === value),
    0,
  );
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(selectedIndex);
  const anchorRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLDivElement>(null);
  const listboxRef = useRef<HTMLUListElement | null>(null);
  // The listbox mounts with `open`; this tells the effect below that it is there.
  const [listboxMounted, setListboxMounted] = useState(false);
  // On opening, the chosen option is scrolled to the middle of the menu; later, just into view.
  const centreNext = useRef(false);
  const attachListbox = useCallback((node: HTMLUListElement | null) => {
    listboxRef.current = node;
    centreNext.current = node !== null;
    setListboxMounted(node !== null);
  }, []);
  const typed = useRef('');
  const typedReset = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(
    () => () => {
      clearTimeout(typedReset.current);
    },
    [],
  );

  const menuOpen = open && !disabled;
  // Place the menu before the browser paints it, and again when the window is resized or
  // anything around the select scrolls (SPEC §9: it flips above near the window's bottom).
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const menu = menuRef.current;
    if (!menuOpen || anchor === null || menu === null) return;
    const place = () => {
      const box = anchor.getBoundingClientRect();
      // Width first: a narrower menu may wrap long options, and so be taller.
      menu.style.width = `${box.width}px`;
      const { documentElement } = document;
      const { top, left } = placeSelectMenu(
        box,
        menu.offsetHeight,
        { width: documentElement.clientWidth, height: documentElement.clientHeight },
        SELECT_COLLISION_PADDING,
        SELECT_MENU_GAP,
      );
      // The menu sits in <body>: page coordinates, so it scrolls along with the page.
      menu.style.top = `${top + window.scrollY}px`;
      menu.style.left = `${left + window.scrollX}px`;
    };
    const placeUnlessMenu = (event: Event) => {
      // The menu's own scrolling moves nothing.
      if (!(event.target instanceof Node && menu.contains(event.target))) place();
    };
    place();
    window.addEventListener('resize', place);
    document.addEventListener('scroll', placeUnlessMenu, true);
    return () => {
      window.removeEventListener('resize', place);
      document.removeEventListener('scroll', placeUnlessMenu, true);
    };
  }, [menuOpen, choices.length]);

  // Keep the active option in view inside the menu, without ever scrolling the page.
  useEffect(() => {
    const listbox = listboxRef.current;
    const option = listbox?.children.item(activeIndex);
    if (!listbox || !(option instanceof HTMLElement)) return;
    if (centreNext.current) {
      centreNext.current = false;
      listbox.scrollTop = option.offsetTop - (listbox.clientHeight - option.offsetHeight) / 2;
      return;
    }
    if (option.offsetTop < listbox.scrollTop) listbox.scrollTop = option.offsetTop;
    const bottom = option.offsetTop + option.offsetHeight;
    if (bottom > listbox.scrollTop + listbox.clientHeight) {
      listbox.scrollTop = bottom - listbox.clientHeight;
    }
  }, [listboxMounted, activeIndex]);

  const openAt = (index: number) => {
    setActiveIndex(index);
    setOpen(true);
  };

  const choose = (index: number) => {
    const option = choices[index];
    setOpen(false);
    if (option === undefined || option.value === value) return;
    // The empty option stands for "not answered": no description either.
    onChange(option.value, option.value === '' ? '' : option.label);
  };

  const typeAhead = (char: string) => {
    clearTimeout(typedReset.current);
    typed.current += char;
    typedReset.current = setTimeout(() => {
      typed.current = '';
    }, SELECT_TYPEAHEAD_RESET_MS);
    const from = open ? activeIndex : selectedIndex;
    const match = findTypeaheadMatch(labels, typed.current, from);
    if (match >= 0) openAt(match);
    else if (!open) openAt(selectedIndex);
  };

  const last = choices.length - 1;
  const clamp = (index: number) => Math.min(Math.max(index, 0), last);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    const { key, altKey, ctrlKey, metaKey } = event;
    const printable = key.length === 1 && !ctrlKey && !metaKey && !altKey;
    // Space types a space while a search is under way ("New Mexico"), else it chooses.
    if (printable && (key !== ' ' || typed.current !== '')) {
      event.preventDefault();
      typeAhead(key);
      return;
    }
    if (!open) {
      if (key === 'ArrowDown' || key === 'Enter' || key === ' ') openAt(selectedIndex);
      else if (key === 'ArrowUp' || key === 'Home') openAt(0);
      else if (key === 'End') openAt(last);
      else return;
      event.preventDefault();
      return;
    }
    switch (key) {
      case 'ArrowDown':
        setActiveIndex(clamp(activeIndex + 1));
        break;
      case 'ArrowUp':
        if (altKey) choose(activeIndex);
        else setActiveIndex(clamp(activeIndex - 1));
        break;
      case 'PageDown':
        setActiveIndex(clamp(activeIndex + SELECT_PAGE_SIZE));
        break;
      case 'PageUp':
        setActiveIndex(clamp(activeIndex - SELECT_PAGE_SIZE));
        break;
      case 'Home':
        setActiveIndex(0);
        break;
      case 'End':
        setActiveIndex(last);
        break;
      case 'Enter':
      case ' ':
        choose(activeIndex);
        break;
      case 'Escape':
        // Close the menu only, not a dialog the select sits in.
        event.stopPropagation();
        setOpen(false);
        break;
      case 'Tab':
        // APG: Tab chooses the active option and moves on (so no preventDefault).
        choose(activeIndex);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  const handleBlur: FocusEventHandler<HTMLElement> = () => {
    setOpen(false);
    onBlur?.();
  };

  const selected = choices[selectedIndex] ?? empty;

  return (
    <>
      <OutlinedInput
        ref={anchorRef}
        inputRef={triggerRef}
        inputComponent={ComboboxTrigger}
        id={id}
        fullWidth
        value={selected.value}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
        onMouseDown={(event) => {
          if (disabled || event.button !== 0) return;
          // Keep focus on the combobox and toggle the menu from anywhere on the box.
          event.preventDefault();
          triggerRef.current?.focus();
          if (open) setOpen(false);
          else openAt(selectedIndex);
        }}
        slotProps={{
          input: {
            role: 'combobox',
            'aria-haspopup': 'listbox',
            'aria-expanded': open,
            'aria-controls': listboxId,
            'aria-labelledby': labelId,
            'aria-describedby': describedBy,
            'aria-required': required || undefined,
            'aria-activedescendant': open ? optionId(activeIndex) : undefined,
            children: selected.label,
          },
        }}
        sx={{
          cursor: disabled ? 'default' : 'pointer',
          '& .MuiOutlinedInput-input': {
            height: 'auto',
            minHeight: '1.4375em',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            userSelect: 'none',
          },
        }}
        endAdornment={
          <InputAdornment position="end" sx={{ pointerEvents: 'none' }}>
            {invalid && errorIcon && <ErrorIcon color="error" data-testid="error-icon" />}
            <ArrowDropDownIcon
              sx={{
                color: disabled ? 'text.disabled' : 'neutral.dark',
                transform: open ? 'rotate(180deg)' : undefined,
              }}
            />
          </InputAdornment>
        }
      />
      <input type="hidden" name={name} value={selected.value} disabled={disabled} />
      {menuOpen &&
        createPortal(
          <Paper
            ref={menuRef}
            elevation={8}
            sx={{ position: 'absolute', top: 0, left: 0, zIndex: 'modal' }}
            // Clicks in the menu (options, its scrollbar) must not take focus off the combobox.
            onMouseDown={(event) => {
              event.preventDefault();
            }}
          >
            <Box
              component="ul"
              ref={attachListbox}
              role="listbox"
              id={listboxId}
              aria-labelledby={labelId}
              tabIndex={-1}
              sx={{
                position: 'relative',
                maxHeight: SELECT_MENU_MAX_HEIGHT,
                overflowY: 'auto',
                m: 0,
                py: 0.5,
                px: 0,
                listStyle: 'none',
              }}
            >
              {choices.map((option, index) => {
                const isSelected = index === selectedIndex;
                const isActive = index === activeIndex;
                return (
                  <Box
                    component="li"
                    key={option.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={isSelected}
                    onMouseMove={() => {
                      if (!isActive) setActiveIndex(index);
                    }}
                    onClick={() => {
                      choose(index);
                    }}
                    sx={{
                      px: 1.75,
                      py: 1,
                      cursor: 'pointer',
                      color: isSelected ? 'primary.main' : 'text.primary',
                      fontWeight: isSelected ? 600 : undefined,
                      bgcolor: isSelected
                        ? (theme) => theme.app.colors.primary.extraLight
                        : isActive
                          ? 'neutral.extraLight'
                          : undefined,
                      // The keyboard's place in the list: a focus ring, as on any focused control.
                      outline: (theme) =>
                        isActive ? `2px solid ${theme.palette.primary.main}` : undefined,
                      outlineOffset: -2,
                    }}
                  >
                    {option.label}
                  </Box>
                );
              })}
            </Box>
          </Paper>,
          document.body,
        )}
    </>
  );
}
