// The crypto module's rows are the engine's `orders` and `fills` (market 'CRYPTO'), and the
// columns of `users` (identity's) it reads: the identity check that opens trading.
import { users } from '../identity/tables';
export { orders as cryptoOrders, fills as cryptoFills, type OrderRow, type NewOrderRow, type FillRow, type NewFillRow } from '../../trading/tables';

export { users };
