import type { FastifyInstance } from 'fastify';

// Placeholder: this area's routes land with their issue.
export default async function routes(_app: FastifyInstance) {}
