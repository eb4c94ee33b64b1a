import { Box, Tab, Tabs } from '@mui/material';
import { type ReactNode, useState } from 'react';

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

/**
 * Tabs that choose between ways of answering (SPEC §4), with one panel showing the chosen
 * tab's content. Arrow keys move between tabs and Enter or Space chooses one (manual
 * activation: switching clears the other tab's answers, so it never happens by moving focus).
 * A caller may veto a switch with `beforeChange`.
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

  return (
    <Box id={id}>
      <Tabs
        value={value}
        onChange={(_event, next: string) => {
          void choose(next);
        }}
        aria-label={label}
        // Too many tabs for a phone: they scroll sideways, with arrows that show there is more.
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        indicatorColor="secondary"
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTabs-indicator': { height: 4 },
        }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            value={tab.id}
            id={tabId(tab.id)}
            label={tab.label}
            disabled={disabled}
            aria-controls={tab.id === value ? panelId : undefined}
            sx={{
              color: 'text.primary',
              fontSize: '1rem',
              '&.Mui-selected': { color: 'secondary.main' },
            }}
          />
        ))}
      </Tabs>
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
