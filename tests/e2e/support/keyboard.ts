/**
 * Moving through a page as a keyboard user does: Tab (or Shift+Tab) until the focused element
 * is the one wanted, failing with the path focus took when it never gets there.
 */
import { type Page } from '@playwright/test';

/** What to stop on: an element id, or a tag and its visible text (buttons, links, tabs). */
export type FocusTarget = { id: string } | { tag: 'a' | 'button'; text: string };

/** Describes the focused element, and whether it is the target. */
async function focused(page: Page, target: FocusTarget): Promise<{ hit: boolean; what: string }> {
  return page.evaluate((wanted) => {
    const active = document.activeElement;
    if (active === null || active === document.body) return { hit: false, what: 'body' };
    const text = active.textContent.replace(/\s+/g, ' ').trim();
    const hit =
      'id' in wanted
        ? active.id === wanted.id
        : active.tagName.toLowerCase() === wanted.tag && text === wanted.text;
    const what = `${active.tagName.toLowerCase()}${active.id === '' ? '' : `#${active.id}`}${text === '' ? '' : ` "${text.slice(0, 40)}"`}`;
    return { hit, what };
  }, target);
}

export async function tabTo(
  page: Page,
  target: FocusTarget,
  { backwards = false, max = 300 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  const trail: string[] = [];
  for (let presses = 0; presses <= max; presses += 1) {
    const { hit, what } = await focused(page, target);
    if (hit) return;
    trail.push(what);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `Focus never reached ${JSON.stringify(target)} after ${max} ${backwards ? 'Shift+Tab' : 'Tab'} presses; the last stops were:\n  ${trail.slice(-25).join('\n  ')}`,
  );
}

/** Focus a field by Tab and type into it. */
export async function tabAndType(page: Page, id: string, text: string): Promise<void> {
  await tabTo(page, { id });
  await page.keyboard.type(text);
}

/** A select (combobox): Tab to it, type the option's label (type-ahead), Enter chooses. */
export async function tabAndChoose(page: Page, id: string, label: string): Promise<void> {
  await tabTo(page, { id });
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
}

/** A lookup: Tab to it, type, ArrowDown to "Use: …", Enter. */
export async function tabAndLookup(page: Page, id: string, text: string): Promise<void> {
  await tabTo(page, { id });
  await page.keyboard.type(text);
  await page.getByRole('option', { name: `Use: ${text}` }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}
