/** Moves focus to the field of an error link (SPEC §2: links show what needs completing). */
export function focusField(key: string): void {
  let tries = 0;
  const attempt = () => {
    const element = document.getElementById(key);
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
