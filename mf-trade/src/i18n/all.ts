// Both languages of the `trade` namespace whole, for tests that render in either. The module
// registers Indonesian whole and English's nav label; the rest of English loads with its chunk
// when the page is in English (TradeStrings in ./index.ts).
import { en } from './en';
import { id } from './id';

export const tradeTranslations = { id, en };
