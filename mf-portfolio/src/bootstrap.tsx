import { renderStandalone } from '@pasar/shared';
import portfolioModule from './module';

renderStandalone(portfolioModule);
