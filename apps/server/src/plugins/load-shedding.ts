import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { SystemPaths } from '@rentdrive/contracts/paths';
import { AppError } from '../lib/app-error';

export const OVERLOADED = 'The server is overloaded right now. Please try again in a few seconds.';
/** Seconds a shed request is told to wait. */
const RETRY_AFTER_SECONDS = 5;

export interface LoadSheddingOptions {
  /** Shed when the event loop's mean delay over a sample passes this many ms; 0 = off. */
  maxEventLoopDelayMs: number;
  /** How often the delay is sampled (ms). */
  sampleIntervalMs?: number;
}

/**
 * Load shedding (@fastify/under-pressure): while the event loop's mean delay over the last sample
 * is above the limit, requests are answered 503 problem+json with Retry-After at once, before any
 * work, so a balancer retries them on another instance; /api/ready answers 503 meanwhile (it takes
 * the instance out of rotation) and /api/health keeps answering (the process is alive). No single
 * request can hold the loop any more (input work is bounded, see lib/input-bounds.ts): this guards
 * against many ordinary requests at once. Answers whether it is on.
 */
export async function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): Promise<boolean> {
  if (options.maxEventLoopDelayMs <= 0) return false;
  const answeredUnderPressure = new Set<string>([SystemPaths.health, SystemPaths.ready]);
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.sampleIntervalMs ?? 1_000,
    pressureHandler: async (request, reply) => {
      if (answeredUnderPressure.has(request.routeOptions.url ?? '')) return;
      void reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw AppError.unavailable(OVERLOADED);
    },
  });
  return true;
}

/** The load as /api/ready reports it: undefined when shedding is off. */
export function loadState(app: FastifyInstance): { underPressure: boolean; eventLoopDelayMs: number } | undefined {
  if (!app.hasDecorator('isUnderPressure')) return undefined;
  return { underPressure: app.isUnderPressure(), eventLoopDelayMs: Math.round(app.memoryUsage().eventLoopDelay) };
}
