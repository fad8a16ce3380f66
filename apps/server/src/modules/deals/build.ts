// Wires the deal services from the database: the one place that constructs their repositories
// and hands each service the narrow reads it needs from other modules.
import type { Db } from '../../db/client.js';
import { entitlements } from '../entitlements/service.js';
import type { Notifier } from '../notifications/notifier.js';
import { solutionsRepository } from '../solutions/repository.js';
import { dealLifecycleRepository } from './lifecycle-repository.js';
import { dealLifecycleService } from './lifecycle-service.js';
import { dealsRepository } from './repository.js';
import { dealsService } from './service.js';

export function buildDealLifecycleService(deps: {
  db: Db;
  notifier: Notifier;
  now: () => Date;
  eurPerUsdMicro: number;
  cdfPerUsdMilli?: number;
}) {
  const solutions = solutionsRepository(deps.db);
  const dealRows = dealsRepository(deps.db);
  const deals = dealsService({
    deals: dealRows,
    solutions,
    notifier: deps.notifier,
    now: deps.now,
    ...(deps.cdfPerUsdMilli ? { cdfPerUsdMilli: deps.cdfPerUsdMilli } : {}),
  });
  const lifecycle = dealLifecycleService({
    lifecycle: dealLifecycleRepository(deps.db),
    reads: {
      post: async (id) => (await solutions.byIds([id]))[0],
      deal: (id) => dealRows.byId(id),
      person: (id) => solutions.contactOf(id),
      paidBefore: (solutionId, acceptorId) => dealRows.paidBefore(solutionId, acceptorId),
      disputed: () => dealRows.disputed(),
      liveDealOf: (solutionId, acceptorId) => dealRows.liveDealOf(solutionId, acceptorId),
    },
    rule: entitlements(solutions, deps.now),
    notifier: deps.notifier,
    view: deals.view,
    eurPerUsdMicro: deps.eurPerUsdMicro,
    now: deps.now,
  });
  return { deals, lifecycle };
}
