// Genuine, minimal data-room documents built in memory: a one-page PDF with the binary marker line
// and a valid cross-reference table, and an XLSX workbook (a deflated ZIP package with one sheet).
// Unlike the signature-only samples, they hold the non-ASCII bytes real uploads carry, which is what
// tools that inspect multipart parts as text trip over.
import { crc32, deflateRawSync } from 'node:zlib';
import { CONTENT_TYPE_BY_EXTENSION } from '../../client/src/fund-files.ts';

/** A one-page PDF 1.7 that PDF readers open: binary comment, objects, xref with exact offsets. */
export function minimalPdf(text = 'Q4 2025 fund report'): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  // The second line's bytes above 127 tell readers (and transfer tools) that the file is binary.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n'), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  const offsets: number[] = [];
  let length = chunks.reduce((n, c) => n + c.length, 0);
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  chunks.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}

interface ZipEntry {
  name: string;
  data: Buffer;
}

/** A ZIP archive with deflated entries (local headers, central directory, end record). */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** An XLSX workbook with one sheet holding a label and a number (Office Open XML, SpreadsheetML). */
export function minimalXlsx(label = 'NAV', value = 1250000): Buffer {
  const files: Record<string, string> = {
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Capital account" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${label}</t></is></c><c r="B1"><v>${value}</v></c></row></sheetData></worksheet>`,
  };
  return zip(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text, 'utf8') })));
}

/** True when the buffer holds a byte outside 7-bit ASCII (what makes a part "binary" on the wire). */
export function hasNonAsciiByte(data: Buffer): boolean {
  return data.some((byte) => byte > 0x7f);
}

/** A data-room file as a client sends it: its name, the part content type its extension gives, its bytes. */
export interface DataRoomFile {
  name: string;
  contentType: string;
  data: Buffer;
}

function dataRoomFile(name: string, data: Buffer): DataRoomFile {
  const contentType = CONTENT_TYPE_BY_EXTENSION[name.split('.').pop()!];
  if (!contentType) throw new Error(`${name}: not an extension the contract accepts`);
  return { name, contentType, data };
}

export const DATA_ROOM_PDF = dataRoomFile('Q4-2025-report.pdf', minimalPdf());
export const DATA_ROOM_XLSX = dataRoomFile('capital-account.xlsx', minimalXlsx());

/** The fund upload's form: each file as a repeated `files` part. */
export function dataRoomForm(files: readonly DataRoomFile[]): FormData {
  const form = new FormData();
  for (const file of files)
    form.append('files', new Blob([new Uint8Array(file.data)], { type: file.contentType }), file.name);
  return form;
}
