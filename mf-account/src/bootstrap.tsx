import { renderStandalone } from '@pasar/shared';
import accountModule from './module';

renderStandalone(accountModule);
