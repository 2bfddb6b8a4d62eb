// The leverage modals every leveraged panel uses (crypto perps, US stock 2x/4x).
export { LEVERAGE_INTRO_FLAG, leverageIntroSeen, useLeverageIntro, useLeverageModal, wipeOutMove } from './LeverageIntro';
