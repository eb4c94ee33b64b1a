/**
 * The baseline of bench/api: a bare Fastify with one PUT route that parses the same JSON body
 * as PUT /api/answer and answers `{message}`. No session, no schema, no database: what HTTP
 * and JSON alone cost on this machine. Run as its own process (like the real server) so it
 * does not share an event loop with autocannon; prints `listening <port>` when ready and
 * stops on SIGTERM/SIGINT.
 */
import Fastify from 'fastify';

const app = Fastify();

app.put('/api/answer', (request, reply) => {
  // Fastify has parsed the JSON body by now; reading it keeps the work honest.
  const keys = Object.keys(request.body as Record<string, unknown>).length;
  return reply.send({ message: keys > 0 ? 'Your answers have been saved.' : 'Nothing to save.' });
});

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port: Number(process.env.PORT ?? '0'), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address !== null ? address.port : ''}`);
