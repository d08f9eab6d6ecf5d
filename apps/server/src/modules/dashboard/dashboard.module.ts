import type { FastifyInstance } from 'fastify';
import { Dashboard } from '@rentdrive/contracts/dashboard';
import type { SearchBody } from '@rentdrive/contracts/search';
import type { AppConfig } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { requestLocale } from '../../lib/i18n';
import { endpointRoutes } from '../../plugins/endpoint-routes';
import { requireUser } from '../../plugins/session';
import { csvFormatFor } from './dashboard-csv';
import { createDashboardService } from './dashboard.service';
import { createSearchLog, type SearchLog } from './search-log';

declare module 'fastify' {
  interface FastifyInstance {
    /** The search demand's log (tests flush it instead of waiting for its timer). */
    searchLog: SearchLog;
  }
}

/**
 * The dashboards (issue 30): the owner's (every signed-in user sees their own vehicles' figures) and
 * the marketplace's (company employees). Answers the search route's hook that counts searches for
 * the search-demand figures (written in batches, off the search's path).
 */
export function registerDashboard(app: FastifyInstance, deps: { db: DbOrTx; clock: Clock; config: AppConfig }) {
  const searchLog = createSearchLog({
    db: deps.db,
    clock: deps.clock,
    timeZone: deps.config.timeZone,
    flushEveryMs: deps.config.env === 'test' ? 0 : 5_000,
  });
  app.addHook('onClose', () => searchLog.close());
  app.decorate('searchLog', searchLog);
  const service = createDashboardService({
    db: deps.db,
    clock: deps.clock,
    timeZone: deps.config.timeZone,
    companyFeePercent: deps.config.companyFeePercent,
    searchLog,
  });
  // The operator's daily summary counts days in this TIME_ZONE (rebuilt once if it changed).
  app.addHook('onReady', async () => {
    await service.syncSummaryZone();
  });
  // The summary's delta rows of past days folded hourly (tests call compactSummary themselves).
  if (deps.config.env !== 'test') {
    const compaction = setInterval(
      () => void service.compactSummary().catch((error: unknown) => app.log.warn({ err: error }, 'marketplace_daily compaction failed')),
      3_600_000,
    );
    compaction.unref();
    app.addHook('onClose', () => clearInterval(compaction));
  }
  const { route } = endpointRoutes(app, { tags: ['dashboard'] });
  route(Dashboard.owner, { access: 'user' }, (request) => service.owner(requireUser(request).id, request.query));
  route(Dashboard.ownerTransactionsCsv, { access: 'user' }, async (request, reply) => {
    const csv = await service.ownerTransactionsCsv(requireUser(request).id, request.query, csvFormatFor(requestLocale(request)));
    const name = `transactions-${request.query.from ?? 'start'}-${request.query.to ?? 'today'}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  });
  route(Dashboard.marketplace, { access: 'employee' }, (request) => service.marketplace(request.query, requestLocale(request)));

  return {
    searchLog,
    compactSummary: () => service.compactSummary(),
    /** The search route's hook: the text, the near point and how many were found (read from the answer's JSON). */
    onSearch(body: SearchBody, json: string) {
      const at = json.lastIndexOf('],"total":');
      const found = at < 0 ? Number.NaN : Number.parseInt(json.slice(at + 10, at + 22), 10);
      if ((body.page ?? 1) !== 1 || Number.isNaN(found) || (!body.searchQuery && !body.near)) return;
      searchLog.record({ text: body.searchQuery, near: body.near, found });
    },
  };
}
