import { useEffect, useState } from 'react';

/** The current time in ms, refreshed every `intervalMs` while `active`. */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}

/** "1:02:03" under a day, "2d 03:04" (localised unit) from a day up; never negative. */
export function formatCountdown(ms: number, dayUnit: string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}${dayUnit} ${pad(hours)}:${pad(minutes)}`;
  return `${hours}:${pad(minutes)}:${pad(seconds)}`;
}
