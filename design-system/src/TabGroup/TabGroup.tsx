import { Box, ButtonBase, createSvgIcon, type Theme } from '@mui/material';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** One tab of a group: its id (stored as the chosen tab) and what it says. */
export interface TabGroupTab {
  /** The tab's id, stored per tab group as the chosen tab (SPEC §3 tabs payload). */
  id: string;
  /** The text on the tab. */
  label: string;
}

export interface TabGroupProps {
  /** The group's id; tabs and the panel are named after it. Use the tab group's key. */
  id: string;
  /** What the group chooses between, for screen readers (the tab list's name). */
  label: string;
  /** The tabs, in order. */
  tabs: readonly TabGroupTab[];
  /** The chosen tab's id (controlled). */
  value: string;
  /** Called with the newly chosen tab's id once the switch is allowed. */
  onChange: (id: string) => void;
  /**
   * Asked before switching; return (or resolve) false to stay on the current tab, e.g. while a
   * file of this tab is still uploading (SPEC §4). Show the reason yourself (a dialog).
   */
  beforeChange?: (id: string) => boolean | Promise<boolean>;
  /** Stops switching tabs. */
  disabled?: boolean;
  /** The chosen tab's content. */
  children: ReactNode;
}

// MUI's own scroll-button arrows (its Tabs draw these, not the icon set's).
const ScrollStartIcon = createSvgIcon(
  <path d="M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z" />,
  'KeyboardArrowLeft',
);
const ScrollEndIcon = createSvgIcon(
  <path d="M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z" />,
  'KeyboardArrowRight',
);

/** Where the indicator under the chosen tab sits, in the scrolling strip's coordinates. */
interface IndicatorBox {
  left: number;
  width: number;
}

/**
 * What MUI's Tabs give their scroll buttons: no role and no tab stop. Null, not undefined:
 * only null overrides ButtonBase's own `role="button"` and `tabindex`.
 */
const NOT_A_TAB_STOP = { role: null, tabIndex: null } as unknown as {
  role?: string;
  tabIndex?: number;
};

/** A tab strip's arrow: shown while the strip overflows, see-through where it cannot scroll. */
function ScrollButton({
  direction,
  disabled,
  onClick,
}: {
  direction: 'start' | 'end';
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = direction === 'start' ? ScrollStartIcon : ScrollEndIcon;
  return (
    // Not focusable and not a button for screen readers (as in MUI's Tabs): keyboards and
    // screen readers reach every tab with the arrow keys; the arrows are for pointers.
    <ButtonBase
      component="div"
      {...NOT_A_TAB_STOP}
      // Hidden, not disabled (as MUI's Tabs do): the strip keeps its width as it scrolls.
      className={disabled ? 'Mui-disabled' : undefined}
      onClick={onClick}
      sx={{ width: 40, flexShrink: 0, opacity: 0.8, '&.Mui-disabled': { opacity: 0 } }}
    >
      <Icon fontSize="small" />
    </ButtonBase>
  );
}

/** The tab's look: MUI's Tab (Material Design), as this design system set it. */
function tabStyles(theme: Theme) {
  return {
    ...theme.typography.button,
    maxWidth: 360,
    minWidth: 90,
    position: 'relative',
    minHeight: 48,
    // Tabs share a narrow strip, their labels wrapping (a phone shows "Upload a document" whole,
    // on two lines); below their minimum width the strip scrolls.
    flexShrink: 1,
    flexDirection: 'column',
    padding: '12px 16px',
    overflow: 'hidden',
    whiteSpace: 'normal',
    textAlign: 'center',
    lineHeight: 1.25,
    fontSize: '1rem',
    color: theme.palette.text.primary,
    '&[aria-selected="true"]': { color: theme.palette.secondary.main },
    '&.Mui-disabled': { color: theme.palette.text.disabled },
  } as const;
}

/**
 * Tabs that choose between ways of answering (SPEC §4), with one panel showing the chosen
 * tab's content. Arrow keys move between tabs (Home and End to the first and last) and Enter
 * or Space chooses one (manual activation: switching clears the other tab's answers, so it
 * never happens by moving focus). A caller may veto a switch with `beforeChange`. Too many
 * tabs for the width scroll sideways, with arrows at both ends (WAI-ARIA APG tabs pattern).
 *
 * @example
 * ```tsx
 * <TabGroup id="essay_tabs" label="How to give your essay" tabs={tabs} value={tab} onChange={setTab}>
 *   {tab === 'upload' ? <FileInput … /> : <TextArea … />}
 * </TabGroup>
 * ```
 */
export function TabGroup({
  id,
  label,
  tabs,
  value,
  onChange,
  beforeChange,
  disabled = false,
  children,
}: TabGroupProps) {
  const [checking, setChecking] = useState(false);
  const tabId = (tab: string) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;
  const selectedIndex = tabs.findIndex((tab) => tab.id === value);

  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // Roving focus: the tab the arrow keys are on while focus is in the list, else the chosen one.
  const [focusedIndex, setFocusedIndex] = useState<number | undefined>(undefined);
  const [indicator, setIndicator] = useState<IndicatorBox | undefined>(undefined);
  const [canScrollStart, setCanScrollStart] = useState(false);
  const [canScrollEnd, setCanScrollEnd] = useState(false);

  async function choose(next: string) {
    if (next === value || checking) return;
    if (beforeChange) {
      setChecking(true);
      try {
        if (!(await beforeChange(next))) return;
      } catch {
        // A check that fails keeps the current tab: nothing is cleared on an unknown state.
        return;
      } finally {
        setChecking(false);
      }
    }
    onChange(next);
  }

  const tabElement = (index: number) => listRef.current?.children.item(index) ?? null;

  // The indicator slides under the chosen tab; measured before the browser paints.
  const placeIndicator = useCallback(() => {
    const scroller = scrollerRef.current;
    const tab = listRef.current?.children.item(selectedIndex);
    if (!scroller || !tab) {
      setIndicator(undefined);
      return;
    }
    const strip = scroller.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    const left = box.left - strip.left + scroller.scrollLeft;
    setIndicator((shown) =>
      shown !== undefined &&
      Math.abs(shown.left - left) < 1 &&
      Math.abs(shown.width - box.width) < 1
        ? shown
        : { left, width: box.width },
    );
  }, [selectedIndex]);
  useLayoutEffect(placeIndicator, [placeIndicator, tabs]);

  // The chosen tab scrolled into the strip's view (phones: the strip scrolls sideways).
  const scrollChosenIntoView = useCallback(
    (smooth: boolean) => {
      const scroller = scrollerRef.current;
      const tab = listRef.current?.children.item(selectedIndex);
      if (!scroller || !tab) return;
      const strip = scroller.getBoundingClientRect();
      const box = tab.getBoundingClientRect();
      let delta = 0;
      if (box.left < strip.left || box.width > strip.width) delta = box.left - strip.left;
      else if (box.right > strip.right) delta = box.right - strip.right;
      if (delta !== 0)
        scroller.scrollTo({
          left: scroller.scrollLeft + delta,
          behavior: smooth ? 'smooth' : 'instant',
        });
    },
    [selectedIndex],
  );
  const placed = useRef(false);
  useEffect(() => {
    scrollChosenIntoView(placed.current);
    placed.current = true;
  }, [scrollChosenIntoView]);

  // Sizes change with the window, the fonts and the labels: follow them.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (!scroller || !list) return;
    const observer = new ResizeObserver(() => {
      placeIndicator();
      scrollChosenIntoView(false);
    });
    observer.observe(scroller);
    for (const tab of list.children) observer.observe(tab);
    return () => {
      observer.disconnect();
    };
  }, [placeIndicator, scrollChosenIntoView, tabs]);

  // The arrows show while the first or the last tab is out of view.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const first = tabElement(0);
    const last = tabElement(tabs.length - 1);
    if (!scroller || !first || !last) return;
    const watch = (tab: Element, show: (hidden: boolean) => void) => {
      const observer = new IntersectionObserver(
        ([entry]) => {
          if (entry) show(!entry.isIntersecting);
        },
        { root: scroller, threshold: 0.99 },
      );
      observer.observe(tab);
      return observer;
    };
    const observers = [watch(first, setCanScrollStart), watch(last, setCanScrollEnd)];
    return () => {
      for (const observer of observers) observer.disconnect();
    };
  }, [tabs.length]);

  /** Scrolls the strip by as many whole tabs as fit in it. */
  const scrollBy = (direction: -1 | 1) => {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (!scroller || !list) return;
    let size = 0;
    for (const tab of list.children) {
      const width = (tab as HTMLElement).clientWidth;
      if (size + width > scroller.clientWidth) {
        if (size === 0) size = scroller.clientWidth;
        break;
      }
      size += width;
    }
    scroller.scrollTo({ left: scroller.scrollLeft + direction * size, behavior: 'smooth' });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const from = focusedIndex ?? selectedIndex;
    const last = tabs.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = from >= last ? 0 : from + 1;
        break;
      case 'ArrowLeft':
        next = from <= 0 ? last : from - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    setFocusedIndex(next);
    (tabElement(next) as HTMLElement | null)?.focus();
  };

  const tabStop = focusedIndex ?? (selectedIndex >= 0 ? selectedIndex : 0);
  const overflowing = canScrollStart || canScrollEnd;

  return (
    <Box id={id}>
      <Box
        sx={{
          display: 'flex',
          overflow: 'hidden',
          minHeight: 48,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {overflowing && (
          <ScrollButton
            direction="start"
            disabled={!canScrollStart}
            onClick={() => {
              scrollBy(-1);
            }}
          />
        )}
        <Box
          ref={scrollerRef}
          sx={{
            position: 'relative',
            display: 'inline-block',
            flex: '1 1 auto',
            whiteSpace: 'nowrap',
            overflowX: 'auto',
            overflowY: 'hidden',
            // Scrolled by swiping or by the arrows: no scrollbar.
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
          }}
        >
          <Box
            ref={listRef}
            role="tablist"
            aria-label={label}
            onKeyDown={handleKeyDown}
            onFocus={(event) => {
              const index = Array.prototype.indexOf.call(listRef.current?.children, event.target);
              if (index >= 0) setFocusedIndex(index);
            }}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) setFocusedIndex(undefined);
            }}
            sx={{ display: 'flex' }}
          >
            {tabs.map((tab, index) => (
              <ButtonBase
                key={tab.id}
                focusRipple
                role="tab"
                id={tabId(tab.id)}
                aria-selected={tab.id === value}
                aria-controls={tab.id === value ? panelId : undefined}
                tabIndex={index === tabStop ? 0 : -1}
                disabled={disabled}
                onClick={() => {
                  void choose(tab.id);
                }}
                sx={tabStyles}
              >
                {tab.label}
              </ButtonBase>
            ))}
          </Box>
          <Box
            component="span"
            sx={(theme) => ({
              position: 'absolute',
              height: 4,
              bottom: 0,
              bgcolor: 'secondary.main',
              transition: theme.transitions.create('all'),
            })}
            style={indicator ?? { display: 'none' }}
          />
        </Box>
        {overflowing && (
          <ScrollButton
            direction="end"
            disabled={!canScrollEnd}
            onClick={() => {
              scrollBy(1);
            }}
          />
        )}
      </Box>
      <Box
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        // Reachable by Tab even when the content has nothing focusable (ARIA tabs pattern).
        tabIndex={0}
        sx={(theme) => ({
          pt: 2,
          '&:focus-visible': {
            outline: `3px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
          },
        })}
      >
        {children}
      </Box>
    </Box>
  );
}
