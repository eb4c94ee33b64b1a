/**
 * The job queue as `app.jobs`: main.ts starts its worker (`app.jobs.start()`), tests drive it
 * with `await app.jobs.runOnce()`, and closing the app stops it (jobs in flight finish first).
 */
import { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { type Converter } from '../../services/convert.ts';
import { type Jobs } from '../../services/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (services/jobs.ts). */
    jobs: Jobs;
  }
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, options: { jobs: Jobs; converter: Converter }) => {
    app.decorate('jobs', options.jobs);
    app.addHook('onClose', async () => {
      await options.jobs.stop();
      await options.converter.dispose();
    });
  },
  { name: 'jobs' },
);
