/** The facts a money confirmation names (components/MoneyFacts), as "label: value" lines, spaces made plain. */
export function confirmedFacts(dialog: HTMLElement): string[] {
  const list = dialog.querySelector('dl');
  if (!list) return [];
  const values = [...list.querySelectorAll('dd')].map((value) => (value.textContent ?? '').replace(/\s/g, ' '));
  return [...list.querySelectorAll('dt')].map((term, index) => `${term.textContent}: ${values[index]}`);
}
