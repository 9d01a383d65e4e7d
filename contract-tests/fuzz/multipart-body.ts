// Builds multipart/form-data bodies byte by byte, so a test controls every part header: file names
// with `../`, claimed content types that lie, missing or wrong boundaries.
export interface MultipartPart {
  name: string;
  /** Present for file parts. */
  filename?: string;
  contentType?: string;
  content: string | Uint8Array;
}

export function multipartBody(parts: MultipartPart[], boundary: string): Uint8Array {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export function multipartContentType(boundary: string): string {
  return `multipart/form-data; boundary=${boundary}`;
}
