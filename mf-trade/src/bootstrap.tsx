import { renderStandalone } from '@pasar/shared';
import tradeModule from './module';

renderStandalone(tradeModule);
