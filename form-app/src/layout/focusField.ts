/**
 * Moves focus to the field of an error link (SPEC §2: links show what needs completing) or of a
 * review's Change link.
 */
export function focusField(key: string): void {
  let tries = 0;
  const attempt = () => {
    // A group of checkboxes has no element of its key: its fieldset, named by its legend.
    const element =
      document.getElementById(key) ??
      document.getElementById(`${key}-legend`)?.closest('fieldset') ??
      null;
    if (element === null) {
      if (tries++ < 30) requestAnimationFrame(attempt);
      return;
    }
    const focusable = element.matches('input, select, textarea, button, [tabindex]')
      ? element
      : element.querySelector<HTMLElement>(
          'input, select, textarea, button, [tabindex]:not([tabindex="-1"])',
        );
    (focusable ?? element).focus();
    element.scrollIntoView({ block: 'center' });
  };
  attempt();
}
