// Child-process entry: a bare node:http server replaying recorded responses (the physical limit for
// Node on this machine). Env: BENCH_RECORDING (file from recording.ts), PORT, HOST.
import { createServer } from 'node:http';
import { readRecording, recordingKey } from './recording.ts';

const file = process.env.BENCH_RECORDING;
if (!file) throw new Error('BENCH_RECORDING must name a recording file');
const responses = new Map(
  readRecording(file).map((r) => {
    const body = Buffer.from(r.body);
    const headers = { 'content-type': r.contentType, 'content-length': String(body.length) };
    return [recordingKey(r.method, r.url), { status: r.status, headers, body }] as const;
  }),
);

const server = createServer((req, res) => {
  const recorded = responses.get(recordingKey(req.method ?? 'GET', req.url ?? '/'));
  req.resume();
  req.on('end', () => {
    if (!recorded) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no recording for ${req.method} ${req.url}\n`);
      return;
    }
    res.writeHead(recorded.status, recorded.headers).end(recorded.body);
  });
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
