/**
 * Whole days, hours, minutes and seconds left until `target`, none below zero. Its own module, free of React: the
 * sale's countdown ticks in the app (SaleFacts) and in a document (the document runtime) with the same arithmetic.
 */
export function timeLeft(targetMs: number, nowMs: number) {
  const total = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Two digits, as the countdown writes hours, minutes and seconds. */
export const twoDigits = (n: number) => String(n).padStart(2, '0');
