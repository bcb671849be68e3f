/** '1 run', '2 runs', '1,204 runs': a count with its noun in the right number, grouped the British way. */
export function countLabel(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
}
