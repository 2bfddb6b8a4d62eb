export { AssetPosition } from './AssetPosition';
