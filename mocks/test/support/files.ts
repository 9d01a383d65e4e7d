// Tiny data-room files with real signatures (and one without), for upload tests, and a session
// export's document with one of its files renamed (import tests).
export const PDF = Buffer.from('%PDF-1.7\n%mock\n');
export const XLSX = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
export const XLS = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00]);
export const NOT_A_DOCUMENT = Buffer.from('just some text, named like a document');

export function pdf(name: string) {
  return { name, data: PDF };
}

/** A multipart body built by hand, for what the client refuses to send (types, counts, limits). */
export function fundForm(files: { name: string; data: Buffer }[], folderPath?: string): FormData {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)]), f.name);
  if (folderPath !== undefined) form.append('folderPath', folderPath);
  return form;
}

/** An export document (`portfolio-mock-session/2`) as far as the import tests read it. */
export type ExportDocument = {
  format: string;
  files: { folder: string; name: string; size: number; sha256: string; data: string }[];
};

/** The document with its first file, and that file's entry in its folder record, renamed. */
export function withFileNamed<D extends ExportDocument>(document: D, name: string): D {
  const [first, ...rest] = document.files;
  const records = (document as unknown as { records: [string, string, unknown][] }).records.map(
    ([kind, key, value]): [string, string, unknown] => {
      const folder = value as { folderPath?: string; fileNames?: string[] } | null;
      if (kind !== 'folder' || !folder?.folderPath?.endsWith(`/${first!.folder}`)) return [kind, key, value];
      return [kind, key, { ...folder, fileNames: folder.fileNames?.map((n) => (n === first!.name ? name : n)) }];
    },
  );
  return { ...document, records, files: [{ ...first!, name }, ...rest] };
}
