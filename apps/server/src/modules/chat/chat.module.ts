import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';

/** Wires the chat module's repository, service and routes. Not built yet. */
export async function registerChatModule(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
