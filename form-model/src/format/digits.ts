/** The ASCII digits of a string, in order; every mask starts from these. */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}
