/**
 * `fn` with its answers kept per argument: for pure functions of a few values that a render calls
 * many times (a colour's luminance, a timestamp's calendar fields, docs/performance.md). The map is
 * cleared when it reaches `max` entries, since some arguments come from data and are open-ended.
 * A plain Map rather than lru-cache: this runs in the browser too, where its bytes count.
 */
export function memoize<A, R>(fn: (argument: A) => R, max = 1_000): (argument: A) => R {
  const answers = new Map<A, R>();
  return (argument) => {
    if (answers.has(argument)) return answers.get(argument) as R;
    const answer = fn(argument);
    if (answers.size >= max) answers.clear();
    answers.set(argument, answer);
    return answer;
  };
}
