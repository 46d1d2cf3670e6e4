import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { sendAsChild } from '../api/send-as-child';
import { tabletRemoved, unlockTablet } from '../api/tablet-device';
import { useIdleTimeout } from '../hooks/use-idle-timeout';
import type { WaitingTap } from '../stores/waiting-taps-store';
import { PIN_LENGTH, PinPad } from './pin-pad';
import { logoutOnServer } from '@/api/logout';
import { Alert, Button, Dialog, Spinner } from '@/components/ui';
import { Field } from '@/components/ui/field';
import { PhotoPreview, isImage } from '@/components/ui/photo-preview';
import { paths } from '@/config/paths';
import { isOffline, useOffline } from '@/hooks/use-offline';
import { getErrorMessage } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { useTabletStore } from '@/stores/tablet-store';
import type { AuthResponse, TodayChore } from '@/types/api';
import { formatReward } from '@/utils/format';

/** A child as the board knows them: whether they have a PIN to sign in with here. */
export interface BoardChild {
  id: string;
  name: string;
  hasPin: boolean;
}

/** A tap on a chore: the chore, its time (sent as completedAt) and its key, the same for every try of the tap. */
export interface ChoreTap {
  kind: 'send';
  child: BoardChild;
  item: TodayChore;
  tappedAt: Date;
  idempotencyKey: string;
}

/** What a tap on the board asks of a child's PIN: send a chore, or open the child's own page. */
export type BoardAction = ChoreTap | { kind: 'own'; child: BoardChild };

/** A chore sent from the board (or kept to send when the network returns), for the celebration. */
export interface SentChore {
  childName: string;
  choreName: string;
  /** What it can earn, in the child's reward unit; null when it pays nothing (or is not known yet). */
  reward: string | null;
  /** Kept on the tablet, to be sent when it is back online. */
  waiting?: boolean;
}

export interface BoardPinDialogProps {
  deviceToken: string;
  action: BoardAction;
  onClose: () => void;
  onSent: (sent: SentChore) => void;
  /** The tablet is offline: the tap waits to be sent when the network returns. */
  onWaiting: (tap: WaitingTap) => void;
}

/**
 * The dialog a tap on the board opens. Sending a chore: a photo first when
 * the chore asks for one (the camera), then the child's PIN, which opens
 * their short session only to send the chore as done now; it ends at once.
 * "My page": the PIN opens the child's own session (their home). A child
 * without a PIN is told a parent sets it. Offline, a chore waits on the
 * tablet (with the PIN, unchecked until it goes), except a photo chore: the
 * photo is too large to keep, so the child is told to send it once the
 * tablet is back online. Left alone, it closes after the tablet's idle time,
 * for the next child.
 */
export function BoardPinDialog({ deviceToken, action, onClose, onSent, onWaiting }: BoardPinDialogProps) {
  const { t } = useTranslation('tablet');
  const { child } = action;
  const chore = action.kind === 'send' ? action.item.chore : null;
  const [step, setStep] = useState<'photo' | 'pin'>(chore?.requiresPhoto ? 'photo' : 'pin');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // The steps come back as they were (the photo kept) if the network returns while this shows.
  const photoOffline = useOffline() && chore?.requiresPhoto === true;

  useIdleTimeout(!busy, onClose);

  const title = chore
    ? chore.name
    : child.hasPin
      ? t('pin.title', { name: child.name })
      : t('board.myPageLabel', { name: child.name });
  const description = !child.hasPin || photoOffline
    ? undefined
    : step === 'photo'
      ? t('send.photoPrompt', { name: child.name })
      : chore
        ? t('send.pinPrompt', { name: child.name })
        : undefined;

  return (
    <Dialog open onClose={busy ? () => undefined : onClose} title={title} description={description}>
      {!child.hasPin ? (
        <div className="board-dialog">
          <p>{t('send.noPin', { name: child.name })}</p>
          <Button block onClick={onClose} data-autofocus>
            {t('send.ok')}
          </Button>
        </div>
      ) : photoOffline ? (
        <div className="board-dialog">
          <p>{t('send.photoOffline')}</p>
          <Button block onClick={onClose} data-autofocus>
            {t('send.ok')}
          </Button>
        </div>
      ) : step === 'photo' ? (
        <PhotoStep photo={photo} onChange={setPhoto} onNext={() => setStep('pin')} />
      ) : (
        <PinStep
          deviceToken={deviceToken}
          action={action}
          photo={photo}
          onBusy={setBusy}
          onBack={chore?.requiresPhoto ? () => setStep('photo') : undefined}
          onSent={onSent}
          onWaiting={onWaiting}
        />
      )}
    </Dialog>
  );
}

interface PhotoStepProps {
  photo: File | null;
  onChange: (photo: File | null) => void;
  onNext: () => void;
}

/** The camera (a file input that asks for the back camera), then Next: nothing goes on without a photo. */
function PhotoStep({ photo, onChange, onNext }: PhotoStepProps) {
  const { t } = useTranslation('tablet');
  const [error, setError] = useState<string | null>(null);
  const next = () => {
    if (!photo) setError(t('send.photoRequired'));
    else if (!isImage(photo)) setError(t('send.photoNotImage'));
    else onNext();
  };
  return (
    <div className="board-dialog">
      <Field label={t('send.photo')} hint={t('send.photoHint')} error={error ?? undefined}>
        {(control) => (
          <input
            className="field__input field__file"
            type="file"
            accept="image/*"
            capture="environment"
            name="photo"
            onChange={(event) => {
              setError(null);
              onChange(event.target.files?.[0] ?? null);
            }}
            {...control}
          />
        )}
      </Field>
      {photo && isImage(photo) && <PhotoPreview file={photo} alt={t('send.photoPreview')} />}
      <Button block onClick={next}>
        {t('send.next')}
      </Button>
    </div>
  );
}

interface PinStepProps {
  deviceToken: string;
  action: BoardAction;
  photo: File | null;
  onBusy: (busy: boolean) => void;
  onBack?: () => void;
  onSent: (sent: SentChore) => void;
  onWaiting: (tap: WaitingTap) => void;
}

/**
 * The child's PIN: four digits unlock at once, then send the chore (or open
 * their page). A chore that finds no network (offline already, or no answer
 * to the unlock or the send) waits on the tablet with the PIN entered.
 */
function PinStep({ deviceToken, action, photo, onBusy, onBack, onSent, onWaiting }: PinStepProps) {
  const { t } = useTranslation('tablet');
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const working = (value: boolean) => {
    setBusy(value);
    onBusy(value);
  };

  const failed = (text: string) => {
    setPin('');
    working(false);
    setError(text);
  };

  /** No network for the tap: it waits on the tablet (a photo chore cannot: its photo is not kept). */
  const noNetwork = (tap: ChoreTap, pin: string) => {
    if (tap.item.chore.requiresPhoto) {
      failed(t('send.photoOffline'));
      return;
    }
    onWaiting({
      key: tap.idempotencyKey,
      childId: tap.child.id,
      childName: tap.child.name,
      choreId: tap.item.chore.id,
      choreName: tap.item.chore.name,
      pin,
      completedAt: tap.tappedAt.toISOString(),
    });
  };

  /** The chore goes as the child with the tap's time and key, their session ending at once; then the celebration. */
  const send = async (session: AuthResponse, tap: ChoreTap, pin: string) => {
    try {
      const submission = await sendAsChild(session.token, {
        choreId: tap.item.chore.id,
        photo,
        completedAt: tap.tappedAt,
        idempotencyKey: tap.idempotencyKey,
      });
      const amount = submission.baseReward;
      onSent({
        childName: action.child.name,
        choreName: tap.item.chore.name,
        reward: amount > 0 ? formatReward(amount, session.user?.profile?.rewardDisplayType) : null,
      });
    } catch (failure) {
      // No answer: the server may have the chore or not; sent again with its key, it is made once.
      if (failure instanceof TypeError) noNetwork(tap, pin);
      else failed(getErrorMessage(failure, t('send.failed')));
    }
  };

  /** Today's tablet: the child's own session, on their home (replaced by the board's own pages next). */
  const openOwnPage = (session: AuthResponse) => {
    if (!session.user) {
      logoutOnServer(session.token);
      failed(t('pin.failed'));
      return;
    }
    useSessionStore.getState().setSession(session.token, session.user);
    useTabletStore.getState().setChildSession(true);
    void navigate(paths.home.getHref(), { replace: true });
  };

  const enter = async (value: string) => {
    setPin(value);
    if (value.length > 0) setError(null);
    if (value.length < PIN_LENGTH || busy) return;
    if (action.kind === 'send' && isOffline()) {
      noNetwork(action, value);
      return;
    }
    working(true);
    let session: AuthResponse;
    try {
      session = await unlockTablet(deviceToken, { childId: action.child.id, pin: value });
    } catch (failure) {
      if (tabletRemoved(failure)) {
        useTabletStore.getState().forgetTablet();
        return;
      }
      if (action.kind === 'send' && failure instanceof TypeError) noNetwork(action, value);
      else failed(getErrorMessage(failure, t('pin.failed')));
      return;
    }
    if (action.kind === 'send') await send(session, action, value);
    else openOwnPage(session);
  };

  return (
    <div className="board-dialog">
      {error && <Alert>{error}</Alert>}
      <PinPad value={pin} onChange={(value) => void enter(value)} disabled={busy} />
      {busy && <Spinner label={action.kind === 'send' ? t('send.sending') : t('pin.signingIn')} />}
      {onBack && (
        <Button variant="ghost" block onClick={onBack} disabled={busy}>
          {t('send.back')}
        </Button>
      )}
    </div>
  );
}
