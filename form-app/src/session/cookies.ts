/**
 * SPEC §4: is_logged_in is inferred from the presence of session cookies whose name starts
 * with the identity provider's prefix (the server's readable marker cookie).
 */
export function hasSessionCookie(prefix: string, cookies: string = document.cookie): boolean {
  return cookies
    .split(';')
    .map((part) => part.trim())
    .some((part) => part.startsWith(`${prefix}.`) && !part.endsWith('='));
}
