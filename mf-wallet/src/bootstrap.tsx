import { renderStandalone } from '@pasar/shared';
import walletModule from './module';

renderStandalone(walletModule);
