/**
 * A heart pressed while signed out: the vehicle is remembered in this tab while the visitor logs in,
 * and saved once they are back signed in (the first heart or saved list that mounts takes it).
 */
const KEY = 'rentdrive.pendingFavourite';

export function rememberPendingFavourite(vehicleId: string): void {
  try {
    sessionStorage.setItem(KEY, vehicleId);
  } catch {
    // Storage refused (private mode, quota): the visitor presses the heart again after logging in.
  }
}

/** The remembered vehicle, forgotten as it is taken. */
export function takePendingFavourite(): string | null {
  try {
    const id = sessionStorage.getItem(KEY);
    if (id) sessionStorage.removeItem(KEY);
    return id;
  } catch {
    return null;
  }
}
