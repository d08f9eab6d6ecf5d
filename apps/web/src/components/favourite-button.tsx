import { useLingui } from '@lingui/react/macro';
import '../i18n/more-messages';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { splitLocalePath, WebPaths } from '@rentdrive/contracts/web-paths';
import { errorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useSavedVehicles, useToggleFavourite, type VehicleCardLike } from '../lib/favourites';
import { rememberPendingFavourite, takePendingFavourite } from '../lib/pending-favourite';
import { useSession } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import { useToast } from './ui/toast';

export interface FavouriteButtonProps {
  vehicle: VehicleCardLike;
  /** 'Make Model', for the button's name. */
  name: string;
  /** On a card: a round heart over the photo; on the vehicle page: a button with 'Save' / 'Saved'. */
  variant?: 'card' | 'page';
}

/**
 * The heart: saves or forgets the vehicle for a signed-in user. A visitor is sent to log in, and the
 * vehicle is saved once they are back (see lib/pending-favourite.ts).
 *
 * Until the session is known, and for a visitor, a light heart (no saved list, no mutation): a
 * listing hydrates 24 of them, and each is rendered again when the page becomes interactive and
 * again when the session answers; with the saved list's query and the mutation in each, that was a
 * phone's longest task after hydration (docs/performance.md, "Phone main thread").
 */
export function FavouriteButton({ vehicle, name, variant = 'card' }: FavouriteButtonProps) {
  const isHydrated = useHydrated();
  const { user, isLoading } = useSession();
  if (isHydrated && user) return <MemberHeart vehicle={vehicle} name={name} variant={variant} />;
  // Usable once the page is interactive and knows who is signed in (a press before that would count as a visitor's).
  return <VisitorHeart vehicle={vehicle} name={name} variant={variant} disabled={!isHydrated || isLoading} />;
}

function VisitorHeart({ vehicle, name, variant, disabled }: Required<FavouriteButtonProps> & { disabled: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  function press() {
    rememberPendingFavourite(vehicle.id);
    toast.info(t`Log in to save vehicles. We will save this one for you.`);
    // The page to come back to, read at the press (the router's path, without the language prefix).
    const from = `${splitLocalePath(window.location.pathname).path}${window.location.search}`;
    void navigate(WebPaths.login, { state: { from } });
  }
  return <Heart name={name} variant={variant} isSaved={false} disabled={disabled} onPress={press} />;
}

function MemberHeart({ vehicle, name, variant }: Required<FavouriteButtonProps>) {
  const { t } = useLingui();
  const saved = useSavedVehicles();
  const toggle = useToggleFavourite();
  const toast = useToast();
  const isSaved = saved.data?.some((card) => card.id === vehicle.id) ?? false;
  function press() {
    toggle.mutate(
      { vehicle, save: !isSaved },
      {
        onSuccess: (state) => toast.success(state.saved ? t`${name} is saved.` : t`${name} was removed from your saved vehicles.`),
        onError: (error) => toast.error(errorMessage(error, t`The vehicle could not be saved. Please try again.`)),
      },
    );
  }
  return <Heart name={name} variant={variant} isSaved={isSaved} disabled={toggle.isPending} onPress={press} />;
}

function Heart({
  name,
  variant,
  isSaved,
  disabled,
  onPress,
}: {
  name: string;
  variant: FavouriteButtonProps['variant'];
  isSaved: boolean;
  disabled: boolean;
  onPress: () => void;
}) {
  const { t } = useLingui();
  const label = t`Save ${name}`;
  const heart = (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill={isSaved ? 'currentColor' : 'none'}>
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.7 3.7 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.3 0 5.5 3.2 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );

  if (variant === 'page') {
    return (
      <button
        type="button"
        onClick={onPress}
        aria-pressed={isSaved}
        disabled={disabled}
        className={cn(
          'inline-flex h-10 items-center justify-center gap-2 rounded-control border px-4 text-sm font-medium shadow-sm transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-60',
          isSaved ? 'border-red-300 bg-red-50 text-danger' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
        )}
      >
        {heart}
        {isSaved ? t`Saved` : t`Save`}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onPress}
      aria-pressed={isSaved}
      aria-label={label}
      title={label}
      disabled={disabled}
      className={cn(
        'absolute top-2 right-2 z-20 inline-flex size-10 items-center justify-center rounded-full bg-white/95 shadow-md transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:opacity-60',
        isSaved ? 'text-danger' : 'text-slate-700 hover:text-danger',
      )}
    >
      {heart}
    </button>
  );
}

/**
 * Saves the vehicle a visitor pressed the heart of before logging in, once they are signed in. Used
 * once per page (app/layouts/after-hydration.tsx, and the lists of saved and viewed vehicles), not by
 * each heart: a listing's 24 hearts each ran its session query, mutation, toast and language hooks,
 * and re-rendered them all when the session's answer came (docs/performance.md, "Phone main thread").
 */
export function useCompletePendingFavourite(): void {
  const { t } = useLingui();
  const { user } = useSession();
  const toggle = useToggleFavourite();
  const toast = useToast();
  const { mutate } = toggle;
  useEffect(() => {
    if (!user) return;
    const pending = takePendingFavourite();
    if (!pending) return;
    mutate(
      { vehicle: { id: pending }, save: true },
      {
        onSuccess: () => toast.success(t`The vehicle is saved. Find it under Saved in your profile.`),
        onError: (error) => toast.error(errorMessage(error, t`The vehicle could not be saved. Please try again.`)),
      },
    );
  }, [user, mutate, toast, t]);
}
