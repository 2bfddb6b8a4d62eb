// The /pwa bottom navigation's height, apart from the bar itself: the page frame keeps room for it
// at once while the bar (its own chunk, loaded only on /pwa) arrives.
export const BOTTOM_NAV_HEIGHT = '60px';
export const bottomNavRoom = `calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom))`;
