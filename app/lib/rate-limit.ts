// A refused write says when the user may try again (issue 21): the minutes left in its window,
// rounded up, so "in 0 minutes" never shows.

export function tooManyRequestsMessage(secondsLeft: number): string {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return `Too many requests, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
