/** Styles that hide text on screen but keep it for screen readers (for `sx`). */
export const visuallyHidden = {
  position: 'absolute',
  // Strings: MUI's sx reads the numbers 1 and -1 as 100% and a spacing unit.
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
