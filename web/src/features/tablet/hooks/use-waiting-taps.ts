import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { sendWaitingTap } from '../api/send-waiting-tap';
import { useWaitingTapsStore } from '../stores/waiting-taps-store';
import { getErrorMessage } from '@/lib/api-client';
import { useConnectivityStore } from '@/stores/connectivity-store';
import { useTabletStore } from '@/stores/tablet-store';

/** While taps wait, the board tries to send them this often (besides when the network comes back). */
export const WAITING_RETRY_MS = 30_000;

interface SendOptions {
  /** After each tap sent: the board loads again (resolves once it has). */
  onSent: () => Promise<unknown>;
  /** The words for a refusal the server gave none for. */
  fallback: string;
}

/**
 * Sends the waiting taps in order, one at a time, each once: a tap sent
 * leaves the queue once the board shows it; one refused leaves it with the
 * server's words for the board; at the first that gets no answer the rest
 * wait for the next try. A send already under way is left to finish (it
 * takes the taps added meanwhile too).
 */
async function sendWaitingTaps(deviceToken: string, { onSent, fallback }: SendOptions): Promise<void> {
  const store = useWaitingTapsStore.getState;
  if (store().sending) return;
  store().setSending(true);
  try {
    for (let tap = store().taps[0]; tap; tap = store().taps[0]) {
      const outcome = await sendWaitingTap(deviceToken, tap);
      if (outcome.kind === 'later') return;
      if (outcome.kind === 'tabletRemoved') {
        // Nothing can go from here any more; the PINs are forgotten with the taps.
        store().clear();
        useTabletStore.getState().forgetTablet();
        return;
      }
      if (outcome.kind === 'refused') {
        store().refuse(tap, getErrorMessage(outcome.error, fallback));
      } else {
        // Kept until the board shows it sent, so that its card never offers it again meanwhile.
        await onSent();
        store().remove(tap.key);
      }
    }
  } finally {
    store().setSending(false);
  }
}

/**
 * The family board's queue of taps made offline: while any wait, they are
 * sent when the browser says the network is back ('online'), when an API
 * call is answered again after one got no answer (the connectivity store),
 * and every WAITING_RETRY_MS while the browser thinks it is online.
 */
export function useWaitingTaps(deviceToken: string, onSent: () => Promise<unknown>): void {
  const { t } = useTranslation('tablet');
  const waiting = useWaitingTapsStore((state) => state.taps.length > 0);
  const latest = useRef({ deviceToken, onSent, fallback: t('send.failed') });

  useEffect(() => {
    latest.current = { deviceToken, onSent, fallback: t('send.failed') };
  });

  useEffect(() => {
    if (!waiting) return undefined;
    const send = () => {
      const { deviceToken: token, ...options } = latest.current;
      void sendWaitingTaps(token, options);
    };
    const tick = () => {
      if (navigator.onLine) send();
    };
    const timer = setInterval(tick, WAITING_RETRY_MS);
    window.addEventListener('online', send);
    const unsubscribe = useConnectivityStore.subscribe((state, previous) => {
      if (previous.networkFailed && !state.networkFailed) send();
    });
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', send);
      unsubscribe();
    };
  }, [waiting]);
}
