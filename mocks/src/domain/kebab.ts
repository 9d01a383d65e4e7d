// Text as a lower-case, hyphen-joined identifier part (for made-up host names and fund ids).
export function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
