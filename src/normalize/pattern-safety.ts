/**
 * Finds patterns on which a backtracking regex engine (V8's, every
 * JavaScript engine's) can take time exponential or polynomial in the length
 * of the text: nested quantifiers (`^(a+)+$`), quantified alternatives that
 * overlap (`^(a|a)*$`), adjacent quantifiers that overlap (`^\d+\d*$`), and a
 * quantifier at the start of an unanchored pattern that can then fail
 * (`a+b`, tried again from every position).
 *
 * The analysis is the ambiguity test of Weideman, van der Merwe, Berglund and
 * Watson ("Analyzing Matching Time Behavior of Backtracking Regular
 * Expression Matchers by Using Ambiguity of NFA", CIAA 2016) on a Thompson NFA
 * of the pattern: exponential when some state has two distinct paths back to
 * itself on one word (EDA, found in the product NFA x NFA), polynomial when
 * two states p != q have paths p->p, p->q and q->q on one word (IDA, found in
 * NFA x NFA x NFA). It errs towards flagging: counted repetitions `{n,m}` are
 * analysed as loops, assertions as always passing, backreferences as `[^]*`.
 * States from which the pattern matches with no condition left are left out:
 * a backtracking engine that reaches one succeeds, so no blow-up passes
 * through it (`(a|a)*` alone is harmless to `test`). Only what a flagged
 * pattern costs is speed: it is matched by the linear-time matcher.
 */
import { parsePattern, PatternNotLinear, type PatternNode } from "../../templates/linear-regexp.js";
import { ANY, charactersOf, intersection, type Ranges } from "./pattern-characters.js";

export interface BacktrackingRisk {
  /** How the matching time of a backtracking engine grows with the text, at worst. */
  growth: "exponential" | "polynomial";
  /** What causes it, quoting the pattern: "the repetition `(a+)+`". */
  cause: string;
}

/** The risk a pattern carries on a backtracking engine, or undefined when it has none. `unicode`: compiled with `u`. */
export function backtrackingRisk(source: string, unicode: boolean): BacktrackingRisk | undefined {
  let root: PatternNode;
  try {
    root = parsePattern(source, unicode);
  } catch (error) {
    if (!(error instanceof PatternNotLinear)) throw error;
    return { growth: "polynomial", cause: `a construct mcpgen cannot analyse (${error.message})` };
  }
  try {
    return new Analysis(source, unicode).run(root);
  } catch (error) {
    if (error !== OVER_BUDGET) throw error;
    return { growth: "polynomial", cause: "a structure too large to analyse" };
  }
}

const OVER_BUDGET = Symbol("over budget");
/** Work (simple epsilon paths followed, product states visited) one pattern may take. */
const BUDGET = 200_000;

interface Edge {
  to: number;
  /** Characters consumed; undefined for an epsilon move. */
  set: Ranges | undefined;
  /** Epsilon moves only: "free", a condition on the position ("assert"), or `^` ("start", which only the initial state passes). */
  kind: "free" | "assert" | "start";
  /** Into the body of loop `loop` ("enter"), or from its end back to its head ("back"). */
  loop?: { id: number; role: "enter" | "back" } | undefined;
}

/** A Thompson NFA of the pattern, approximated as the header says, with the pattern's text behind each state. */
class Nfa {
  readonly edges: Edge[][] = [];
  /** For the target of each character edge: the outermost repetition around it (its source text). */
  readonly origin: Array<string | undefined> = [];
  readonly lookarounds: Array<{ node: Extract<PatternNode, { type: "look" }>; fixed: boolean }> = [];
  private readonly repetitions: string[] = [];

  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
  ) {}

  node(): number {
    this.edges.push([]);
    this.origin.push(undefined);
    return this.edges.length - 1;
  }

  private loops = 0;

  edge(from: number, to: number, set?: Ranges, kind: Edge["kind"] = "free", loop?: Edge["loop"]): void {
    this.edges[from]!.push({ to, set, kind, loop });
  }

  private writingOutBranchy = false;

  /**
   * A counted repetition as written: `min` copies, then a loop (`{n,}`) or nested optional copies
   * (`{n,m}`: `X{1,3}` is `X(X(X)?)?`, which like a backtracking engine's counted loop matches a
   * text one way only). A body with alternatives or variable repetitions may match one text several
   * ways, which multiply from copy to copy: such bodies are written out a few times only, once.
   */
  private writtenOut(node: Extract<PatternNode, { type: "repeat" }>, entry: number, plain: boolean): number {
    const outer = this.writingOutBranchy;
    this.writingOutBranchy ||= !plain;
    try {
      let state = entry;
      for (let count = 0; count < node.min; count++) state = this.build(node.body, state);
      if (node.max === Infinity) {
        const id = this.loops++;
        const head = this.node();
        const body = this.node();
        this.edge(state, head);
        this.edge(head, body, undefined, "free", { id, role: "enter" });
        this.edge(this.build(node.body, body), head, undefined, "free", { id, role: "back" });
        const exit = this.node();
        this.edge(head, exit);
        return exit;
      }
      const exit = this.node();
      for (let count = node.min; count < node.max; count++) {
        this.edge(state, exit);
        state = this.build(node.body, state);
      }
      this.edge(state, exit);
      return exit;
    } finally {
      this.writingOutBranchy = outer;
    }
  }

  /**
   * Adds `node` after state `entry`; the state after it. `atRoot`: the node is the whole pattern,
   * where a lookaround after `^` and other zero-width items is tried at one position only.
   */
  build(node: PatternNode, entry: number, atRoot = false): number {
    switch (node.type) {
      case "empty":
        return entry;
      case "char":
      case "set": {
        const exit = this.node();
        this.edge(entry, exit, node.type === "char" ? [node.char, node.char] : charactersOf(node.source, this.unicode));
        this.origin[exit] = this.repetitions[0] ?? this.source.slice(node.start, node.end);
        return exit;
      }
      case "sequence": {
        let state = entry;
        let anchored = false;
        let zeroWidth = atRoot;
        for (const item of node.items) {
          if (item.type === "look") this.lookarounds.push({ node: item, fixed: zeroWidth && anchored });
          state = this.build(item, state);
          anchored ||= item.type === "assertion" && item.kind === "start";
          zeroWidth &&= item.type === "assertion" || item.type === "look";
        }
        return state;
      }
      case "group":
        return this.build(node.body, entry);
      case "alternation": {
        const exit = this.node();
        for (const item of node.items) {
          const start = this.node();
          this.edge(entry, start);
          this.edge(this.build(item, start), exit);
        }
        return exit;
      }
      case "repeat": {
        if (node.max === 0) return entry;
        this.repetitions.push(this.source.slice(node.start, node.end));
        try {
          if (node.max === 1) {
            const exit = this.build(node.body, entry);
            if (node.min === 0) this.edge(entry, exit);
            return exit;
          }
          const copies = node.max === Infinity ? node.min : node.max;
          const plain = isPlain(node.body);
          if ((plain && copies * atoms(node.body) <= MAX_WRITTEN_OUT) || (!plain && copies <= MAX_BRANCHY_COPIES && !this.writingOutBranchy)) {
            return this.writtenOut(node, entry, plain);
          }
          // Otherwise `{n,m}` is analysed as `{min(n,1)}` followed by `*`: more paths, never fewer. Past a
          // `{n,}` with n > 1 cut down so, the pattern has not matched yet: that exit is a condition.
          const before = node.min >= 1 ? this.build(node.body, entry) : entry;
          const id = this.loops++;
          const head = this.node();
          const body = this.node();
          this.edge(before, head);
          this.edge(head, body, undefined, "free", { id, role: "enter" });
          this.edge(this.build(node.body, body), head, undefined, "free", { id, role: "back" });
          const exit = this.node();
          this.edge(head, exit, undefined, node.min > 1 ? "assert" : "free");
          return exit;
        } finally {
          this.repetitions.pop();
        }
      }
      case "assertion": {
        const exit = this.node();
        this.edge(entry, exit, undefined, node.kind === "start" ? "start" : "assert");
        return exit;
      }
      case "look": {
        const exit = this.node();
        this.edge(entry, exit, undefined, "assert");
        if (!this.lookarounds.some((look) => look.node === node)) this.lookarounds.push({ node, fixed: false });
        return exit;
      }
      case "backreference": {
        const loop = this.node();
        this.edge(entry, loop);
        this.edge(loop, loop, ANY);
        this.origin[loop] = this.repetitions[0] ?? this.source.slice(node.start, node.end);
        return loop;
      }
    }
  }
}

/** A transition of the epsilon-free NFA: `count` is 2 when two distinct epsilon paths lead to it. */
interface Transition {
  to: number;
  set: Ranges;
  count: number;
}

class Analysis {
  private work = 0;

  constructor(
    private readonly source: string,
    private readonly unicode: boolean,
  ) {}

  private spend(amount = 1): void {
    this.work += amount;
    if (this.work > BUDGET) throw OVER_BUDGET;
  }

  run(root: PatternNode): BacktrackingRisk | undefined {
    const risks: BacktrackingRisk[] = [];
    const pending = [{ automaton: this.automaton(root, true) }];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const risk = this.ambiguity(next.automaton);
      if (risk !== undefined) risks.push(risk);
      for (const { node, fixed } of next.automaton.nfa.lookarounds) {
        // The body runs wherever the lookaround is tried, from there, and stops at its first match.
        pending.push({ automaton: this.automaton(node.body, false) });
        if (!fixed && hasLoop(node.body)) {
          risks.push({
            growth: "polynomial",
            cause: `the lookaround \`${this.source.slice(node.start, node.end)}\`, which scans the text again at every position it is tried`,
          });
        }
      }
    }
    return risks.find((risk) => risk.growth === "exponential") ?? risks[0];
  }

  /** The epsilon-free NFA of `root`, less its accepting states; with `search`, a match may begin at any position. */
  private automaton(root: PatternNode, search: boolean) {
    const nfa = new Nfa(this.source, this.unicode);
    const initial = nfa.node();
    const entry = nfa.node();
    nfa.edge(initial, entry);
    // Backtracking engines try the pattern at each position in turn: a prefix loop, as `[^]*?`.
    const prefix = search ? nfa.node() : -1;
    if (search) {
      nfa.edge(initial, prefix, ANY);
      nfa.edge(prefix, prefix, ANY);
      nfa.edge(prefix, entry);
    }
    const match = nfa.node();
    nfa.edge(nfa.build(root, entry, true), match);

    // Accepting: MATCH reachable by free epsilon moves alone, whatever the text around.
    const accepting = new Set([match]);
    for (let changed = true; changed;) {
      changed = false;
      nfa.edges.forEach((edges, from) => {
        if (!accepting.has(from) && edges.some((edge) => edge.set === undefined && edge.kind === "free" && accepting.has(edge.to))) {
          accepting.add(from);
          changed = true;
        }
      });
    }
    const states = [
      initial,
      ...(search ? [prefix] : []),
      ...nfa.edges.flatMap((edges) => edges.filter((edge) => edge.set !== undefined).map((edge) => edge.to)),
    ].filter((state, index, all) => all.indexOf(state) === index && !accepting.has(state));
    const transitions = new Map<number, Transition[]>();
    for (const state of states) transitions.set(state, this.transitionsFrom(nfa, state, state === initial, accepting));
    return { nfa, states, transitions, prefix };
  }

  /**
   * The character transitions reachable from `state` through epsilon moves, counting distinct
   * paths up to 2. A path may not end an iteration of a loop it began (backtracking engines
   * refuse an iteration that matched nothing, ECMAScript RepeatMatcher step 2.b), which also
   * keeps paths finite.
   */
  private transitionsFrom(nfa: Nfa, state: number, initial: boolean, accepting: ReadonlySet<number>): Transition[] {
    const paths = new Map<number, number>();
    const entered = new Set<number>();
    const visit = (node: number) => {
      this.spend();
      paths.set(node, Math.min(2, (paths.get(node) ?? 0) + 1));
      for (const edge of nfa.edges[node]!) {
        if (edge.set !== undefined || (edge.kind === "start" && !initial)) continue;
        if (edge.loop?.role === "back" && entered.has(edge.loop.id)) continue;
        const entering = edge.loop?.role === "enter" && !entered.has(edge.loop.id);
        if (entering) entered.add(edge.loop!.id);
        visit(edge.to);
        if (entering) entered.delete(edge.loop!.id);
      }
    };
    visit(state);
    const out: Transition[] = [];
    for (const [node, count] of paths) {
      for (const edge of nfa.edges[node]!) if (edge.set !== undefined && !accepting.has(edge.to)) out.push({ to: edge.to, set: edge.set, count });
    }
    return out;
  }

  private ambiguity(automaton: ReturnType<Analysis["automaton"]>): BacktrackingRisk | undefined {
    return this.exponential(automaton) ?? this.polynomial(automaton);
  }

  private describe(automaton: ReturnType<Analysis["automaton"]>, state: number): string {
    if (state === automaton.prefix) return "the search from every position (the pattern does not start with `^`)";
    const origin = automaton.nfa.origin[state];
    return origin === undefined ? "part of the pattern" : `\`${origin}\``;
  }

  /**
   * EDA: in NFA x NFA, a strongly connected component holding a pair (p, p) and a pair of distinct
   * transitions. A cycle through (p, p) projects to cycles through p, so each loop of the NFA (a
   * non-trivial component) is searched on its own, its pairs only.
   */
  private exponential(automaton: ReturnType<Analysis["automaton"]>): BacktrackingRisk | undefined {
    for (const component of this.loops(automaton)) {
      const risk = this.exponentialIn(automaton, new Set(component));
      if (risk !== undefined) return risk;
    }
    return undefined;
  }

  /** The NFA's strongly connected components that hold a cycle. */
  private loops(automaton: ReturnType<Analysis["automaton"]>): number[][] {
    const next = (state: number) => (automaton.transitions.get(state) ?? []).map((transition) => transition.to);
    return stronglyConnected(automaton.states, next).filter((component) => component.length > 1 || next(component[0]!).includes(component[0]!));
  }

  private exponentialIn(automaton: ReturnType<Analysis["automaton"]>, loop: ReadonlySet<number>): BacktrackingRisk | undefined {
    const { transitions } = automaton;
    const key = (a: number, b: number) => `${a},${b}`;
    const successors = new Map<string, Array<{ to: string; distinct: boolean }>>();
    const pairs = new Map<string, [number, number]>();
    const pending: Array<[number, number]> = [...loop].map((state) => [state, state]);
    for (const [a, b] of pending) pairs.set(key(a, b), [a, b]);
    while (pending.length > 0) {
      const [a, b] = pending.pop()!;
      const out: Array<{ to: string; distinct: boolean }> = [];
      for (const first of transitions.get(a) ?? []) {
        if (!loop.has(first.to)) continue;
        for (const second of transitions.get(b) ?? []) {
          this.spend();
          if (!loop.has(second.to) || intersection(first.set, second.set).length === 0) continue;
          const to = key(first.to, second.to);
          if (!pairs.has(to)) {
            pairs.set(to, [first.to, second.to]);
            pending.push([first.to, second.to]);
          }
          out.push({ to, distinct: first !== second || first.count > 1 });
        }
      }
      successors.set(key(a, b), out);
    }
    for (const component of stronglyConnected([...pairs.keys()], (node) => (successors.get(node) ?? []).map((edge) => edge.to))) {
      const members = new Set(component);
      const diagonal = component.find((node) => pairs.get(node)![0] === pairs.get(node)![1]);
      if (diagonal === undefined) continue;
      const pumps = component.some((node) => (successors.get(node) ?? []).some((edge) => edge.distinct && members.has(edge.to)));
      if (pumps)
        return {
          growth: "exponential",
          cause: `the repetition ${this.describe(automaton, pairs.get(diagonal)![0])}, which can match the same text in more than one way`,
        };
    }
    return undefined;
  }

  /** IDA: states p != q in distinct loops, with paths p->p, p->q and q->q on one word (in NFA x NFA x NFA). */
  private polynomial(automaton: ReturnType<Analysis["automaton"]>): BacktrackingRisk | undefined {
    const { transitions } = automaton;
    const next = (state: number) => (transitions.get(state) ?? []).map((transition) => transition.to);
    const components = this.loops(automaton);
    if (components.length < 2) return undefined;
    const componentOf = new Map<number, number>();
    components.forEach((component, index) => component.forEach((state) => componentOf.set(state, index)));
    const reachable = (from: number) => {
      const seen = new Set([from]);
      for (const pending = [from]; pending.length > 0;) {
        for (const to of next(pending.pop()!)) {
          if (seen.has(to)) continue;
          seen.add(to);
          pending.push(to);
        }
      }
      return seen;
    };
    for (const p of componentOf.keys()) {
      const c1 = componentOf.get(p)!;
      const fromP = reachable(p);
      for (const q of fromP) {
        const c2 = componentOf.get(q);
        if (c2 === undefined || c2 === c1) continue;
        if (this.threePaths(transitions, p, q, componentOf, c1, c2, fromP)) {
          return { growth: "polynomial", cause: `${this.describe(automaton, p)} followed by ${this.describe(automaton, q)}, which can match the same text` };
        }
      }
    }
    return undefined;
  }

  /** Whether (p, p, q) reaches (p, q, q) in NFA³, the first component kept in p's loop and the last in q's. */
  private threePaths(
    transitions: ReadonlyMap<number, Transition[]>,
    p: number,
    q: number,
    componentOf: ReadonlyMap<number, number>,
    c1: number,
    c2: number,
    middle: ReadonlySet<number>,
  ): boolean {
    const seen = new Set<string>([`${p},${p},${q}`]);
    const pending: Array<[number, number, number]> = [[p, p, q]];
    while (pending.length > 0) {
      const [x, y, z] = pending.pop()!;
      for (const first of transitions.get(x) ?? []) {
        if (componentOf.get(first.to) !== c1) continue;
        for (const second of transitions.get(y) ?? []) {
          if (!middle.has(second.to)) continue;
          const both = intersection(first.set, second.set);
          if (both.length === 0) continue;
          for (const third of transitions.get(z) ?? []) {
            this.spend();
            if (componentOf.get(third.to) !== c2 || intersection(both, third.set).length === 0) continue;
            if (first.to === p && second.to === q && third.to === q) return true;
            const key = `${first.to},${second.to},${third.to}`;
            if (!seen.has(key)) {
              seen.add(key);
              pending.push([first.to, second.to, third.to]);
            }
          }
        }
      }
    }
    return false;
  }
}

/** Counted repetitions of a plain body are written out up to this many characters; others are analysed as loops. */
const MAX_WRITTEN_OUT = 256;
/** Copies of a body with alternatives written out (`(25[0-5]|2[0-4]\d|1?\d?\d)\.){3}`); more are analysed as a loop. */
const MAX_BRANCHY_COPIES = 4;

/** A body that matches a text in one way at most: characters and classes in sequence, fixed repetitions of them. */
function isPlain(node: PatternNode): boolean {
  switch (node.type) {
    case "char":
    case "set":
    case "empty":
      return true;
    case "group":
      return isPlain(node.body);
    case "sequence":
      return node.items.every(isPlain);
    case "repeat":
      return node.min === node.max && isPlain(node.body);
    default:
      return false;
  }
}

/** Characters and classes a subpattern holds, repetitions written out (capped, for size checks). */
function atoms(node: PatternNode): number {
  switch (node.type) {
    case "char":
    case "set":
      return 1;
    case "group":
    case "look":
      return atoms(node.body);
    case "sequence":
    case "alternation":
      return node.items.reduce((sum, item) => Math.min(sum + atoms(item), 1e9), 0);
    case "repeat":
      return Math.min(atoms(node.body) * Math.max(node.min, node.max === Infinity ? 1 : node.max), 1e9);
    default:
      return 0;
  }
}

/** Whether a subpattern repeats without bound (as the analysis reads `{n,m}`: any m > 1). */
function hasLoop(node: PatternNode): boolean {
  switch (node.type) {
    case "repeat":
      return node.max > 1 || hasLoop(node.body);
    case "sequence":
    case "alternation":
      return node.items.some(hasLoop);
    case "group":
    case "look":
      return hasLoop(node.body);
    case "backreference":
      return true;
    default:
      return false;
  }
}

/** Tarjan's strongly connected components, iteratively (patterns can nest deep). */
function stronglyConnected<T>(nodes: readonly T[], next: (node: T) => readonly T[]): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const onStack = new Set<T>();
  const stack: T[] = [];
  const components: T[][] = [];
  let counter = 0;
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: T; successors: readonly T[]; position: number }> = [];
    const enter = (node: T) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, successors: next(node), position: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.position < frame.successors.length) {
        const successor = frame.successors[frame.position++]!;
        if (!index.has(successor)) enter(successor);
        else if (onStack.has(successor)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(successor)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: T[] = [];
        let member: T;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}
