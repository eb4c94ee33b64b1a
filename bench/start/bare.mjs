// The baseline of bench/start: a bare Fastify process answering GET /health/ready, with
// nothing else to load or start. Its time from spawn to first answer is what Node and Fastify
// alone cost on this machine.
import Fastify from 'fastify';

const app = Fastify();
app.get('/health/ready', async () => ({ status: 'ok' }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT ?? '0'), host: '127.0.0.1' });
