import type { TFunction } from 'i18next';

/** Short and spoken labels of a resolution: "15m" / "15 minutes", "4h", "1D", "1W", "1M". */
export function resolutionLabel(resolution: string, t: TFunction): { short: string; long: string } {
  if (resolution === '1D') return { short: t('resolution.dayShort'), long: t('resolution.day') };
  if (resolution === '1W') return { short: t('resolution.weekShort'), long: t('resolution.week') };
  if (resolution === '1M') return { short: t('resolution.monthShort'), long: t('resolution.month') };
  const minutes = Number(resolution);
  if (minutes >= 60 && minutes % 60 === 0) {
    const count = minutes / 60;
    return { short: t('resolution.hoursShort', { n: count }), long: t('resolution.hours', { n: count }) };
  }
  return { short: t('resolution.minutesShort', { n: minutes }), long: t('resolution.minutes', { n: minutes }) };
}
