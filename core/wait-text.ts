// How long a person has to wait, in the words a refusal shows ('40 seconds', '5 minutes',
// '3 hours', '1 day'). Always rounded up, so the time said is never shorter than the real wait;
// a day's window that began a second ago still reads '1 day', not '24 hours'.

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

export function waitText(milliseconds: number): string {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  if (seconds < 60) return count(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return count(minutes, 'minute');
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return count(hours, 'hour');
  return count(Math.ceil(hours / 24), 'day');
}
