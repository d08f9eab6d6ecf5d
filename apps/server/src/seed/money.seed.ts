import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { addDays, dayInTimeZone } from '@rentdrive/domain/dates';
import { ledgerAccounts, ledgerPostings, notifications as notificationRows, users, vehicles } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { ManualClock } from '../lib/clock';
import { createServices } from '../services';
import type { SeedContext } from './seed-context';

const RENTERS = ['alice', 'bob', 'carol', 'dave'] as const;
const PAST_RENTALS = 36;
/** Where the demo owners' past withdrawals went (a valid IBAN; shown masked as DE•• •••• 3000). */
const DEMO_IBAN = 'DE89370400440532013000';
/** The demo owners' blocked week starts this many days ahead (after the upcoming demo rentals). */
const BLOCKED_WEEK_FROM_DAY = 45;
const UPCOMING_RENTALS = 10;

const COMMENTS = [
  'Spotless and exactly as described. Pick-up took two minutes.',
  'Great value for the price, would rent again.',
  null,
  'Comfortable on the motorway, a little thirsty in town.',
  'The owner was friendly and flexible with the hand-over time.',
  'Ran perfectly the whole weekend.',
  'Good, but it could have been cleaner inside.',
  null,
  'Perfect for a day trip along the coast.',
  'Brakes felt a bit soft; otherwise fine.',
  'Easy to drive and park. Recommended!',
  'Exactly what I needed for moving house.',
];
const STARS = [5, 4, 5, 3, 5, 4, 3, 5, 4, 2, 5, 4];

/**
 * Demo money through the real services, so the ledger is consistent: top-ups for the demo users,
 * past rentals (completed, most reviewed), rentals waiting for confirmation, upcoming Active rentals
 * and a cancelled one. Past events run on a manual clock set back in time. Idempotent: skipped when
 * alice's wallet already has history.
 */
export async function seedMoney({ database, config, log }: SeedContext): Promise<void> {
  const { db } = database;
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...RENTERS]));
  const renterIds = RENTERS.map((name) => people.find((p) => p.username === name)?.id).filter((id): id is string => Boolean(id));
  const aliceId = people.find((p) => p.username === 'alice')?.id;
  if (!aliceId || renterIds.length < 2) {
    log('seed: demo users not found; money skipped');
    return;
  }
  const [history] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerAccounts.userId, aliceId));
  if (Number(history?.n ?? 0) > 0) return;

  const live = await db
    .select({ id: vehicles.id, ownerId: vehicles.ownerId, pricePerDayCents: vehicles.pricePerDayCents })
    .from(vehicles)
    .where(isNull(vehicles.deletedAt))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id));

  const now = new Date();
  const today = dayInTimeZone(now, config.timeZone);
  const clock = new ManualClock(now);
  // Events happen at the given hour of a day, but never in the future (today's bookings happen 'earlier today').
  const at = (day: string, hour: number) => {
    const instant = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
    clock.set(instant.getTime() < now.getTime() ? instant : new Date(now.getTime() - 10 * 60_000));
  };
  // The app's services on the seed's clock: the demo's bookings, completions and reviews leave the
  // notifications real ones would (nobody is connected while seeding: nothing to push).
  const { wallet, rentals, reviews, availability } = createServices(config, database, clock);
  const card = { cardNumber: '4242424242424242', cvv: '123', expiryMonth: 12, expiryYear: now.getUTCFullYear() + 3 };

  async function topUp(userId: string, euros: number) {
    await wallet.addFunds(userId, { ...card, amount: euros, cardHolderName: 'Demo Cardholder' }, undefined);
  }
  /** Tops up (in round hundreds) when the balance would not cover the rental, like a real renter. */
  async function ensureFunds(userId: string, totalCents: number) {
    const { balanceCents } = await wallet.getBalances(userId);
    if (balanceCents < totalCents) await topUp(userId, Math.ceil((totalCents - balanceCents) / 10_000) * 100 + 200);
  }
  async function book(renterId: string, index: number, bookedOn: string, firstDay: string, length: number) {
    // The next vehicle the renter does not own, round-robin so reviews spread over the catalogue.
    for (let k = 0; k < live.length; k++) {
      const vehicle = live[(index + k) % live.length]!;
      if (vehicle.ownerId === renterId) continue;
      const days = Array.from({ length }, (_, d) => addDays(firstDay, d));
      at(bookedOn, 9 + (index % 8));
      await ensureFunds(renterId, vehicle.pricePerDayCents * length);
      try {
        return await rentals.rent(renterId, vehicle.id, days, undefined);
      } catch (error) {
        // Days taken on this vehicle by an earlier demo rental: try the next vehicle.
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    }
    return undefined;
  }

  // Opening deposits, two months back.
  for (const [i, renterId] of renterIds.entries()) {
    at(addDays(today, -62 + i), 11);
    await topUp(renterId, [300, 250, 400, 200][i] ?? 300);
  }
  if (live.length === 0) {
    log('seed: no vehicles; money seeded without rentals');
    return;
  }

  let reviewed = 0;
  for (let i = 0; i < PAST_RENTALS; i++) {
    const renterId = renterIds[i % renterIds.length]!;
    const firstDay = addDays(today, -55 + Math.floor(i * 1.4));
    const length = 1 + (i % 3);
    const rental = await book(renterId, i, addDays(firstDay, -3), firstDay, length);
    if (!rental) continue;
    at(addDays(rental.endDate, 1), 18);
    await rentals.confirm(renterId, rental.id);
    // Every sixth rental stays unreviewed, so 'Leave a Review' has something to show.
    if (i % 6 === 5) continue;
    at(addDays(rental.endDate, 2), 20);
    await reviews.add(renterId, {
      rentalId: rental.id,
      starRating: STARS[i % STARS.length]!,
      comment: COMMENTS[i % COMMENTS.length] ?? null,
    });
    // The owner rates the renter too (issue 27): both reviews are published at once (double-blind).
    const ownerId = live.find((v) => v.id === rental.vehicleId)!.ownerId;
    await reviews.rateRenter({ id: ownerId, isCompanyEmployee: false }, rental.id, { starRating: 4 + (i % 2), comment: null });
    reviewed++;
  }

  // Ended yesterday, not confirmed yet: 'Confirm Rental' shows for alice and bob.
  for (const [i, renterId] of renterIds.slice(0, 2).entries()) {
    await book(renterId, PAST_RENTALS + i, addDays(today, -8), addDays(today, -3 + i), 2 - i);
  }
  // A cancelled booking for carol (refunded).
  const cancelled = await book(renterIds[2 % renterIds.length]!, PAST_RENTALS + 2, addDays(today, -6), addDays(today, 12), 2);
  if (cancelled) {
    at(addDays(today, -5), 10);
    await rentals.cancel(renterIds[2 % renterIds.length]!, cancelled.id);
  }
  // Upcoming Active rentals: owners see pending money, calendars show booked days.
  for (let i = 0; i < UPCOMING_RENTALS; i++) {
    const renterId = renterIds[i % renterIds.length]!;
    await book(renterId, PAST_RENTALS + 3 + i * 2, addDays(today, -(i % 4)), addDays(today, 2 + i * 3), 2 + (i % 3));
  }
  // Each demo owner with earnings took part of them out yesterday: a past 'Withdraw' row (earnings
  // only: card money goes back to its card), leaving the rest available to withdraw.
  const withdrawn: string[] = [];
  for (const ownerId of renterIds) {
    const { withdrawableCents } = await wallet.getBalances(ownerId);
    const amountCents = Math.floor(withdrawableCents / 2 / 1_000) * 1_000;
    if (amountCents < 1_000) continue;
    at(addDays(today, -1), 15);
    const name = people.find((p) => p.id === ownerId)?.username ?? 'Demo Owner';
    await wallet.withdraw(ownerId, { amount: amountCents / 100, accountHolder: name, iban: DEMO_IBAN }, undefined);
    withdrawn.push(name);
  }

  // Fresh deposits this morning, so every demo renter starts with a few hundred euros.
  for (const renterId of renterIds) {
    const { balanceCents } = await wallet.getBalances(renterId);
    clock.set(new Date(now.getTime() - 5 * 60_000));
    if (balanceCents < 30_000) await topUp(renterId, Math.ceil((30_000 - balanceCents) / 10_000) * 100);
  }
  // A blocked week (a service) on one vehicle of each demo owner: the calendars show it as taken.
  clock.set(now);
  let blockedWeeks = 0;
  for (const ownerId of renterIds) {
    const vehicle = live.find((v) => v.ownerId === ownerId);
    if (!vehicle) continue;
    const week = Array.from({ length: 7 }, (_, d) => addDays(today, BLOCKED_WEEK_FROM_DAY + d));
    try {
      await availability.replaceBlockedDays({ id: ownerId, isCompanyEmployee: false }, vehicle.id, week);
      blockedWeeks++;
    } catch (error) {
      // A demo rental already holds one of these days: that vehicle keeps its calendar as is.
      if (!(error instanceof AppError && error.status === 409)) throw error;
    }
  }
  // The events above left each demo user notifications; those older than two days were seen.
  await db
    .update(notificationRows)
    .set({ readAt: now })
    .where(and(isNull(notificationRows.readAt), lt(notificationRows.createdOn, new Date(now.getTime() - 2 * 86_400_000))));
  log(
    `seed: money (deposits, ${PAST_RENTALS} past rentals with ${reviewed} reviews, upcoming rentals, ` +
      `withdrawals by ${withdrawn.join(', ') || 'nobody'}, ${blockedWeeks} blocked weeks)`,
  );
}
