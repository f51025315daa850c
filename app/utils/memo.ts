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

/**
 * Values derived from an object, kept per key for as long as the object lives (a WeakMap): views
 * and HTML made from a cached upstream answer, JSON made from a bundle of translations. `make`
 * runs once per (owner, key).
 */
export function memoizeByOwner<O extends object, K, R>(): (owner: O, key: K, make: () => R) => R {
  const byOwner = new WeakMap<O, Map<K, R>>();
  return (owner, key, make) => {
    let answers = byOwner.get(owner);
    if (!answers) byOwner.set(owner, (answers = new Map()));
    if (answers.has(key)) return answers.get(key) as R;
    const answer = make();
    answers.set(key, answer);
    return answer;
  };
}
