/** The college's logo as the tab icon: an inline SVG, so no request (main.tsx, documents.ts). */
export function iconHref(logoSvg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(logoSvg)}`;
}
