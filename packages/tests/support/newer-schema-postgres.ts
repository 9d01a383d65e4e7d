// A stand-in for a PostgreSQL database that a newer release of the mock migrated, for the installed
// bin's exit code 5 (mock-bin.test.ts): it speaks just enough of the wire protocol (version 3, trust
// authentication, the extended and simple query flows) to answer the reads a starting node makes
// before it refuses, with schema version `version` in `mock_migrations`. Starting a real server
// (initdb) costs 3 to 10 s here; the refusal against a real PostgreSQL is mocks/test/cluster.e2e.test.ts's.
import { createServer, type Server, type Socket } from 'node:net';

export interface NewerSchemaPostgres {
  url: string;
  /** The query texts received, in order (what the node asked before refusing). */
  queries: string[];
  close(): Promise<void>;
}

const message = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstring = (s: string) => Buffer.from(`${s}\0`);

/** RowDescription: text columns of these type oids (16 bool, 23 int4). */
const rowDescription = (columns: [string, number][]) =>
  message(
    'T',
    Buffer.concat([
      int16(columns.length),
      ...columns.map(([name, oid]) =>
        Buffer.concat([cstring(name), int32(0), int16(0), int32(oid), int16(-1), int32(-1), int16(0)]),
      ),
    ]),
  );
const dataRow = (values: string[]) =>
  message(
    'D',
    Buffer.concat([
      int16(values.length),
      ...values.map((v) => Buffer.concat([int32(Buffer.byteLength(v)), Buffer.from(v)])),
    ]),
  );

/** What a query answers: its columns and rows (none for anything but the reads a start makes). */
function answer(text: string, version: number): { columns: [string, number][]; rows: string[][] } {
  if (text.includes('pg_type'))
    return {
      columns: [
        ['oid', 23],
        ['typarray', 23],
      ],
      rows: [],
    };
  if (text.includes('to_regclass')) return { columns: [['applied', 16]], rows: [['t']] };
  if (text.includes('max(version)')) return { columns: [['version', 23]], rows: [[String(version)]] };
  return { columns: [], rows: [] };
}

function serve(socket: Socket, version: number, queries: string[]): void {
  let buffered = Buffer.alloc(0);
  let started = false;
  let statement = '';
  socket.on('error', () => {});
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (!started) {
        if (buffered.length < 4 || buffered.length < buffered.readInt32BE(0)) return;
        buffered = buffered.subarray(buffered.readInt32BE(0));
        started = true;
        socket.write(
          Buffer.concat([
            message('R', int32(0)),
            message('S', Buffer.concat([cstring('server_version'), cstring('15.0')])),
            message('K', Buffer.concat([int32(1), int32(1)])),
            message('Z', Buffer.from('I')),
          ]),
        );
        continue;
      }
      if (buffered.length < 5 || buffered.length < 1 + buffered.readInt32BE(1)) return;
      const type = String.fromCharCode(buffered[0]!);
      const body = buffered.subarray(5, 1 + buffered.readInt32BE(1));
      buffered = buffered.subarray(1 + buffered.readInt32BE(1));
      if (type === 'P') {
        // Parse: name, then the query text.
        const nameEnd = body.indexOf(0);
        statement = body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1));
        queries.push(statement);
        socket.write(message('1'));
      } else if (type === 'D') {
        const described = answer(statement, version).columns;
        socket.write(
          Buffer.concat([
            ...(body[0] === 0x53 ? [message('t', int16(0))] : []),
            described.length ? rowDescription(described) : message('n'),
          ]),
        );
      } else if (type === 'B') socket.write(message('2'));
      else if (type === 'E') {
        const { rows } = answer(statement, version);
        socket.write(Buffer.concat([...rows.map(dataRow), message('C', cstring(`SELECT ${rows.length}`))]));
      } else if (type === 'S') socket.write(message('Z', Buffer.from('I')));
      else if (type === 'Q') {
        statement = body.toString('utf8', 0, body.indexOf(0));
        queries.push(statement);
        const simple = answer(statement, version);
        socket.write(
          Buffer.concat([
            ...(simple.columns.length ? [rowDescription(simple.columns), ...simple.rows.map(dataRow)] : []),
            message('C', cstring(simple.columns.length ? `SELECT ${simple.rows.length}` : 'LISTEN')),
            message('Z', Buffer.from('I')),
          ]),
        );
      } else if (type === 'X') socket.end();
    }
  });
}

/** Listens on a free loopback port; every connection sees a database at schema `version`. */
export async function newerSchemaPostgres(version: number): Promise<NewerSchemaPostgres> {
  const queries: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serve(socket, version, queries);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    queries,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
