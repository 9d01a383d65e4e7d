// A minimal valid PDF for the consumer cases' uploads: the mock checks uploaded files by content.
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
