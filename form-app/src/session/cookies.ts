/**
 * SPEC §4: is_logged_in is inferred from the presence of session cookies whose name starts
 * with the identity provider's prefix (the server's readable marker cookie).
 */
export function hasSessionCookie(
  prefix: string,
  // No document when the build prerenders a visitor's page (form-app/prerender.ts).
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  return cookies
    .split(';')
    .map((part) => part.trim())
    .some((part) => part.startsWith(`${prefix}.`) && !part.endsWith('='));
}
