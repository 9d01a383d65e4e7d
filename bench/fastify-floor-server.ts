// Child-process entry: the framework floor. Fastify with default settings answering each recorded
// request with the recorded answer as an object, so every response is routed, serialized with
// JSON.stringify and written as the mock's are; the mock's own work is what it costs beyond this.
// Env: BENCH_RECORDING (file from recording.ts), PORT, HOST.
import Fastify from 'fastify';
import { readRecording, recordingKey } from './recording.ts';

const file = process.env.BENCH_RECORDING;
if (!file) throw new Error('BENCH_RECORDING must name a recording file');
const answers = new Map(
  readRecording(file).map((r) => [
    recordingKey(r.method, r.url),
    { status: r.status, body: JSON.parse(r.body) as unknown },
  ]),
);

const app = Fastify();
app.route({
  method: ['GET', 'POST'],
  url: '/*',
  handler: async (request, reply) => {
    const answer = answers.get(recordingKey(request.method, request.url));
    if (!answer) return reply.code(404).type('text/plain').send(`no recording for ${request.method} ${request.url}\n`);
    reply.code(answer.status);
    return answer.body;
  },
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
