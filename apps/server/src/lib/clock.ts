import { dayInTimeZone, type IsoDay } from '@rentdrive/domain/dates';

/** Injected everywhere time matters, so tests move time instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance. */
export class ManualClock implements Clock {
  private current: Date;
  constructor(start: Date | string = '2026-06-01T10:00:00Z') {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to);
  }
  advanceMs(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  advanceDays(days: number): void {
    this.current = new Date(this.current.getTime() + days * 86_400_000);
  }
}

export function today(clock: Clock, timeZone: string): IsoDay {
  return dayInTimeZone(clock.now(), timeZone);
}
