import { renderStandalone } from '@pasar/shared';
import reportsModule from './module';

renderStandalone(reportsModule);
