// The ticket's selects (order type, validity) share a row only when each column holds its longest
// option whole: a column narrower than that cut "Sampai dibatalkan" to "Sampai dibat…".
import { orderEn } from '../i18n/order-en';
import { orderId } from '../i18n/order-id';
import { SELECT_COLUMN_MIN_PX } from './order-styles';

// The select's text at 1rem (16 px) averages under 8 px a character in the page's sans-serif (a
// 140 px column showed 12 of "Sampai dibatalkan"'s characters); its padding and arrow take 44 px.
const CHAR_PX = 8;
const SELECT_CHROME_PX = 44;

const optionLabels = [orderId, orderEn].flatMap((messages) => [...Object.values(messages.orderType), ...Object.values(messages.timeInForce)]);

it.each(optionLabels)('"%s" fits a select column whole', (label) => {
  expect(label.length * CHAR_PX + SELECT_CHROME_PX).toBeLessThanOrEqual(SELECT_COLUMN_MIN_PX);
});
