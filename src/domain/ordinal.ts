/** English ordinals as people write them beside a number: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 112th. */
export function ordinal(n: number): string {
  const tens = Math.abs(n) % 100;
  // 11, 12 and 13 (and 111, 212…) take "th" although they end in 1, 2 and 3.
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (Math.abs(n) % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}
