// D-15 revised, D-38: a payer is asked in their own currency, which follows their country (CFA
// francs in the franc zones, Congolese francs in DR Congo, euros in the euro area), as the server
// charges it; before the profile is known, the display currency stands in.
import { currencyOfSetting, payerCurrency, type CurrencyCode } from '@app/shared';
import { useCurrentUser } from '../../../lib/current-user';
import { getCurrency } from '../../../lib/settings';

export function usePayerCurrency(): CurrencyCode {
  const user = useCurrentUser();
  return user?.country ? payerCurrency(user.country) : currencyOfSetting(getCurrency());
}
