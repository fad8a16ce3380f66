// D-37: whose number the simulator may dial. Outside production (when USSD_SIMULATOR is on) it is
// a developer's tool: a typed number, else the caller's own. In production it is an admin's, for
// their own number only, so that nobody acts for another number there.
import { AppError } from '../../lib/app-error.js';

export interface SimulatorCall {
  production: boolean;
  simulator: boolean;
  /** The signed-in caller, if any. */
  caller: { admin: boolean } | null;
  /** The caller's own proven number. */
  own: string | undefined;
  /** A typed number (E.164), undefined when none was typed; null when it is not a phone number. */
  typed: string | null | undefined;
}

export function simulatorPhone({ production, simulator, caller, own, typed }: SimulatorCall): string {
  if (production ? !caller?.admin : !simulator) throw new AppError('NOT_FOUND');
  if (typed === null) throw new AppError('VALIDATION', undefined, { phone: 'Not a phone number' });
  if (production && typed !== undefined && typed !== own) throw new AppError('FORBIDDEN');
  const phone = production ? own : (typed ?? own);
  if (phone) return phone;
  if (!caller) throw new AppError('AUTH_FAILED');
  throw new AppError('VALIDATION', undefined, { phone: 'Type a number: this account has none' });
}
