// Wires the payments service from the database: the one place that constructs the repositories it
// reads and hands the service the narrow reads it needs from other modules.
import type { Db } from '../../db/client.js';
import { dealsRepository } from '../deals/repository.js';
import { solutionsRepository } from '../solutions/repository.js';
import { usersRepository } from '../users/repository.js';
import type { PaymentDeps } from './payment-records.js';
import { paymentsRepository } from './repository.js';
import { paymentsService } from './service.js';

export const buildPaymentsService = (deps: Omit<PaymentDeps, 'repo' | 'deals' | 'users' | 'solutions'> & { db: Db }) =>
  paymentsService({
    ...deps,
    repo: paymentsRepository(deps.db),
    deals: dealsRepository(deps.db),
    users: usersRepository(deps.db),
    solutions: solutionsRepository(deps.db),
  });
