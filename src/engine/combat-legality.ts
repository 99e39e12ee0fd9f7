/**
 * The maximum number of combat requirements that can be obeyed without disobeying a restriction (508.1d for attacks,
 * 509.1c for blocks), computed from the board's structure instead of by trying every declaration: the number of
 * possible declarations grows as 2^creatures for attacks and (attackers + 1)^blockers for blocks, so enumerating
 * them fails on ordinary boards (issue 23: 13 creatures able to attack made every attack illegal; 8 attackers against
 * 8 blockers ran out of memory). Pure: the caller (combat.ts) describes the board; no game state here.
 *
 * Attacks. The requirements are "attacks if able" (one per creature); the restrictions are "can't attack alone" and
 * "no more than N creatures can attack". The best is closed-form (see maxAttackRequirements).
 *
 * Blocks. The requirements are "blocks if able" (one per creature, obeyed when it blocks anything); the restrictions
 * are which attackers each blocker may block (evasion, protection, "can't be blocked", landwalk), how many it may block
 * (one, or two with "can block an additional creature", 702.19b's example) and menace (blocked by none or by two or
 * more, 702.110b). A required blocker that may block an attacker without menace obeys alone and breaks nothing; one
 * that may block only menace attackers obeys if one of those attackers gets two or more blockers. Choosing which
 * menace attackers to block ("open") is the search: a set of attackers can be opened if every one of them can get two
 * blockers at once, which is a maximum flow (blockers → attackers, each attacker wanting 2); every required blocker
 * that may block an open attacker then obeys by joining it. The search over sets of menace attackers is a branch and
 * bound that tries the most useful attackers first and stops at once when all of them can be opened together; its
 * work is bounded by MAX_SEARCH_NODES (an error that says so, never a quietly smaller answer). Memory is linear in the
 * board: no declaration is ever materialized.
 */

const MAX_SEARCH_NODES = 100_000;

export interface AttackBoard {
  /** The creatures able to attack (508.1a), with their requirement and restriction. */
  able: { id: string; required: boolean; cantAttackAlone: boolean }[];
  /** The smallest "no more than N creatures can attack" in effect (Infinity when none). */
  maxAttackers: number;
}

/**
 * 508.1d: the most "attacks if able" requirements a legal declaration can obey. Attacking with k required creatures
 * is legal when k is at most the limit, and, if some of them can't attack alone, when another creature attacks too:
 * with two or more required creatures that is automatic; with one, it needs a required creature that may attack
 * alone, or room for a second attacker (any other creature able to attack).
 */
export function maxAttackRequirements(b: AttackBoard): number {
  const required = b.able.filter((c) => c.required);
  const k = Math.min(required.length, b.maxAttackers);
  if (k >= 2 || k === 0) return Math.max(0, k);
  return required.some((c) => !c.cantAttackAlone) || (b.maxAttackers >= 2 && b.able.length >= 2) ? 1 : 0;
}

export interface BlockBoard {
  /** The creatures able to block (509.1a, 509.1b), with their requirement and how many attackers each may block. */
  blockers: { id: string; required: boolean; capacity: number }[];
  attackers: { id: string; menace: boolean }[];
  /** Whether the blocker may block the attacker, restrictions on the pair considered (509.1b, evasion, protection). */
  mayBlock: (blocker: string, attacker: string) => boolean;
}

/** 509.1c: the most "blocks if able" requirements a legal declaration can obey. */
export function maxBlockRequirements(b: BlockBoard): number {
  const options = new Map(b.blockers.map((x) => [x.id, b.attackers.filter((a) => b.mayBlock(x.id, a.id))]));
  let free = 0;
  // required blockers that may block only attackers with menace, and those attackers
  const needy: string[] = [];
  for (const x of b.blockers) {
    if (!x.required || x.capacity < 1) continue;
    const opts = options.get(x.id)!;
    if (opts.some((a) => !a.menace)) free++;
    else if (opts.length) needy.push(x.id);
  }
  if (!needy.length) return free;
  const menace = b.attackers.filter((a) => a.menace && needy.some((x) => options.get(x)!.includes(a)));
  // each menace attacker's needy blockers (as indices into `needy`), most first
  const covers = new Map(menace.map((a) => [a.id, needy.filter((x) => options.get(x)!.includes(a))]));
  menace.sort((p, q) => covers.get(q.id)!.length - covers.get(p.id)!.length);
  const canOpen = openable(b, options);
  let best = 0;
  let nodes = 0;
  const search = (i: number, open: string[], covered: Set<string>): void => {
    if (++nodes > MAX_SEARCH_NODES) throw new RangeError(`the most blocking requirements that can be obeyed needs a search of more than ${MAX_SEARCH_NODES} steps (${b.attackers.length} attackers, ${b.blockers.length} blockers)`);
    best = Math.max(best, covered.size);
    if (i === menace.length || best === needy.length) return;
    // bound: even opening every remaining attacker covers no more than this
    const reach = new Set(covered);
    for (let j = i; j < menace.length; j++) for (const x of covers.get(menace[j]!.id)!) reach.add(x);
    if (reach.size <= best) return;
    const a = menace[i]!.id;
    if (canOpen([...open, a])) search(i + 1, [...open, a], new Set([...covered, ...covers.get(a)!]));
    search(i + 1, open, covered);
  };
  if (canOpen(menace.map((a) => a.id))) best = new Set(menace.flatMap((a) => covers.get(a.id)!)).size;
  else search(0, [], new Set());
  return free + best;
}

/**
 * Whether every attacker of a set can be blocked by two or more creatures at once (menace, 702.110b), each blocker
 * blocking at most its capacity and only attackers it may block: a maximum flow from the blockers to the attackers,
 * each attacker taking 2, found by augmenting paths.
 */
function openable(b: BlockBoard, options: Map<string, { id: string }[]>): (open: string[]) => boolean {
  return (open) => {
    const want = new Set(open);
    const load = new Map<string, string[]>(open.map((a) => [a, []])); // attacker → its blockers in the flow
    const used = new Map<string, string[]>(b.blockers.map((x) => [x.id, []])); // blocker → attackers it blocks
    const cap = new Map(b.blockers.map((x) => [x.id, x.capacity]));
    // an augmenting path from a blocker with spare capacity to an attacker that still wants a blocker
    const augment = (target: string): boolean => {
      const seen = new Set<string>();
      const tryAttacker = (a: string): boolean => {
        for (const x of b.blockers) {
          if (seen.has(x.id) || used.get(x.id)!.includes(a) || !options.get(x.id)!.some((o) => o.id === a)) continue;
          seen.add(x.id);
          if (used.get(x.id)!.length < cap.get(x.id)!) return assign(x.id, a);
          // move one of this blocker's other blocks to another blocker, freeing a slot for `a`
          for (const other of used.get(x.id)!) {
            if (tryAttacker(other)) {
              unassign(x.id, other);
              return assign(x.id, a);
            }
          }
        }
        return false;
      };
      return tryAttacker(target);
    };
    const assign = (x: string, a: string) => (used.get(x)!.push(a), load.get(a)!.push(x), true);
    const unassign = (x: string, a: string) => {
      used.set(x, used.get(x)!.filter((y) => y !== a));
      load.set(a, load.get(a)!.filter((y) => y !== x));
    };
    for (const a of want) for (let k = 0; k < 2; k++) if (!augment(a)) return false;
    return true;
  };
}
