import { create } from 'zustand';

/**
 * A chore a child sent from the board while the tablet had no network: what
 * it takes to send it later as the child would have (ADR 0119, "Offline
 * taps"). A photo chore never waits: its photo is too large to keep.
 */
export interface WaitingTap {
  /** The tap's idempotency key, made once at the tap and sent with every try; also its name in the queue. */
  key: string;
  childId: string;
  childName: string;
  choreId: string;
  choreName: string;
  /** The PIN the child entered: the server checks it when the tap goes (offline it could not). */
  pin: string;
  /** When the child tapped (ISO 8601): sent as the chore's completedAt. */
  completedAt: string;
}

/** A waiting tap the server refused when it went (a PIN changed meanwhile, the chore done already): shown until put away. */
export interface RefusedTap {
  key: string;
  childName: string;
  choreName: string;
  /** The server's words for the refusal. */
  message: string;
}

interface WaitingTapsState {
  /** The taps still to send, oldest first: they go in this order. */
  taps: WaitingTap[];
  refused: RefusedTap[];
  /** The queue is being sent: a second send waits for the next chance, so that each tap goes once at a time. */
  sending: boolean;
  add: (tap: WaitingTap) => void;
  /** The tap went (or can never go): it leaves the queue. */
  remove: (key: string) => void;
  /** The server refused the tap: it leaves the queue, and the board says why. */
  refuse: (tap: WaitingTap, message: string) => void;
  dismissRefusal: (key: string) => void;
  setSending: (sending: boolean) => void;
  /** Forgets every waiting tap (the tablet was removed). */
  clear: () => void;
}

/**
 * The board's taps waiting for the network, in memory only. Deliberately not
 * persisted (no localStorage, no IndexedDB): a waiting tap holds the child's
 * PIN, which must never be written to the tablet's disk. The price: a reload
 * (or a tablet turned off) while offline loses the taps still waiting, and
 * the children tap them again.
 */
export const useWaitingTapsStore = create<WaitingTapsState>()((set) => ({
  taps: [],
  refused: [],
  sending: false,
  add: (tap) => set((state) => ({ taps: [...state.taps, tap] })),
  remove: (key) => set((state) => ({ taps: state.taps.filter((tap) => tap.key !== key) })),
  refuse: (tap, message) =>
    set((state) => ({
      taps: state.taps.filter((waiting) => waiting.key !== tap.key),
      refused: [...state.refused, { key: tap.key, childName: tap.childName, choreName: tap.choreName, message }],
    })),
  dismissRefusal: (key) => set((state) => ({ refused: state.refused.filter((refusal) => refusal.key !== key) })),
  setSending: (sending) => set({ sending }),
  clear: () => set({ taps: [], refused: [] }),
}));
